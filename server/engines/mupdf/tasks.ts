import { createHash } from "node:crypto";
import fs from "node:fs";
import * as mupdf from "mupdf";
import { repairTasks } from "./repair-tasks.js";
import { ocrTasks } from "./ocr-tasks.js";
import { annotateTasks } from "./annotate-tasks.js";
import { flattenTasks } from "./flatten-tasks.js";
import { metadataTasks } from "./metadata-tasks.js";
import { cropTasks } from "./crop-tasks.js";
import { blankTasks } from "./blank-tasks.js";
import { nUpTasks } from "./n-up-tasks.js";
import { sanitizeTasks } from "./sanitize-tasks.js";
import { redactTasks } from "./redact-tasks.js";
import { compareTasks } from "./compare-tasks.js";
import { visibleBoxes, type PageBox } from "../../../pdf-ops/page-boxes.js";
import { openPdf, removeDocumentMetadata, savePdf as save } from "./documents.js";
import { convertTasks } from "./convert-tasks.js";
import { cidTrueTypeOutlines, trimSubsetCidFonts } from "./cid-font-trim.js";
import { pageText } from "../../../pdf-ops/mupdf-text.js";
import type { OutlineNode } from "../../../pdf-ops/outline.js";
import { outlineOf, replaceOutline } from "../../../pdf-ops/mupdf-outline.js";
import { looksGrey, toGrey } from "../../../pdf-ops/grey-pixels.js";

/**
 * Work done with MuPDF, run inside a worker thread (see pool.ts). Tasks take and return plain data; files go by
 * path so that large documents never cross the thread boundary.
 */

export type { PageBox };

/**
 * How an image was stored, for the reply: the first that applies of JPEG 2000, CCITT fax code, a stencil mask (1 bit
 * a pixel, painted in the current colour), 1 bit a pixel, CMYK, 16 bits a channel, a palette, JPEG, and anything else
 * (Flate, LZW, uncompressed).
 */
export type StoredImageKind = "jpeg2000" | "ccitt" | "stencil" | "1-bit" | "cmyk" | "16-bit" | "palette" | "jpeg" | "lossless";

/** An image whose decoded pixels were written to rawPath, packed rows of `channels` bytes a pixel. */
export interface ImageToResample {
  xref: number;
  /** Other image objects with the same stream and dictionary (a logo copied onto every page): replaced alike. */
  sameAs: number[];
  kind: StoredImageKind;
  /** The image has a soft mask (/SMask), which keeps its values beside the re-encoded colours. */
  softMask: boolean;
  /**
   * The soft mask's decoded values (8-bit grey) where it has the image's own size, so that it can be resampled with
   * the image; a mask of another size stays as it is.
   */
  mask?: SoftMaskPixels;
  /** Every pixel is black or white (a 1-bit scan, or one stored in more bits): it is encoded as CCITT G4. */
  bilevel: boolean;
  /** A stencil mask (/ImageMask true): its pixels are written as grey, black where the page paints. */
  stencil: boolean;
  rawPath: string;
  width: number;
  height: number;
  channels: number;
  /** The estimated resolution at which the image is shown. */
  dpi: number;
  /** Whether the image's own colour space (grey, RGB or an ICC profile of either) still describes the pixels. */
  keepColorSpace: boolean;
  /** The size of the image's stream as stored now. */
  storedBytes: number;
  /**
   * Set instead of decoded pixels (rawPath is then not written): the image's JPEG stream as stored, for a decoder
   * that decodes at a fraction of the size. Only for JPEGs whose pixels need no more than the JPEG says (see
   * storedJpeg).
   */
  jpegPath?: string;
}

export interface CollectImagesArgs {
  input: string;
  /** The upload before its inline images were moved into objects (see collectImages). */
  beforeInline?: string;
  outDir: string;
  minPixels: number;
  maxPixels: number;
  /** JPEGs shown at least twice these resolutions are handed back as stored, not decoded (see storedJpeg). */
  storedJpegAbove?: { grayDpi: number; colorDpi: number };
  /**
   * Hand back nothing where the pages draw an image that is no image object of theirs (an inline image, as a
   * rule): the caller moves inline images into objects first and asks again.
   */
  stopAtInlineImages?: boolean;
}

export interface SoftMaskPixels {
  xref: number;
  rawPath: string;
  width: number;
  height: number;
  storedBytes: number;
}

