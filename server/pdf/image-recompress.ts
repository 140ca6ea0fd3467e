import fs from "node:fs/promises";
import path from "node:path";
import sharp, { type JpegOptions } from "sharp";
import type { ImageReplacement, ImageToResample, SoftMaskReplacement, StoredImageKind } from "../engines/mupdf/tasks.js";
import type { DecodedPixels } from "../engines/djpeg.js";
import { encodeG4 } from "./ccitt-g4.js";

/**
 * Resamples and re-encodes images that MuPDF decoded: photos and grey scans with libvips (Lanczos) and mozjpeg,
 * which makes JPEGs about a tenth smaller than classic libjpeg at the same quality; black-and-white scans as CCITT
 * G4, pixel for pixel unless a resolution for them is set. Runs on libuv's thread pool, off the event loop.
 */

/**
 * Grey images get their own, higher resolution (as Ghostscript's GrayImageResolution does): in PDFs they are mostly
 * scanned text, whose legibility depends on resolution far more than a photo's looks do.
 */
export interface ImageTarget {
  /** The highest resolution kept for colour images, in pixels per inch of the page. */
  colorDpi: number;
  /** The same for grey images. */
  grayDpi: number;
  /** The same for black-and-white images; without it they keep every pixel. */
  monoDpi?: number;
  /** mozjpeg quality, 1 to 100. */
  quality: number;
  /**
   * mozjpeg's trellis quantisation and progressive scan search: about a sixth fewer bytes for two and a half times
   * the encoding time. Without them the encoder still uses mozjpeg's quantisation tables and optimal Huffman codes,
   * which keep most of its advantage over classic libjpeg at libjpeg's speed.
   */
  thorough: boolean;
}

export interface RecompressedImage extends ImageReplacement {
  kind: StoredImageKind;
  softMask: boolean;
  bytes: number;
  storedBytes: number;
  downsampled: boolean;
}

/** Black-and-white images are resampled only when above their target resolution by this factor. */
const MONO_RESAMPLE_ABOVE = 1.25;

/** Images are only swapped when the new encoding saves at least this share of their bytes. */
const MIN_SAVING = 0.1;

/**
 * The image's size once resampled for `target`: `channels` is that of the pixels it is made from (a colour image
 * found grey is held to the grey resolution).
 */
export function resampledSize(image: ImageToResample, target: ImageTarget, channels: number): { width: number; height: number } {
  const dpi = image.bilevel ? (target.monoDpi ?? Infinity) : channels === 1 ? target.grayDpi : target.colorDpi;
  // Thresholding black and white again redraws every edge: only worth it well above the target (as Ghostscript's
  // DownsampleThreshold), never for a 300-dpi scan that measures 300.1.
  const scale = image.bilevel && image.dpi < dpi * MONO_RESAMPLE_ABOVE ? 1 : Math.min(1, dpi / image.dpi);
  return { width: Math.max(1, Math.round(image.width * scale)), height: Math.max(1, Math.round(image.height * scale)) };
}

/** Encodes the image from `pixels`: its own decoded pixels, or fewer of them (a JPEG decoded at reduced size). */
export async function recompressImage(image: ImageToResample, pixels: DecodedPixels, target: ImageTarget, outDir: string): Promise<RecompressedImage | undefined> {
  const { width, height } = resampledSize(image, target, pixels.channels);
  const encoded = image.bilevel
    ? await faxFile(pixels.data, image, width, height, outDir)
    : await jpegFile(pixels, image, width, height, target, outDir);
  if (encoded.bytes > image.storedBytes * (1 - MIN_SAVING)) return undefined;
  // A soft mask as large as the image it masks is resampled with it: kept whole, it can outweigh the new image.
  const downsampled = width < image.width || height < image.height;
  const mask = image.mask && downsampled ? await resampledMask(image.mask, width, height, outDir) : undefined;
  return {
    xref: image.xref,
    sameAs: image.sameAs,
    kind: image.kind,
    softMask: image.softMask,
    ...encoded,
    width,
    height,
    // A colour image whose pixels came out grey is no longer in its colour space.
    keepColorSpace: image.keepColorSpace && pixels.channels === image.channels,
    stencil: image.stencil,
    ...(mask ? { mask } : {}),
    storedBytes: image.storedBytes,
    downsampled,
  };
}

