import fs from "node:fs/promises";
import * as fontkit from "fontkit";
import { PDFDocument, rgb } from "@cantoo/pdf-lib";
import type { OcrOptions } from "../../catalog/options/ocr.js";
import { runMupdf } from "../engines/mupdf/pool.js";
import type { ProcessorContext } from "../work/types.js";
import { fontFor } from "./stamp.js";
import { msg, type Message } from "../i18n/message.js";

/**
 * "PDF with text": the recognised text made visible, typeset in a real font where each line was found on the page.
 * With includeImages the scan (as it was before recognition, so without its hidden text) stays underneath, faded,
 * so that pictures and handwriting remain; without it the page holds the text alone. Pages that carried text of
 * their own before are copied as they were. includeFonts embeds DejaVu Sans; without it Helvetica is used where it
 * covers the text.
 */

export interface TextPdfSources {
  /** The searchable PDF: where the recognised lines are read. */
  searchable: string;
  /** The pages before recognition, in the same geometry. */
  scan: string;
  /** Zero-based pages that had text of their own and were not recognised. */
  kept: readonly number[];
}

const UNICODE_FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
const SCAN_OPACITY = 0.25;

export async function writeOcrTextPdf(sources: TextPdfSources, output: string, options: OcrOptions, ctx: ProcessorContext): Promise<Message[]> {
  const notes: Message[] = [];
  const { pages } = await runMupdf("recognisedLines", { input: sources.searchable }, ctx);
  const kept = new Set(sources.kept);
  const doc = await PDFDocument.create();
  const texts = pages.flatMap((p) => p.lines.map((l) => l.text));
  const font = options.includeFonts ? await embedUnicodeFont(doc) : (await fontFor(doc, texts)).font;
  const scanBytes = await fs.readFile(sources.scan);
  const scans = await doc.embedPdf(scanBytes, pages.map((_, i) => i));
  pages.forEach((recognised, i) => {
    const page = doc.addPage([recognised.width, recognised.height]);
    const box = { x: 0, y: 0, width: recognised.width, height: recognised.height };
    if (kept.has(i)) {
      page.drawPage(scans[i]!, box);
      return;
    }
    if (options.includeImages) page.drawPage(scans[i]!, { ...box, opacity: SCAN_OPACITY });
    for (const line of recognised.lines) {
      const height = line.y1 - line.y0;
      const width = font.widthOfTextAtSize(line.text, 1);
      // As large as the line's height allows, but never wider than the words were on the page.
      const size = Math.max(1, Math.min(height * 0.8, width > 0 ? (line.x1 - line.x0) / width : height));
      page.drawText(line.text, { x: line.x0, y: recognised.height - line.y1 + height * 0.2, size, font, color: rgb(0, 0, 0) });
    }
  });
  if (!options.preserveLayout) notes.push(msg("ocr.notApplied.preserveLayoutTextPdf"));
  await fs.writeFile(output, await doc.save());
  return notes;
}

async function embedUnicodeFont(doc: PDFDocument) {
  doc.registerFontkit(fontkit);
  return doc.embedFont(await fs.readFile(UNICODE_FONT), { subset: true });
}
