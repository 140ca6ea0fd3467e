import fs from "node:fs/promises";
import path from "node:path";
import { degrees, PDFDocument, type PDFImage } from "@cantoo/pdf-lib";
import sharp, { type Metadata } from "sharp";
import type { z } from "zod";
import type { imagesToPdfOptions } from "../../catalog/options/convert.js";
import { AbortedError, UserError } from "../errors.js";
import { MAX_EMBEDDED_PNG_PIXELS, MAX_IMAGE_PIXELS } from "../lib/content-limits.js";
import { stemOf } from "../../pdf-ops/names.js";
import { checkImageSize, imageSizeOfBytes } from "../lib/image-size.js";
import type { InputFile, Processor } from "../work/types.js";
import { qualityNotApplied } from "../convert/quality-note.js";
import { msg, toolName, type Message } from "../i18n/message.js";

type ImagesToPdfOptions = z.infer<typeof imagesToPdfOptions>;

/** Page sizes in points, portrait. */
const PAGE_SIZES = { a4: [595.28, 841.89], letter: [612, 792] } as const;
/** The resolution assumed for an image that does not state one, as img2pdf and browsers do. */
const DEFAULT_DPI = 96;

/**
 * One page per image, in upload order. JPEG bytes are embedded as they are (the PDF decodes them with DCTDecode),
 * so nothing is lost or re-encoded; PNG pixels are stored with Flate, which is lossless, alpha included.
 */
export const jpgToPdf: Processor<ImagesToPdfOptions> = async ({ files, options }, ctx) => {
  const doc = await PDFDocument.create();
  const notes: Message[] = [];
  for (const [i, file] of files.entries()) {
    if (ctx.signal?.aborted) throw new AbortedError();
    const { image, width, height, dpi, turn, mirrored, sixteenBit } = await embedImage(doc, file);
    if (mirrored) notes.push(msg("jpgToPdf.mirrored", { name: file.name }));
    if (sixteenBit) notes.push(msg("jpgToPdf.sixteenBit", { name: file.name }));
    // A quarter turn swaps the image's upright width and height.
    const [w, h] = turn % 180 === 0 ? [width, height] : [height, width];
    const natural: [number, number] = [(w * 72) / dpi, (h * 72) / dpi];
    const [pageW, pageH] = pageSizeFor(options, natural);
    const page = doc.addPage([pageW, pageH]);
    const m = options.margin;
    const scale = Math.min((pageW - 2 * m) / natural[0], (pageH - 2 * m) / natural[1]);
    if (scale <= 0) throw new UserError(msg("images.marginTooLarge"));
    const [drawnW, drawnH] = [natural[0] * scale, natural[1] * scale];
    const x = (pageW - drawnW) / 2;
    const y = (pageH - drawnH) / 2;
    drawUpright(page, image, x, y, drawnW, drawnH, turn);
    ctx.progress((i + 1) / files.length);
  }
  const out = path.join(ctx.workDir, "images.pdf");
  await fs.writeFile(out, await doc.save());
  if (options.pageSize === "fit" && options.orientation !== "auto") {
    notes.push(msg("jpgToPdf.orientationWithFit"));
  }
  if (options.ocrEnabled) notes.push(msg("jpgToPdf.noOcr", { ocr: toolName("ocr-pdf") }));
  notes.push(...qualityNotApplied(options.quality, "embeddedUnchanged"));
  const made = options.pageSize === "fit" ? msg("jpgToPdf.madeFit", { count: files.length }) : msg("jpgToPdf.made", { count: files.length, size: options.pageSize === "a4" ? "A4" : "Letter" });
  return { files: [{ path: out, name: `${stemOf(files[0]!.name)}.pdf` }], message: [made, ...notes] };
};

interface EmbeddedImage {
  image: PDFImage;
  /** Pixels as stored, before the camera's orientation is applied. */
  width: number;
  height: number;
  dpi: number;
  /** Clockwise degrees that stand the image upright (EXIF orientation). */
  turn: number;
  mirrored: boolean;
  sixteenBit: boolean;
}

/** EXIF orientation to the clockwise turn that shows the picture upright; 2, 4, 5 and 7 also mirror it. */
const EXIF_TURNS: Record<number, number> = { 1: 0, 2: 0, 3: 180, 4: 180, 5: 90, 6: 90, 7: 270, 8: 270 };

async function embedImage(doc: PDFDocument, file: InputFile): Promise<EmbeddedImage> {
  const bytes = await fs.readFile(file.path);
  const damaged = () => new UserError(msg("images.unreadable", { name: file.name }), 422, "damaged");
  // Sizes are checked from the header, before anything decodes: a small file can declare a huge picture, and
  // decoding one takes seconds of CPU and gigabytes. PNG pixels are decoded and deflated by pdf-lib on the server's
  // main thread, so PNGs have the lower limit.
  const { width, height } = checkImageSize(await imageSizeOfBytes(bytes), file.name);
  if (file.kind === "png" && width * height > MAX_EMBEDDED_PNG_PIXELS) {
    throw new UserError(
      msg("images.pngTooLarge", { name: file.name, megapixels: Math.round((width * height) / 1e6), limit: MAX_EMBEDDED_PNG_PIXELS / 1e6 }),
      413,
      "too_large",
    );
  }
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
  } catch {
    throw damaged();
  }
  if (!meta.width || !meta.height) throw damaged();
  try {
    // A full decode: JPEG bytes go into the PDF unchecked, so a truncated file must be caught here.
    await sharp(bytes, { failOn: "truncated", limitInputPixels: MAX_IMAGE_PIXELS }).stats();
  } catch {
    throw damaged();
  }
  let image: PDFImage;
  try {
    image = file.kind === "jpeg" ? await doc.embedJpg(bytes) : await doc.embedPng(bytes);
  } catch {
    throw damaged();
  }
  const orientation = meta.orientation ?? 1;
  const density = meta.density && meta.density >= 30 && meta.density <= 2400 ? meta.density : DEFAULT_DPI;
  return {
    image,
    width: meta.width,
    height: meta.height,
    dpi: density,
    turn: EXIF_TURNS[orientation] ?? 0,
    mirrored: [2, 4, 5, 7].includes(orientation),
    sixteenBit: meta.depth === "ushort",
  };
}

function pageSizeFor(options: ImagesToPdfOptions, natural: [number, number]): [number, number] {
  if (options.pageSize === "fit") return [natural[0] + 2 * options.margin, natural[1] + 2 * options.margin];
  const [short, long] = PAGE_SIZES[options.pageSize];
  const landscape = options.orientation === "landscape" || (options.orientation === "auto" && natural[0] > natural[1]);
  return landscape ? [long, short] : [short, long];
}

/**
 * Draws the stored pixels so that they appear turned clockwise by `turn` degrees inside the box (x, y, w, h).
 * pdf-lib rotates counter-clockwise about the image's lower-left corner, so the corner is moved to compensate.
 */
function drawUpright(page: ReturnType<PDFDocument["addPage"]>, image: PDFImage, x: number, y: number, w: number, h: number, turn: number): void {
  switch (turn) {
    case 90:
      page.drawImage(image, { x, y: y + h, width: h, height: w, rotate: degrees(-90) });
      break;
    case 180:
      page.drawImage(image, { x: x + w, y: y + h, width: w, height: h, rotate: degrees(180) });
      break;
    case 270:
      page.drawImage(image, { x: x + w, y, width: h, height: w, rotate: degrees(90) });
      break;
    default:
      page.drawImage(image, { x, y, width: w, height: h });
  }
}
