import fs from "node:fs/promises";
import path from "node:path";
import * as fontkit from "fontkit";
import { degrees as pdfDegrees, PDFDocument, StandardFonts, type PDFFont, type PDFPage } from "@cantoo/pdf-lib";
import { formatPageList } from "../../catalog/page-ranges.js";
import { overlay } from "../engines/qpdf.js";
import { EngineError } from "../engines/process-runner.js";
import { failedWith } from "../errors.js";
import { runMupdf } from "../engines/mupdf/pool.js";
import { everyPage, popplerVisibleTrimBoxes } from "../engines/poppler-page-boxes.js";
import type { PageBox } from "../engines/mupdf/tasks.js";
import type { ProcessorContext } from "../work/types.js";
import { withContentRebuilt } from "./pdf-input.js";

/**
 * Stamps (watermarks, page numbers) are drawn once into a small PDF with pdf-lib and laid over the document with
 * qpdf. The original content stays byte for byte as it was, and a 500-page file costs a few milliseconds a page.
 * qpdf fits an overlay page into the visible page (after /Rotate), so stamps are drawn at the visible size.
 */

/** Fonts with wide Unicode coverage from Debian's fonts-dejavu-core, for text Helvetica cannot encode. */
const UNICODE_FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
const UNICODE_BOLD_FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf";

export interface StampFont {
  font: PDFFont;
  /** Height of capital letters as a fraction of the font size, for centring text vertically. */
  capHeight: number;
}

/** Helvetica where it covers every character (nothing to embed), else DejaVu Sans, subset to the glyphs used. */
export async function fontFor(doc: PDFDocument, texts: readonly string[], bold = false): Promise<StampFont> {
  const standard = await doc.embedFont(bold ? StandardFonts.HelveticaBold : StandardFonts.Helvetica);
  // Helvetica's encoder replaces what it cannot encode with "?", so check coverage before trusting it.
  const covered = new Set(standard.getCharacterSet());
  const fits = texts.every((text) => [...text].every((ch) => covered.has(ch.codePointAt(0)!)));
  if (fits) return { font: standard, capHeight: 0.718 };
  doc.registerFontkit(fontkit);
  const bytes = await fs.readFile(bold ? UNICODE_BOLD_FONT : UNICODE_FONT);
  // fontkit shapes the text (joining forms, right-to-left order) when pdf-lib lays it out.
  return { font: await doc.embedFont(bytes, { subset: true }), capHeight: 0.729 };
}

export function hexToRgb(hex: string): { r: number; g: number; b: number } {
  const n = parseInt(hex.slice(1), 16);
  return { r: ((n >> 16) & 255) / 255, g: ((n >> 8) & 255) / 255, b: (n & 255) / 255 };
}

/**
 * The size of each page's trim box as it is seen, which qpdf fits a stamp page into: from pdfinfo, a short program
 * run, where it reads every page; from MuPDF otherwise, whose process of the job's own costs far more to start.
 */
export async function visiblePageBoxes(pdf: { path: string; pageCount: number }, ctx: ProcessorContext): Promise<PageBox[]> {
  const read = everyPage(await popplerVisibleTrimBoxes(pdf.path, pdf.pageCount, ctx), pdf.pageCount);
  return read ?? (await runMupdf("pageBoxes", { input: pdf.path }, ctx)).pages;
}

/**
 * Draws `text` so that the centre of its box lands on (cx, cy), turned by `degrees` counter-clockwise around that
 * centre. pdf-lib rotates around the text origin, so the origin is moved back by the rotated half-extent.
 */
export function drawCenteredText(
  page: PDFPage,
  text: string,
  font: StampFont,
  size: number,
  cx: number,
  cy: number,
  degrees: number,
  style: Omit<NonNullable<Parameters<PDFPage["drawText"]>[1]>, "x" | "y" | "size" | "font" | "rotate">,
): void {
  const width = font.font.widthOfTextAtSize(text, size);
  const halfHeight = (font.capHeight * size) / 2;
  const rad = (degrees * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  const dx = (width / 2) * cos - halfHeight * sin;
  const dy = (width / 2) * sin + halfHeight * cos;
  page.drawText(text, {
    ...style,
    x: cx - dx,
    y: cy - dy,
    size,
    font: font.font,
    rotate: pdfDegrees(degrees),
  });
}

/** The box a piece of text takes once turned, for placing it against the page edges. */
export function rotatedExtent(width: number, height: number, degrees: number): { width: number; height: number } {
  const rad = (degrees * Math.PI) / 180;
  const cos = Math.abs(Math.cos(rad));
  const sin = Math.abs(Math.sin(rad));
  return { width: width * cos + height * sin, height: width * sin + height * cos };
}

export interface StampPlacement {
  /** One-based document pages that receive a stamp, ascending. */
  targets: number[];
  /** For each target, the one-based stamp page laid over it. */
  stampPages: number[];
}

/**
 * Overlays stamp pages onto document pages in one qpdf pass. qpdf turns each stamp page into one form XObject
 * however many pages it covers, so a watermark shared by 500 pages is stored once.
 */
export async function applyStamps(
  input: string,
  stamp: PDFDocument,
  placement: StampPlacement,
  output: string,
  ctx: ProcessorContext,
): Promise<void> {
  const stampPath = path.join(ctx.workDir, `stamp-${path.basename(output)}`);
  await fs.writeFile(stampPath, await stamp.save({ useObjectStreams: false }));
  const pairing = { to: formatPageList(placement.targets), from: formatPageList(placement.stampPages) };
  try {
    await overlay(input, stampPath, output, ctx, pairing);
  } catch (err) {
    // qpdf must parse a page's content to lay a stamp over it, and gives up on a stream whose data is damaged;
    // MuPDF's rewrite keeps what of it still decodes.
    if (!(failedWith(err, "damaged") && err.cause instanceof EngineError && /errors while decoding content stream/.test(err.cause.stderr))) throw err;
    await overlay(await withContentRebuilt(input, ctx), stampPath, output, ctx, pairing);
  }
}
