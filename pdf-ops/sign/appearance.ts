import { degrees, rgb, type PDFDocument, type PDFFont, type PDFImage, type PDFPage } from "@cantoo/pdf-lib";
import type { SignOptions } from "../../catalog/options/sign.js";
import { parseColor } from "../colors.js";
import { msg, type Message } from "../message.js";
import { fontFor, type UnicodeFontSource } from "../stamp/draw.js";
import { SCRIPT_FONTS, type ScriptSubset } from "./fonts.js";

/**
 * The visible signature, drawn with pdf-lib into a stamp page the size of the document page, the same on the server
 * and in the browser.
 */

/** Where the fonts come from: files on the server, the worker's assets in the browser. */
export interface SignatureFonts {
  script(font: SignOptions["typedFont"], subset: ScriptSubset): Promise<Uint8Array>;
  unicode: UnicodeFontSource;
}

/** What the signature shows: an image (drawn or uploaded) or a name typed in a script font. */
export type SignatureMark = { kind: "image"; bytes: Uint8Array; format: "png" | "jpeg" } | { kind: "text"; text: string };

/** The box on the page as seen, in points from the bottom-left corner. */
export interface SignatureBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Where the signature goes: its top-left corner at signatureX and signatureY percent of the page as seen, the box
 * signatureWidth by signatureHeight points, moved back inside the page where it would stick out.
 */
export function placeSignature(options: SignOptions, pageWidth: number, pageHeight: number): SignatureBox {
  const width = Math.min(options.signatureWidth, pageWidth);
  const height = Math.min(options.signatureHeight, pageHeight);
  const left = Math.min(Math.max(0, (options.signatureX / 100) * pageWidth), pageWidth - width);
  const top = Math.min(Math.max(0, (options.signatureY / 100) * pageHeight), pageHeight - height);
  return { x: left, y: pageHeight - top - height, width, height };
}

/** The name in the chosen script font, or in DejaVu Sans where the script font lacks a letter. */
async function typedFont(doc: PDFDocument, options: SignOptions, text: string, fonts: SignatureFonts): Promise<{ font: PDFFont; fallback: boolean }> {
  doc.registerFontkit(await import("fontkit"));
  for (const subset of SCRIPT_FONTS[options.typedFont].subsets) {
    const font = await doc.embedFont(await fonts.script(options.typedFont, subset), { subset: true });
    const covered = new Set(font.getCharacterSet());
    if ([...text].every((ch) => ch === " " || covered.has(ch.codePointAt(0)!))) return { font, fallback: false };
  }
  return { font: (await fontFor(doc, [text], fonts.unicode)).font, fallback: true };
}

/** The date as people read it anywhere: 2026-11-22. */
function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * Draws the visible signature into `page` (a stamp page the size of the document page): the mark on top, then
 * "Signed by", the date and the reason in small type, with the border and background as chosen.
 * Returns notes for the reply about anything drawn differently from what was asked.
 */
export async function drawSignature(
  doc: PDFDocument,
  page: PDFPage,
  box: SignatureBox,
  mark: SignatureMark,
  options: SignOptions,
  signer: { name?: string; at: Date },
  fonts: SignatureFonts,
): Promise<Message[]> {
  const notes: Message[] = [];
  const [r, g, b] = parseColor(options.signatureColor) ?? [0, 0, 0];
  const color = rgb(r, g, b);
  const opacity = options.signatureOpacity;
  const pad = Math.min(6, box.height / 10);

  if (options.signatureBackground) {
    page.drawRectangle({ ...box, color, opacity: opacity * 0.08 });
  }
  if (options.signatureBorder) {
    page.drawRectangle({ ...box, borderColor: color, borderWidth: 1, borderOpacity: opacity });
  }

  const lines: string[] = [];
  if (options.signatureLabel.trim()) lines.push(`${options.signatureLabel.trim()}${signer.name ? ` ${signer.name}` : ""}`);
  if (options.signatureDate) lines.push(`Date: ${isoDay(signer.at)}`);
  if (options.signatureReason.trim()) lines.push(`Reason: ${options.signatureReason.trim()}`);
  const small = await fontFor(doc, lines, fonts.unicode);
  const textSize = Math.max(4, Math.min(8, (box.height * 0.4) / Math.max(1, lines.length) / 1.2));
  lines.forEach((line, i) => {
    const y = box.y + pad + (lines.length - 1 - i) * textSize * 1.2;
    const maxWidth = box.width - 2 * pad;
    const size = Math.min(textSize, (textSize * maxWidth) / Math.max(1, small.font.widthOfTextAtSize(line, textSize)));
    page.drawText(line, { x: box.x + pad, y, size, font: small.font, color, opacity });
  });

  // The mark fills what the small type leaves.
  const markBottom = box.y + pad + lines.length * textSize * 1.2 + (lines.length > 0 ? pad / 2 : 0);
  const area = { x: box.x + pad, y: markBottom, width: box.width - 2 * pad, height: box.y + box.height - pad - markBottom };
  if (area.height < 4) {
    notes.push(msg("sign.boxTooSmall"));
    return notes;
  }
  if (mark.kind === "image") {
    const image: PDFImage = mark.format === "png" ? await doc.embedPng(mark.bytes) : await doc.embedJpg(mark.bytes);
    const scale = Math.min(area.width / image.width, area.height / image.height);
    const w = image.width * scale;
    const h = image.height * scale;
    page.drawImage(image, { x: area.x + (area.width - w) / 2, y: area.y + (area.height - h) / 2, width: w, height: h, opacity });
    return notes;
  }
  const { font, fallback } = await typedFont(doc, options, mark.text, fonts);
  if (fallback) notes.push(msg("sign.fontFallback", { font: "DejaVu Sans" }));
  const size = Math.min(area.height * 0.8, (area.height * 0.8 * area.width) / Math.max(1, font.widthOfTextAtSize(mark.text, area.height * 0.8)));
  const width = font.widthOfTextAtSize(mark.text, size);
  const x = area.x + (area.width - width) / 2;
  const y = area.y + (area.height - size * 0.7) / 2;
  // Styles: cursive slants the name, formal underlines it, standard leaves it as the font draws it. pdf-lib's
  // ySkew leans the letters over (x grows with height); its xSkew would tilt the whole line instead.
  page.drawText(mark.text, { x, y, size, font, color, opacity, ...(options.typedStyle === "cursive" ? { xSkew: degrees(0), ySkew: degrees(12) } : {}) });
  if (options.typedStyle === "formal") {
    page.drawLine({ start: { x, y: y - size * 0.15 }, end: { x: x + width, y: y - size * 0.15 }, thickness: 0.75, color, opacity });
  }
  return notes;
}