/** A resampled soft mask: Flate-compressed rows, each led by its PNG filter byte (/Predictor 15), 8-bit grey. */
export interface SoftMaskReplacement {
  xref: number;
  dataPath: string;
  width: number;
  height: number;
}

export interface ImageReplacement {
  xref: number;
  /** Copies of the same image: every reference to them is pointed at xref, and they are dropped on saving. */
  sameAs: number[];
  /** A JPEG file, or a CCITT G4 stream (K -1, white as 0 bits) of width × height 1-bit pixels. */
  encoding: "jpeg" | "ccitt-g4";
  dataPath: string;
  width: number;
  height: number;
  keepColorSpace: boolean;
  /** The image stays a stencil mask: no colour space, black in the pixels where the page paints. */
  stencil: boolean;
  mask?: SoftMaskReplacement;
}

/**
 * Runs every page through a device that only records where images are drawn, and gives each image's lowest
 * resolution in pixels per inch. MuPDF loads an image object once and hands the same fz_image to the device and to
 * loadImage, so images are matched by that pointer; the loaded images are kept alive so that no pointer is reused.
 */
function placedResolutions(doc: mupdf.PDFDocument): {
  resolutionOf(ref: mupdf.PDFObject): number | undefined;
  /** Whether the pages draw an image that is none of `refs`: an inline image, or one only an annotation draws. */
  drawsOtherImages(refs: readonly mupdf.PDFObject[]): boolean;
} {
  const lowest = new Map<number, number>();
  const keep: mupdf.Image[] = [];
  const device = new mupdf.Device({
    fillImage(image: mupdf.Image, ctm: mupdf.Matrix) {
      const widthInches = Math.hypot(ctm[0], ctm[1]) / 72;
      const heightInches = Math.hypot(ctm[2], ctm[3]) / 72;
      if (widthInches <= 0 || heightInches <= 0) return;
      const dpi = Math.max(image.getWidth() / widthInches, image.getHeight() / heightInches);
      keep.push(image);
      const seen = lowest.get(image.pointer);
      if (seen === undefined || dpi < seen) lowest.set(image.pointer, dpi);
    },
  });
  try {
    for (let i = 0, n = doc.countPages(); i < n; i++) doc.loadPage(i).run(device, mupdf.Matrix.identity);
  } finally {
    device.close();
  }
  const load = (ref: mupdf.PDFObject) => {
    try {
      const image = doc.loadImage(ref);
      keep.push(image);
      return image;
    } catch {
      return undefined;
    }
  };
  return {
    resolutionOf(ref) {
      const image = load(ref);
      return image && lowest.get(image.pointer);
    },
    drawsOtherImages(refs) {
      const known = new Set<number | undefined>(refs.map((ref) => load(ref)?.pointer));
      return [...lowest.keys()].some((pointer) => !known.has(pointer));
    },
  };
}

/** The embedded font programs (FontFile, FontFile2, FontFile3 streams), each counted once however many fonts use it. */
function fontPrograms(doc: mupdf.PDFDocument): number {
  const programs = new Set<number>();
  for (let num = 1, n = doc.countObjects(); num < n; num++) {
    // Read through the reference: a resolve()d wrapper drops a reference it does not own when it is collected,
    // and the object then goes missing from the saved file.
    const obj = doc.newIndirect(num);
    if (!obj.isDictionary()) continue;
    const type = obj.get("Type");
    if (!type.isName() || type.asName() !== "FontDescriptor") continue;
    for (const key of ["FontFile", "FontFile2", "FontFile3"]) {
      const program = obj.get(key);
      if (program.isStream()) programs.add(program.asIndirect());
    }
  }
  return programs.size;
}

function filtersOf(obj: mupdf.PDFObject): string[] {
  const filter = obj.get("Filter");
  const list = filter.isArray() ? Array.from({ length: filter.length }, (_, i) => filter.get(i)) : [filter];
  return list.filter((f) => f.isName()).map((f) => f.asName());
}

function colorSpaceFamily(obj: mupdf.PDFObject): string | undefined {
  const cs = obj.get("ColorSpace");
  if (cs.isName()) return cs.asName();
  if (cs.isArray() && cs.get(0).isName()) return cs.get(0).asName();
  return undefined;
}

