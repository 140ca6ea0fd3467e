import fs from "node:fs/promises";
import path from "node:path";
import { runMupdf } from "../engines/mupdf/pool.js";
import { selectPages } from "../pdf/page-selection.js";
import { openPdfInput, repairNote, type ReadablePdf } from "../pdf/pdf-input.js";
import type { InputFile, ProcessorContext } from "../tools/types.js";
import { analyseLayout, type DocumentModel } from "./layout-analysis.js";

export interface ReadDocument {
  pdf: ReadablePdf;
  model: DocumentModel;
  /** Sentences for the reply: repairs, scans without text. */
  notes: string[];
}

/**
 * Opens a PDF upload and reads the chosen pages into the flowing document model; pictures are written as PNG into
 * the job's folder when asked for.
 */
export async function readDocument(
  file: InputFile,
  options: { pageRange: string; detectTables: boolean; includeImages: boolean; ocrEnabled: boolean },
  ctx: ProcessorContext,
): Promise<ReadDocument> {
  const pdf = await openPdfInput(file, ctx);
  const pages = selectPages(options.pageRange, pdf.pageCount, "pageRange");
  let imageDir: string | undefined;
  if (options.includeImages) {
    imageDir = path.join(ctx.workDir, "layout-images");
    await fs.mkdir(imageDir, { recursive: true });
  }
  const layout = await runMupdf("readLayout", { input: pdf.path, pages: pages.map((p) => p - 1), imageDir }, ctx, (f) => ctx.progress(f * 0.8));
  const model = analyseLayout(layout.pages, pages, layout.chapters, { detectTables: options.detectTables });
  const notes: string[] = [];
  const skipped = layout.pages.reduce((n, p) => n + p.skippedImages, 0);
  if (skipped > 0) notes.push(`${skipped} picture${skipped === 1 ? " was" : "s were"} left out for being larger than 50 megapixels.`);
  if (!model.nodes.some((n) => n.type !== "image")) notes.push("This PDF has no text layer (it may be a scan): run OCR PDF on it first.");
  if (options.ocrEnabled) notes.push("OCR was not applied here: text comes from the PDF's own text layer. Use OCR PDF for scans.");
  const repaired = repairNote([pdf]);
  if (repaired) notes.push(repaired);
  return { pdf, model, notes };
}
