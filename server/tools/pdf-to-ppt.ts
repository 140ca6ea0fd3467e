import fs from "node:fs/promises";
import path from "node:path";
import type { z } from "zod";
import type { presentationConvertOptions } from "../../catalog/options/convert.js";
import { writePptx } from "../convert/pptx.js";
import { pageHasText, recogniseScans, refuseWithoutText } from "../convert/text-layer.js";
import { runMupdf } from "../engines/mupdf/pool.js";
import { stemOf } from "../../pdf-ops/names.js";
import { selectPages } from "../../pdf-ops/page-selection.js";
import { openPdfInput, repairNote } from "../pdf/pdf-input.js";
import { ensureRenderBudget } from "../pdf/render-budget.js";
import type { Processor } from "../work/types.js";
import { msg, type Said } from "../i18n/message.js";

type PresentationConvertOptions = z.infer<typeof presentationConvertOptions>;

/** Slide backgrounds are drawn at this resolution: sharp on a projector, small enough to mail. */
const SLIDE_DPI = 150;

/**
 * One slide per page: the page's drawing as a picture, its text as editable text boxes on top. Scanned pages are
 * read with OCR (unless turned off): their words become text boxes, and the scan under them is cleaned of the
 * words' picture, so that each word shows once, as text, over the scan's pictures and paper.
 */
export const pdfToPpt: Processor<PresentationConvertOptions> = async ({ files, options }, ctx) => {
  const pdf = await openPdfInput(files[0]!, ctx);
  const pages = selectPages(options.pageRange, pdf.pageCount, "pageRange");
  const indexes = pages.map((p) => p - 1);
  if (!options.ocrEnabled) await refuseWithoutText(pdf, indexes, ctx);
  await ensureRenderBudget(pdf, pages, SLIDE_DPI, ctx);
  const outDir = path.join(ctx.workDir, "slides");
  await fs.mkdir(outDir);
  const read = (input: string, which: number[], cleanText: boolean, from: number, to: number) =>
    runMupdf("readSlides", { input, outDir, pages: which, dpi: SLIDE_DPI, quality: options.quality, cleanText }, ctx, (f) => ctx.progress(from + f * (to - from)));
  let { pages: slides } = await read(pdf.path, indexes, false, 0, 0.4);
  const scanned = indexes.filter((_, i) => !pageHasText(slides[i]!));
  const text = await recogniseScans(pdf, indexes, scanned, options.ocrEnabled, ctx, (f) => ctx.progress(0.4 + f * 0.4));
  const notes: Said[] = [...text.notes];
  if (text.recognised.length > 0) {
    const reread = await read(text.path, text.recognised, true, 0.8, 0.95);
    const byIndex = new Map(text.recognised.map((index, i) => [index, reread.pages[i]!]));
    slides = slides.map((slide, i) => byIndex.get(indexes[i]!) ?? slide);
  }
  const out = path.join(ctx.workDir, "slides.pptx");
  await writePptx(slides, out);
  ctx.progress(1);
  const boxes = slides.reduce((n, s) => n + s.blocks.filter((b) => b.kind === "text").length, 0);
  notes.unshift(msg("slides.made", { count: slides.length, boxes: msg("slides.boxes", { count: boxes }) }));
  if (boxes === 0) notes.push(msg(options.ocrEnabled ? "slides.noTextFound" : "slides.noTextLayer"));
  if (new Set(slides.map((s) => `${Math.round(s.width)}x${Math.round(s.height)}`)).size > 1) notes.push(msg("slides.scaled"));
  const repaired = repairNote([pdf]);
  if (repaired) notes.push(repaired);
  return { files: [{ path: out, name: `${stemOf(pdf.name)}.pptx` }], message: notes };
};