/** Palettes of fewer colours are drawings and charts, which JPEG would blur; larger ones hold photos. */
const MIN_PHOTO_PALETTE = 64;

/**
 * Images that a lossy JPEG re-encoding suits: photos and scans of 8 or 16 bits a channel (JPEG 2000 too), with or
 * without a soft mask, and palettes of many colours. Stencil masks, 1-bit images, colour-keyed images, small
 * palettes and bilevel scans (JBIG2, CCITT: already far smaller than any JPEG) are left alone, as are JPEG 2000
 * images carrying their own transparency and soft masks with a /Matte (colours blended with the mask's backdrop).
 */
function isLossyCandidate(obj: mupdf.PDFObject): boolean {
  if (obj.get("ImageMask").isBoolean() && obj.get("ImageMask").asBoolean()) return false;
  if (obj.get("BitsPerComponent").isNumber() && obj.get("BitsPerComponent").asNumber() < 8) return false;
  if (obj.get("Mask").isArray()) return false;
  const filters = filtersOf(obj);
  if (filters.some((f) => f === "JBIG2Decode" || f === "CCITTFaxDecode")) return false;
  if (filters.includes("JPXDecode") && obj.get("SMaskInData").isNumber() && obj.get("SMaskInData").asNumber() !== 0) return false;
  if (obj.get("SMask").isStream() && !obj.get("SMask").get("Matte").isNull()) return false;
  const cs = obj.get("ColorSpace");
  if (colorSpaceFamily(obj) === "Indexed") return cs.get(2).isNumber() && cs.get(2).asNumber() + 1 >= MIN_PHOTO_PALETTE;
  return true;
}

function isBilevelScan(obj: mupdf.PDFObject): boolean {
  return filtersOf(obj).some((f) => f === "JBIG2Decode" || f === "CCITTFaxDecode");
}

function isStencilMask(obj: mupdf.PDFObject): boolean {
  return obj.get("ImageMask").isBoolean() && obj.get("ImageMask").asBoolean();
}

/**
 * 1-bit images and stencil masks that CCITT G4 can hold pixel for pixel: stored plainly (Flate, LZW, uncompressed)
 * or in an older CCITT code (kept unless G4 is smaller). JBIG2 is left alone: it is smaller than G4. Colour-keyed
 * images keep their own meaning of the bits; which of the rest decode to black and white only is seen once decoded.
 */
function isBilevelCandidate(obj: mupdf.PDFObject): boolean {
  const stencil = isStencilMask(obj);
  if (!stencil && (!obj.get("BitsPerComponent").isNumber() || obj.get("BitsPerComponent").asNumber() !== 1)) return false;
  if (obj.get("Mask").isArray()) return false;
  return !filtersOf(obj).includes("JBIG2Decode");
}

/** True when every value is 0 or 255: black-and-white pixels, however many bits they were stored in. */
function onlyBlackAndWhite(grey: Uint8Array): boolean {
  for (let i = 0; i < grey.length; i++) if (grey[i] !== 0 && grey[i] !== 255) return false;
  return true;
}

/** Colour spaces that a JPEG with the same number of channels is read in directly. */
const JPEG_READY_SPACES = new Set(["DeviceGray", "DeviceRGB", "CalGray", "CalRGB", "ICCBased"]);

function storedKind(obj: mupdf.PDFObject, pixmap: mupdf.Pixmap): StoredImageKind {
  const filters = filtersOf(obj);
  if (filters.includes("JPXDecode")) return "jpeg2000";
  if (filters.includes("CCITTFaxDecode")) return "ccitt";
  if (isStencilMask(obj)) return "stencil";
  if (obj.get("BitsPerComponent").isNumber() && obj.get("BitsPerComponent").asNumber() === 1) return "1-bit";
  if (pixmap.getColorSpace()?.isCMYK()) return "cmyk";
  if (obj.get("BitsPerComponent").isNumber() && obj.get("BitsPerComponent").asNumber() === 16) return "16-bit";
  if (colorSpaceFamily(obj) === "Indexed") return "palette";
  if (filters.includes("DCTDecode")) return "jpeg";
  return "lossless";
}

/**
 * The image as its stored JPEG, where the JPEG alone says what the pixels are and they will be at least halved:
 * a DCT stream under no other filter or decode parameters, 8-bit DeviceGray or DeviceRGB, no /Decode array. Such
 * images are the bulk of scanned documents, and decoding them at full size is most of compression's time. An RGB
 * scan that turns out grey is measured against the higher of the two resolutions (grey's), so that either fits.
 */