type Encoded = Pick<RecompressedImage, "encoding" | "dataPath" | "bytes">;

async function jpegFile(pixels: DecodedPixels, image: ImageToResample, width: number, height: number, target: ImageTarget, outDir: string): Promise<Encoded> {
  const dataPath = path.join(outDir, `image-${image.xref}-new.jpg`);
  // Raw pixels carry no header, so sharp takes them as a buffer with their geometry beside it.
  let pipeline = sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: pixels.channels } });
  if (width !== pixels.width || height !== pixels.height) pipeline = pipeline.resize(width, height, { kernel: "lanczos3", fit: "fill" });
  if (pixels.channels === 1) pipeline = pipeline.toColourspace("b-w");
  const settings: JpegOptions = target.thorough ? { mozjpeg: true } : { quantisationTable: 3, optimiseCoding: true };
  const info = await pipeline.jpeg({ quality: target.quality, ...settings }).toFile(dataPath);
  return { encoding: "jpeg", dataPath, bytes: info.size };
}

async function faxFile(pixels: Buffer, image: ImageToResample, width: number, height: number, outDir: string): Promise<Encoded> {
  const dataPath = path.join(outDir, `image-${image.xref}.g4`);
  const { data } = await encodeG4(pixels, image, width, height);
  await fs.writeFile(dataPath, data);
  return { encoding: "ccitt-g4", dataPath, bytes: data.length };
}

/**
 * The soft mask resampled to the new image's size, kept lossless: libvips writes it as a PNG, whose zlib stream of
 * rows, each led by the filter that suits it, is what PDF reads with /Predictor 15. Undefined where that is not
 * smaller than the mask stored now.
 */
async function resampledMask(mask: NonNullable<ImageToResample["mask"]>, width: number, height: number, outDir: string): Promise<SoftMaskReplacement | undefined> {
  const png = await sharp(await fs.readFile(mask.rawPath), { raw: { width: mask.width, height: mask.height, channels: 1 } })
    .resize(width, height, { kernel: "lanczos3", fit: "fill" })
    .toColourspace("b-w")
    .png({ compressionLevel: 9, adaptiveFiltering: true, palette: false })
    .toBuffer();
  await fs.rm(mask.rawPath, { force: true });
  const data = pngImageData(png);
  if (!data || data.length >= mask.storedBytes) return undefined;
  const dataPath = path.join(outDir, `mask-${mask.xref}.zlib`);
  await fs.writeFile(dataPath, data);
  return { xref: mask.xref, dataPath, width, height };
}

/** The PNG's IDAT chunks joined (one zlib stream), where it is 8-bit grey and not interlaced; otherwise undefined. */
function pngImageData(png: Buffer): Buffer | undefined {
  const SIGNATURE = 8;
  // IHDR comes first: width, height, then bit depth, colour type, compression, filter and interlace bytes.
  if (png.length < SIGNATURE + 25 || png.toString("latin1", SIGNATURE + 4, SIGNATURE + 8) !== "IHDR") return undefined;
  const [depth, colourType, , , interlace] = png.subarray(SIGNATURE + 16, SIGNATURE + 21);
  if (depth !== 8 || colourType !== 0 || interlace !== 0) return undefined;
  const parts: Buffer[] = [];
  for (let at = SIGNATURE; at + 12 <= png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString("latin1", at + 4, at + 8);
    if (at + 12 + length > png.length) return undefined;
    if (type === "IDAT") parts.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  return parts.length > 0 ? Buffer.concat(parts) : undefined;
}
