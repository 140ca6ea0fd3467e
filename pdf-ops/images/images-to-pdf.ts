import { degrees, PDFDocument, type PDFImage, type PDFPage } from "@cantoo/pdf-lib";
import type { z } from "zod";
import type { imagesToPdfOptions } from "../../catalog/options/convert.js";
import { UserError } from "../errors.js";
import { MAX_EMBEDDED_PNG_PIXELS } from "../limits.js";
import { msg, toolName, type Message, type Said } from "../message.js";
import { stemOf } from "../names.js";
import { qualityNotApplied } from "../quality-note.js";
import { checkImageSize, imageSizeOfBytes } from "./image-size.js";

/**
 * JPG to PDF, shared by the server and the visitor's browser: one page per image, in upload order. JPEG bytes are
 * embedded as they are (the PDF decodes them with DCTDecode), so nothing is lost or re-encoded; PNG pixels are
 * stored with Flate, which is lossless, alpha included. Each side reads what the header alone does not say (and
 * checks that the image decodes) with what it has: `inspect`.
 */

export type ImagesToPdfOptions = z.infer<typeof imagesToPdfOptions>;

export interface ImageToPlace {
  name: string;
  kind: "jpeg" | "png";
  bytes: Uint8Array;
}

/** What `inspect` reads in an image; it throws imageUnreadable for one that does not decode whole. */
export interface ImageFacts {
  /** Pixels as stored, before the camera's orientation is applied. */
  width: number;
  height: number;
  /** Pixels per inch, where the file states them. */
  density?: number;
  /** EXIF orientation, 1 to 8. */
  orientation?: number;
  sixteenBit: boolean;
}

export type InspectImage = (image: ImageToPlace) => Promise<ImageFacts>;

export interface ImagesToPdfSteps {
  inspect: InspectImage;
  progress(fraction: number): void;
  /** Throws where the run was cancelled; asked before each image. */
  checkCancelled?(): void;
}

/** Page sizes in points, portrait. */
const PAGE_SIZES = { a4: [595.28, 841.89], letter: [612, 792] } as const;
/** The resolution assumed for an image that does not state one, as img2pdf and browsers do. */
const DEFAULT_DPI = 96;
/** EXIF orientation to the clockwise turn that shows the picture upright; 2, 4, 5 and 7 also mirror it. */
const EXIF_TURNS: Record<number, number> = { 1: 0, 2: 0, 3: 180, 4: 180, 5: 90, 6: 90, 7: 270, 8: 270 };

export function imageUnreadable(name: string): UserError {
  return new UserError(msg("images.unreadable", { name }), 422, "damaged");
}

export async function imagesToPdf(images: readonly ImageToPlace[], options: ImagesToPdfOptions, steps: ImagesToPdfSteps): Promise<{ name: string; data: Uint8Array; message: Said }> {
  const doc = await PDFDocument.create();
  const notes: Message[] = [];
  for (const [i, file] of images.entries()) {
    steps.checkCancelled?.();
    const { image, width, height, dpi, turn, mirrored, sixteenBit } = await embedImage(doc, file, steps.inspect);
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
    drawUpright(page, image, (pageW - drawnW) / 2, (pageH - drawnH) / 2, drawnW, drawnH, turn);
    steps.progress((i + 1) / images.length);
  }
  if (options.pageSize === "fit" && options.orientation !== "auto") notes.push(msg("jpgToPdf.orientationWithFit"));
  if (options.ocrEnabled) notes.push(msg("jpgToPdf.noOcr", { ocr: toolName("ocr-pdf") }));
  notes.push(...qualityNotApplied(options.quality, "embeddedUnchanged"));
  const made = options.pageSize === "fit" ? msg("jpgToPdf.madeFit", { count: images.length }) : msg("jpgToPdf.made", { count: images.length, size: options.pageSize === "a4" ? "A4" : "Letter" });
  return { name: `${stemOf(images[0]!.name)}.pdf`, data: await doc.save(), message: [made, ...notes] };
}

async function embedImage(doc: PDFDocument, file: ImageToPlace, inspect: InspectImage) {
  // Sizes are checked from the header, before anything decodes: a small file can declare a huge picture, and
  // decoding one takes seconds of CPU and gigabytes. pdf-lib decodes and deflates PNG pixels on one thread, so PNGs
  // have the lower limit.
  const { width, height } = checkImageSize(await imageSizeOfBytes(file.bytes), file.name);
  if (file.kind === "png" && width * height > MAX_EMBEDDED_PNG_PIXELS) {
    throw new UserError(
      msg("images.pngTooLarge", { name: file.name, megapixels: Math.round((width * height) / 1e6), limit: MAX_EMBEDDED_PNG_PIXELS / 1e6 }),
      413,
      "too_large",
    );
  }
  const facts = await inspect(file);
  let image: PDFImage;
  try {
    image = file.kind === "jpeg" ? await doc.embedJpg(file.bytes) : await doc.embedPng(file.bytes);
  } catch {
    throw imageUnreadable(file.name);
  }
  const orientation = facts.orientation ?? 1;
  const density = facts.density && facts.density >= 30 && facts.density <= 2400 ? facts.density : DEFAULT_DPI;
  return {
    image,
    width: facts.width,
    height: facts.height,
    dpi: density,
    turn: EXIF_TURNS[orientation] ?? 0,
    mirrored: [2, 4, 5, 7].includes(orientation),
    sixteenBit: facts.sixteenBit,
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
function drawUpright(page: PDFPage, image: PDFImage, x: number, y: number, w: number, h: number, turn: number): void {
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