function storedJpeg(doc: mupdf.PDFDocument, obj: mupdf.PDFObject, xref: number, dpi: number, args: CollectImagesArgs): ImageToResample | undefined {
  if (!args.storedJpegAbove) return undefined;
  const filter = obj.get("Filter");
  const dct = filter.isName() ? filter.asName() === "DCTDecode" : filter.isArray() && filter.length === 1 && filter.get(0).isName() && filter.get(0).asName() === "DCTDecode";
  if (!dct || !obj.get("DecodeParms").isNull() || !obj.get("Decode").isNull() || isStencilMask(obj)) return undefined;
  if (!obj.get("BitsPerComponent").isNumber() || obj.get("BitsPerComponent").asNumber() !== 8) return undefined;
  const space = obj.get("ColorSpace");
  const channels = space.isName() && space.asName() === "DeviceGray" ? 1 : space.isName() && space.asName() === "DeviceRGB" ? 3 : undefined;
  if (!channels) return undefined;
  const { grayDpi, colorDpi } = args.storedJpegAbove;
  const wanted = channels === 1 ? grayDpi : Math.max(grayDpi, colorDpi);
  if (dpi < 2 * wanted) return undefined;
  const width = obj.get("Width").asNumber();
  const height = obj.get("Height").asNumber();
  const stored = obj.readRawStream();
  const jpegPath = `${args.outDir}/image-${xref}.jpg`;
  fs.writeFileSync(jpegPath, stored.asUint8Array());
  return {
    xref,
    sameAs: [],
    kind: "jpeg",
    softMask: obj.get("SMask").isStream(),
    mask: softMaskPixels(doc, obj, width, height, args.outDir),
    bilevel: false,
    stencil: false,
    rawPath: `${args.outDir}/image-${xref}.raw`,
    width,
    height,
    channels,
    dpi,
    keepColorSpace: true,
    storedBytes: stored.length,
    jpegPath,
  };
}

/**
 * Decodes one image with MuPDF and writes its pixels (8-bit grey or RGB) to outDir; undefined for an image that is
 * left as it is (MuPDF cannot decode it, it carries its own transparency, or a 1-bit image is not black and white).
 */
function decodedImage(doc: mupdf.PDFDocument, obj: mupdf.PDFObject, xref: number, dpi: number, outDir: string): ImageToResample | undefined {
  let pixmap: mupdf.Pixmap;
  try {
    pixmap = doc.loadImage(obj).toPixmap();
  } catch {
    return undefined; // An image MuPDF cannot decode is left exactly as it was.
  }
  const stencil = isStencilMask(obj);
  // Transparency inside the image itself (a JPEG 2000 alpha channel) has no place in a JPEG; a stencil mask
  // decodes to nothing but coverage, taken as grey below.
  if (pixmap.getAlpha() && !stencil) return undefined;
  const kind = storedKind(obj, pixmap);
  const space = pixmap.getColorSpace();
  const components = pixmap.getNumberOfComponents();
  // The image's own colour space (an ICC profile, say) still describes the JPEG's pixels only when it is one a
  // JPEG is read in and the pixels are in it; a palette's, CMYK's, Lab's or JPEG 2000's own are replaced.
  const keepColorSpace =
    (components === 1 || components === 3) && JPEG_READY_SPACES.has(colorSpaceFamily(obj) ?? "") && !filtersOf(obj).includes("JPXDecode");
  if (!stencil && !(space?.isGray() || space?.isRGB())) pixmap = pixmap.convertToColorSpace(mupdf.ColorSpace.DeviceRGB, false);
  // A stencil's one sample a pixel is its coverage (255 where the page paints): inverted, painted is black.
  const channels = stencil ? 1 : pixmap.getNumberOfComponents();
  const w = pixmap.getWidth();
  const h = pixmap.getHeight();
  const stride = pixmap.getStride();
  const samples = pixmap.getPixels();
  const packed = Buffer.alloc(w * h * channels);
  for (let y = 0; y < h; y++) packed.set(samples.subarray(y * stride, y * stride + w * channels), y * w * channels);
  if (stencil) for (let i = 0; i < packed.length; i++) packed[i] = 255 - packed[i]!;
  // Scanners often store grey pages as colour: one channel instead of three is a third of the pixels.
  const grey = channels === 3 && looksGrey(packed) ? toGrey(packed) : undefined;
  const bilevel = (grey !== undefined || channels === 1) && onlyBlackAndWhite(grey ?? packed);
  // A 1-bit image in colours other than black and white (a two-colour palette) has no better encoding here.
  if (isBilevelCandidate(obj) && !bilevel) return undefined;
  const rawPath = `${outDir}/image-${xref}.raw`;
  fs.writeFileSync(rawPath, grey ?? packed);
  return {
    xref,
    sameAs: [],
    kind,
    softMask: obj.get("SMask").isStream(),
    mask: softMaskPixels(doc, obj, w, h, outDir),
    bilevel,
    stencil,
    rawPath,
    width: w,
    height: h,
    channels: grey ? 1 : channels,
    dpi,
    keepColorSpace: grey || bilevel ? false : keepColorSpace,
    storedBytes: obj.readRawStream().length,
  };
}

