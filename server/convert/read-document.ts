import fs from "node:fs/promises";
import path from "node:path";
import { runMupdf } from "../engines/mupdf/pool.js";
import { selectPages } from "../../pdf-ops/page-selection.js";
import { openPdfInput, repairNote, type ReadablePdf } from "../pdf/pdf-input.js";
import type { InputFile, ProcessorContext } from "../work/types.js";
import type { LayoutPage } from "../engines/mupdf/convert-tasks.js";
import { analyseLayout, type DocumentModel } from "./layout-analysis.js";
import { pageHasText, recogniseScans, refuseWithoutText } from "./text-layer.js";
import { msg, type Said } from "../i18n/message.js";

export interface ReadDocument {
  pdf: ReadablePdf;
  model: DocumentModel;
  /** Sentences for the reply: repairs, scanned pages recognised or left without text. */
  notes: Said[];
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
  if (!options.ocrEnabled) await refuseWithoutText(pdf, pages.map((p) => p - 1), ctx);
  let imageDir: string | undefined;
  if (options.includeImages) {
    imageDir = path.join(ctx.workDir, "layout-images");
    await fs.mkdir(imageDir, { recursive: true });
  }
  const indexes = pages.map((p) => p - 1);
  const layout = await runMupdf("readLayout", { input: pdf.path, pages: indexes, imageDir }, ctx, (f) => ctx.progress(f * 0.3));
  const scanned = indexes.filter((_, i) => !pageHasText(layout.pages[i]!));
  const text = await recogniseScans(pdf, indexes, scanned, options.ocrEnabled, ctx, (f) => ctx.progress(0.3 + f * 0.4));
  if (text.recognised.length > 0) {
    // Only the recognised pages are read again, from the copy that now carries their words.
    const reread = await runMupdf("readLayout", { input: text.path, pages: text.recognised, imageDir }, ctx, (f) => ctx.progress(0.7 + f * 0.1));
    const byIndex = new Map(text.recognised.map((index, i) => [index, reread.pages[i]!]));
    layout.pages = layout.pages.map((page, i) => {
      const recognised = byIndex.get(indexes[i]!);
      if (!recognised) return page;
      dropScanImage(recognised);
      return recognised;
    });
  }
  const model = analyseLayout(layout.pages, pages, layout.chapters, { detectTables: options.detectTables });
  const notes: Said[] = [...text.notes];
  const skipped = layout.pages.reduce((n, p) => n + p.skippedImages, 0);
  if (skipped > 0) notes.push(msg("convert.picturesTooLarge", { count: skipped, megapixels: 50 }));
  if (text.recognised.length > 0 && !model.nodes.some((n) => n.type !== "image")) notes.push(msg("convert.ocrFoundNothing"));
  const repaired = repairNote([pdf]);
  if (repaired) notes.push(repaired);
  return { pdf, model, notes };
}

/** The share of a page a picture must cover to be the scanned page itself rather than a picture on it. */
const SCAN_COVERAGE = 0.8;

/** On a page read with OCR, the scan is the page: its words are now text, so the picture of them is left out. */
function dropScanImage(page: LayoutPage): void {
  const area = page.width * page.height;
  page.blocks = page.blocks.filter((b) => b.kind !== "image" || ((b.bbox[2] - b.bbox[0]) * (b.bbox[3] - b.bbox[1])) / area < SCAN_COVERAGE);
}
