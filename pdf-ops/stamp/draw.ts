import { degrees as pdfDegrees, PDFDocument, StandardFonts, type PDFFont, type PDFPage } from "@cantoo/pdf-lib";
import { formatPageList } from "../../catalog/page-ranges.js";
import type { Said } from "../message.js";
import type { PageBox } from "../page-boxes.js";

/**
 * Stamps (watermarks, page numbers) are drawn once into a small PDF with pdf-lib and laid over the document with
 * qpdf's --overlay, on the server and in the browser alike. The original content stays byte for byte as it was.
 * qpdf fits an overlay page into the visible page (after /Rotate), so stamps are drawn at the visible size.
 */

/**
 * The bytes of DejaVu Sans (Debian's fonts-dejavu-core), regular or bold, for text Helvetica cannot encode: read
 * from the disk on the server, fetched with the worker's other assets in the browser.
 */
export type UnicodeFontSource = (bold: boolean) => Promise<Uint8Array>;

export interface StampFont {
  font: PDFFont;
  /** Height of capital letters as a fraction of the font size, for centring text vertically. */
  capHeight: number;
}

/** Helvetica where it covers every character (nothing to embed), else DejaVu Sans, subset to the glyphs used. */
export async function fontFor(doc: PDFDocument, texts: readonly string[], unicodeFont: UnicodeFontSource, bold = false): Promise<StampFont> {
  const standard = await doc.embedFont(bold ? StandardFonts.HelveticaBold : StandardFonts.Helvetica);
  // Helvetica's encoder replaces what it cannot encode with "?", so check coverage before trusting it.
  const covered = new Set(standard.getCharacterSet());
  const fits = texts.every((text) => [...text].every((ch) => covered.has(ch.codePointAt(0)!)));
  if (fits) return { font: standard, capHeight: 0.718 };
  // fontkit is large and only this case needs it: it loads here, in the browser as a chunk of its own.
  const [fontkit, bytes] = await Promise.all([import("fontkit"), unicodeFont(bold)]);
  doc.registerFontkit(fontkit);
  // fontkit shapes the text (joining forms, right-to-left order) when pdf-lib lays it out.
  return { font: await doc.embedFont(bytes, { subset: true }), capHeight: 0.729 };
}

export function hexToRgb(hex: string): { r: number; g: number; b: number } {
  const n = parseInt(hex.slice(1), 16);
  return { r: ((n >> 16) & 255) / 255, g: ((n >> 8) & 255) / 255, b: (n & 255) / 255 };
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

/** The placement as qpdf's --overlay takes it (see overlayArgs). */
export function overlayPairing(placement: StampPlacement): { to: string; from: string } {
  return { to: formatPageList(placement.targets), from: formatPageList(placement.stampPages) };
}

/** The document a stamping tool works on, as both places know it before they draw. */
export interface StampTarget {
  name: string;
  pageCount: number;
  /** Each page's visible size, read only when something is to be drawn. */
  boxes(): Promise<PageBox[]>;
}

/** What a stamping tool lays over the document, or nothing (`stamp` absent: the document is its own result). */
export interface StampPlan {
  stamp?: { doc: PDFDocument; placement: StampPlacement };
  name: string;
  message: Said;
}

/** The stamp as qpdf reads it: plain objects, which qpdf copies into the result as form XObjects. */
export function stampBytes(stamp: PDFDocument): Promise<Uint8Array> {
  return stamp.save({ useObjectStreams: false });
}