/** The same image stored twice: equal streams and equal dictionary entries that shape the pixels. */
function identityOf(obj: mupdf.PDFObject): string {
  const hash = createHash("sha256").update(obj.readRawStream().asUint8Array());
  for (const key of ["Width", "Height", "BitsPerComponent", "ColorSpace", "Filter", "DecodeParms", "Decode", "SMask", "Mask", "SMaskInData"]) {
    hash.update(`/${key} ${obj.get(key).toString()}`);
  }
  return hash.digest("hex");
}

/**
 * Calls back for each image object in the pages' resources and in those of the forms they use (to a depth of 8),
 * with the name it has there and the page's longest side in inches.
 */
function forEachPageImage(doc: mupdf.PDFDocument, onImage: (ref: mupdf.PDFObject, name: string, pageInches: number) => void): void {
  const visit = (resources: mupdf.PDFObject, pageInches: number, depth: number) => {
    const xobjects = resources.get("XObject");
    if (!xobjects.isDictionary() || depth > 8) return;
    xobjects.forEach((ref, name) => {
      if (!ref.isIndirect()) return;
      const subtype = ref.get("Subtype");
      if (subtype.isName() && subtype.asName() === "Form") {
        const inner = ref.get("Resources");
        if (inner.isDictionary()) visit(inner, pageInches, depth + 1);
        return;
      }
      if (subtype.isName() && subtype.asName() === "Image") onImage(ref, String(name), pageInches);
    });
  };
  for (let i = 0, n = doc.countPages(); i < n; i++) {
    const [x0, y0, x1, y1] = doc.loadPage(i).getBounds();
    const resources = doc.findPage(i).getInheritable("Resources");
    if (resources.isDictionary()) visit(resources, Math.max(x1 - x0, y1 - y0) / 72, 0);
  }
}

/**
 * Points every reference to an object in `to`'s keys at the object it maps to, in every dictionary and array of the
 * document (nested direct ones included), so that the copies are no longer used and are dropped on saving. MuPDF's
 * deduplication does not merge image streams that were rewritten, so copies are merged here.
 */
function repointReferences(doc: mupdf.PDFDocument, to: ReadonlyMap<number, number>): void {
  const visit = (container: mupdf.PDFObject, depth: number) => {
    if (depth > 32) return;
    const changes: Array<[number | string, number]> = [];
    container.forEach((value, key) => {
      if (value.isIndirect()) {
        const target = to.get(value.asIndirect());
        if (target !== undefined) changes.push([key, target]);
      } else if (value.isDictionary() || value.isArray()) {
        visit(value, depth + 1);
      }
    });
    for (const [key, target] of changes) container.put(key, doc.newIndirect(target));
  };
  for (let num = 1, n = doc.countObjects(); num < n; num++) {
    const obj = doc.newIndirect(num);
    if (obj.isDictionary() || obj.isArray()) visit(obj, 0);
  }
}

/** The names qpdf gives the image objects it makes of inline images: IIm1, IIm2, … */
const EXTERNALIZED_NAME = /^IIm\d+$/;

/** How many image objects the pages use under those names. */
function externalizedImages(doc: mupdf.PDFDocument): number {
  const objects = new Set<number>();
  forEachPageImage(doc, (ref, name) => {
    if (EXTERNALIZED_NAME.test(name)) objects.add(ref.asIndirect());
  });
  return objects.size;
}

