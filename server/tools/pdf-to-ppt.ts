import fs from "node:fs/promises";
import path from "node:path";
import type { z } from "zod";
import type { basicConvertOptions } from "../../catalog/options/convert.js";
import { writePptx } from "../convert/pptx.js";
import { runMupdf } from "../engines/mupdf/pool.js";
import { stemOf } from "../lib/file-names.js";
import { selectPages } from "../pdf/page-selection.js";
import { openPdfInput, repairNote } from "../pdf/pdf-input.js";
import { ensureRenderBudget } from "../pdf/render-budget.js";
import type { Processor } from "./types.js";

type BasicConvertOptions = z.infer<typeof basicConvertOptions>;

/** Slide backgrounds are drawn at this resolution: sharp on a projector, small enough to mail. */
const SLIDE_DPI = 150;

/** One slide per page: the page's drawing as a picture, its text as editable text boxes on top. */
export const pdfToPpt: Processor<BasicConvertOptions> = async ({ files, options }, ctx) => {
  const pdf = await openPdfInput(files[0]!, ctx);
  const pages = selectPages(options.pageRange, pdf.pageCount, "pageRange");
  await ensureRenderBudget(pdf, pages, SLIDE_DPI, ctx);
  const outDir = path.join(ctx.workDir, "slides");
  await fs.mkdir(outDir);
  const { pages: slides } = await runMupdf(
    "readSlides",
    { input: pdf.path, outDir, pages: pages.map((p) => p - 1), dpi: SLIDE_DPI, quality: options.quality },
    ctx,
    (f) => ctx.progress(f * 0.9),
  );
  const out = path.join(ctx.workDir, "slides.pptx");
  await writePptx(slides, out);
  ctx.progress(1);
  const boxes = slides.reduce((n, s) => n + s.blocks.filter((b) => b.kind === "text").length, 0);
  const notes = [`Made ${slides.length} slide${slides.length === 1 ? "" : "s"} with ${boxes} editable text box${boxes === 1 ? "" : "es"} over each page's drawing.`];
  if (boxes === 0) notes.push("The PDF has no text layer (it may be a scan), so the slides are pictures only; run OCR PDF first for editable text.");
  if (new Set(slides.map((s) => `${Math.round(s.width)}x${Math.round(s.height)}`)).size > 1) notes.push("Pages of other sizes were scaled to the first page's width: a deck has one slide size.");
  if (options.ocrEnabled) notes.push("OCR was not applied here: use OCR PDF first for scans.");
  const repaired = repairNote([pdf]);
  if (repaired) notes.push(repaired);
  return { files: [{ path: out, name: `${stemOf(pdf.name)}.pptx` }], message: notes.join(" ") };
};