/** The soft mask's values written to outDir, where it is a grey image of the image's own size MuPDF can decode. */
function softMaskPixels(doc: mupdf.PDFDocument, image: mupdf.PDFObject, width: number, height: number, outDir: string): SoftMaskPixels | undefined {
  const mask = image.get("SMask");
  if (!mask.isStream() || !mask.isIndirect()) return undefined;
  if (mask.get("Width").asNumber() !== width || mask.get("Height").asNumber() !== height) return undefined;
  let pixmap: mupdf.Pixmap;
  try {
    pixmap = doc.loadImage(mask).toPixmap();
  } catch {
    return undefined;
  }
  if (pixmap.getAlpha() || !pixmap.getColorSpace()?.isGray() || pixmap.getWidth() !== width || pixmap.getHeight() !== height) return undefined;
  const stride = pixmap.getStride();
  const samples = pixmap.getPixels();
  const packed = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) packed.set(samples.subarray(y * stride, y * stride + width), y * width);
  const xref = mask.asIndirect();
  const rawPath = `${outDir}/mask-${xref}.raw`;
  fs.writeFileSync(rawPath, packed);
  return { xref, rawPath, width, height, storedBytes: mask.readRawStream().length };
}

type Progress = (fraction: number) => void;

export const tasks = {
  ...repairTasks,
  ...ocrTasks,
  ...annotateTasks,
  ...flattenTasks,
  ...metadataTasks,
  ...cropTasks,
  ...blankTasks,
  ...nUpTasks,
  ...sanitizeTasks,
  ...redactTasks,
  ...compareTasks,

  ...convertTasks,
  /** Proves the library loads and can build a document (for the health check). */
  probe(_args: Record<string, never>) {
    const doc = new mupdf.PDFDocument();
    return { ok: doc.countPages() === 0 };
  },

  /** Opens with MuPDF's repairing parser and writes a clean copy. */
  repair(args: { input: string; output: string }) {
    const doc = openPdf(args.input);
    const pageCount = doc.countPages();
    save(doc, args.output, "garbage=compact,compress");
    return { pageCount, wasRepaired: doc.wasRepaired() };
  },

  /**
   * Opens an encrypted file with MuPDF's repairing parser and the given password and writes it decrypted: the
   * fallback when qpdf cannot read a damaged encrypted file. authenticated is MuPDF's answer (0: wrong password).
   */
  unlockWithPassword(args: { input: string; output: string; password: string; keepMetadata: boolean }) {
    const doc = mupdf.Document.openDocument(fs.readFileSync(args.input), "application/pdf").asPDF();
    if (!doc) throw new Error("not a PDF document");
    const authenticated = doc.needsPassword() ? doc.authenticatePassword(args.password) : 1;
    if (authenticated === 0) return { authenticated, pageCount: 0 };
    if (!args.keepMetadata) {
      doc.getTrailer().delete("Info");
      doc.getTrailer().get("Root").delete("Metadata");
    }
    save(doc, args.output, "decrypt,garbage=compact,compress");
    return { authenticated, pageCount: doc.countPages() };
  },

  /**
   * Finds the images worth recompressing and writes each one's decoded pixels (8-bit grey or RGB) to outDir, so
   * that the main thread can resample and encode them, with the lowest resolution at which any page shows each
   * (the largest placement decides how many pixels are needed). Identical copies are decoded once. Which images
   * are left alone is said at isLossyCandidate and isBilevelCandidate; bilevelScans counts the images stored as
   * JBIG2 or CCITT, whether or not they are among those handed back. Where input is qpdf's copy of `beforeInline`
   * with inline images moved into objects, inlineMoved says how many moved. With stopAtInlineImages, a document
   * whose pages draw inline images gets stoppedAtInlineImages and nothing else, before any image is decoded.
   */
  collectImages(args: CollectImagesArgs): {
    images: ImageToResample[];
    bilevelScans: number;
    inlineMoved: number;
    stoppedAtInlineImages: boolean;
  } {
    const doc = openPdf(args.input);
    const externalized = externalizedImages(doc);
    // qpdf's names may be in the file already (qpdf wrote it before): only new ones count.
    const inlineMoved = externalized > 0 && args.beforeInline ? externalized - externalizedImages(openPdf(args.beforeInline)) : 0;
    const found = new Map<number, { obj: mupdf.PDFObject; dpi: number }>();
    const shown = placedResolutions(doc);
    forEachPageImage(doc, (ref, _name, pageInches) => {
      const obj = ref; // get() reads through the reference; see fontPrograms for why not resolve().
      const longest = Math.max(obj.get("Width").asNumber(), obj.get("Height").asNumber());
      // Where the page content draws the image, its real resolution is known; otherwise (an image used only in
      // an annotation, say) it is estimated as if it filled the page.
      const dpi = shown.resolutionOf(ref) ?? longest / pageInches;
      const seen = found.get(ref.asIndirect());
      if (!seen || seen.dpi > dpi) found.set(ref.asIndirect(), { obj, dpi });
    });
    if (args.stopAtInlineImages && shown.drawsOtherImages([...found.values()].map((f) => f.obj))) {
      return { images: [], bilevelScans: 0, inlineMoved: 0, stoppedAtInlineImages: true };
    }
    const images: ImageToResample[] = [];
    const byIdentity = new Map<string, ImageToResample>();
    let bilevelScans = 0;
    for (const [xref, { obj, dpi }] of found) {
      if (isBilevelScan(obj)) bilevelScans++;
      if (!isBilevelCandidate(obj) && !isLossyCandidate(obj)) continue;
      const width = obj.get("Width").asNumber();
      const height = obj.get("Height").asNumber();
      // Tiny images are not worth a lossy step; giant ones (a decompression bomb, often) are not decoded at all.
      if (width * height < args.minPixels || width * height > args.maxPixels) continue;
      const identity = identityOf(obj);
      const twin = byIdentity.get(identity);
      if (twin) {
        // Decoded once, keeping as many pixels as the largest placement of any copy needs.
        twin.sameAs.push(xref);
        twin.dpi = Math.min(twin.dpi, dpi);
        continue;
      }
      const image = storedJpeg(doc, obj, xref, dpi, args) ?? decodedImage(doc, obj, xref, dpi, args.outDir);
      if (!image) continue;
      byIdentity.set(identity, image);
      images.push(image);
    }
    return { images, bilevelScans, inlineMoved: Math.max(0, inlineMoved), stoppedAtInlineImages: false };
  },

  /**
   * One image decoded as collectImages does when it does not hand the JPEG back as stored: for a stored JPEG the
   * other decoder refused. Undefined where the image is left as it is.
   */
  decodeImage(args: { input: string; xref: number; dpi: number; outDir: string }): ImageToResample | undefined {
    const doc = openPdf(args.input);
    return decodedImage(doc, doc.newIndirect(args.xref), args.xref, args.dpi, args.outDir);
  },

  /**
   * Puts recompressed images in place of the originals (only those that came out smaller), subsets the fonts and
   * writes the document with unused and duplicate objects dropped.
   */
  replaceImages(args: { input: string; output: string; replacements: ImageReplacement[]; subsetFonts: boolean }) {
    const doc = openPdf(args.input);
    let replaced = 0;
    const copies = new Map<number, number>();
    for (const r of args.replacements) {
      const data = fs.readFileSync(r.dataPath);
      const fax = r.encoding === "ccitt-g4";
      // A JPEG says itself how many channels it has; a G4 stream is always one.
      const components = fax ? 1 : new mupdf.Image(data).getNumberOfComponents();
      for (const copy of r.sameAs) copies.set(copy, r.xref);
      const obj = doc.newIndirect(r.xref);
      obj.writeRawStream(data);
      obj.put("Filter", doc.newName(fax ? "CCITTFaxDecode" : "DCTDecode"));
      obj.delete("DecodeParms");
      if (fax) {
        const parms = doc.newDictionary();
        parms.put("K", -1);
        parms.put("Columns", r.width);
        parms.put("Rows", r.height);
        obj.put("DecodeParms", parms);
      }
      obj.delete("Decode");
      obj.delete("SMaskInData");
      obj.put("Width", r.width);
      obj.put("Height", r.height);
      obj.put("BitsPerComponent", fax ? 1 : 8);
      if (!r.keepColorSpace && !r.stencil) obj.put("ColorSpace", doc.newName(components === 1 ? "DeviceGray" : "DeviceRGB"));
      replaced += 1 + r.sameAs.length;
      if (r.mask) {
        const mask = doc.newIndirect(r.mask.xref);
        mask.writeRawStream(fs.readFileSync(r.mask.dataPath));
        mask.put("Filter", doc.newName("FlateDecode"));
        const parms = doc.newDictionary();
        parms.put("Predictor", 15);
        parms.put("Colors", 1);
        parms.put("BitsPerComponent", 8);
        parms.put("Columns", r.mask.width);
        mask.put("DecodeParms", parms);
        mask.delete("Decode");
        mask.put("Width", r.mask.width);
        mask.put("Height", r.mask.height);
        mask.put("BitsPerComponent", 8);
        mask.put("ColorSpace", doc.newName("DeviceGray"));
      }
    }
    if (copies.size > 0) repointReferences(doc, copies);
    const programsBefore = fontPrograms(doc);
    let fontsSubset = false;
    if (args.subsetFonts && programsBefore > 0) {
      try {
        const outlines = cidTrueTypeOutlines(doc);
        doc.subsetFonts();
        fontsSubset = true;
        trimSubsetCidFonts(doc, outlines);
      } catch {
        // A font MuPDF cannot subset stays whole; the rest of the compression still applies.
      }
    }
    save(doc, args.output, "garbage=deduplicate,compress");
    // Copies of one font (each merged-in file bringing its own) are merged by subsetting and deduplication: what
    // is left is counted in the saved file.
    const programsAfter = programsBefore > 1 ? fontPrograms(openPdf(args.output)) : programsBefore;
    return { replaced, fontsSubset, fontCopiesDropped: Math.max(0, programsBefore - programsAfter) };
  },

  /** Removes the document information dictionary and the XMP metadata, rewriting the whole file. */
  stripMetadata(args: { input: string; output: string }) {
    const doc = openPdf(args.input);
    removeDocumentMetadata(doc);
    save(doc, args.output, "garbage=compact,compress");
  },

  /**
   * The visible size of each page's box: the trim box is what qpdf fits overlays into, the crop box is what
   * viewers show and annotations are placed on.
   */
  pageBoxes(args: { input: string; box?: "TrimBox" | "CropBox" }): { pages: PageBox[] } {
    return { pages: visibleBoxes(openPdf(args.input), args.box) };
  },

  /**
   * Text in reading order, one form feed after each page, as pdftotext does; emptyPages are the zero-based pages
   * that gave none (a scan, a blank page).
   */
  extractText(args: { input: string; output: string; pages?: number[]; reflow?: boolean }, progress: Progress) {
    const doc = openPdf(args.input);
    const count = doc.countPages();
    const pages = args.pages ?? Array.from({ length: count }, (_, i) => i);
    const fd = fs.openSync(args.output, "w");
    let characters = 0;
    const emptyPages: number[] = [];
    try {
      pages.forEach((index, i) => {
        const finalText = pageText(doc, index, args.reflow === true);
        characters += finalText.length;
        if (finalText === "") emptyPages.push(index);
        fs.writeSync(fd, finalText + "\n\f");
        if (i % 10 === 9) progress((i + 1) / pages.length);
      });
    } finally {
      fs.closeSync(fd);
    }
    return { pageCount: pages.length, characters, emptyPages };
  },

  /**
   * Page count and bookmarks of several files in one call: merging twenty files asks once, not twenty times, and
   * MuPDF reads only the page tree and the outline of a file it opens, not the pages themselves.
   */
  inspectDocuments(args: { inputs: string[] }): { documents: Array<{ pageCount: number; outline: OutlineNode[] }> } {
    return {
      documents: args.inputs.map((input) => {
        const doc = openPdf(input);
        return { pageCount: doc.countPages(), outline: outlineOf(doc) };
      }),
    };
  },

  readOutline(args: { input: string }): { outline: OutlineNode[] } {
    return { outline: outlineOf(openPdf(args.input)) };
  },

  /** Replaces the outline; written as an incremental update, so the pages are not rewritten. */
  writeOutline(args: { input: string; output: string; outline: OutlineNode[] }) {
    const doc = openPdf(args.input);
    replaceOutline(doc, args.outline);
    save(doc, args.output, "incremental");
  },
};

export type TaskName = keyof typeof tasks;
export type TaskArgs<T extends TaskName> = Parameters<(typeof tasks)[T]>[0];
export type TaskResult<T extends TaskName> = ReturnType<(typeof tasks)[T]>;
