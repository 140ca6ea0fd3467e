import fs from "node:fs/promises";
import path from "node:path";
import type { z } from "zod";
import { formatPageList } from "../../catalog/page-ranges.js";
import type { pdfaConvertOptions } from "../../catalog/options/convert.js";
import { writePdfa, type PdfaPart } from "../engines/ghostscript-pdfa.js";
import { runMupdf } from "../engines/mupdf/pool.js";
import { DamagedPdfError, failedWith } from "../errors.js";
import { stemOf } from "../../pdf-ops/names.js";
import { selectPages } from "../../pdf-ops/page-selection.js";
import { openPdfInput, repairNote } from "../pdf/pdf-input.js";
import { qualityNotApplied } from "../convert/quality-note.js";
import type { Processor } from "../work/types.js";
import { msg, toolName, type Said } from "../i18n/message.js";

type PdfaOptions = z.infer<typeof pdfaConvertOptions>;

/** An archival copy: PDF/A-2b unless 1b or 3b is asked for, with fonts embedded and an sRGB output intent. */
export const pdfToPdfA: Processor<PdfaOptions> = async ({ files, options }, ctx) => {
  const pdf = await openPdfInput(files[0]!, ctx);
  const pages = selectPages(options.pageRange, pdf.pageCount, "pageRange");
  const part = Number(options.conformance[0]) as PdfaPart;
  const out = path.join(ctx.workDir, "pdfa.pdf");
  const convert = (input: string) => writePdfa(input, out, { part, pages: pages.length < pdf.pageCount ? formatPageList(pages) : undefined }, ctx);
  let warnings: string[];
  try {
    ({ warnings } = await convert(pdf.path).catch(async (err: unknown) => {
      // Some producers point the trailer's Info at the page tree; Ghostscript then finds a circular reference and
      // writes no pages. That entry is no document information at all: without it the file converts.
      if (!failedWith(err, "damaged")) throw err;
      const cleaned = path.join(ctx.workDir, "info-dropped.pdf");
      const { dropped } = await runMupdf("dropMisplacedInfo", { input: pdf.path, output: cleaned }, ctx);
      if (!dropped) throw err;
      return convert(cleaned);
    }));
  } catch (err) {
    // Ghostscript gives up only on files it cannot interpret at all.
    if (failedWith(err, "damaged")) throw new DamagedPdfError(pdf.name);
    throw err;
  }
  if ((await fs.stat(out)).size === 0) throw new DamagedPdfError(pdf.name);
  ctx.progress(1);
  const notes: Said[] = [msg("pdfa.made", { conformance: options.conformance.toUpperCase(), count: pages.length })];
  if (warnings.some((w) => /annotation|transparen|not permitted|removing/i.test(w))) {
    notes.push(msg("pdfa.flattened"));
  }
  notes.push(...qualityNotApplied(options.quality, "keptInPdfA"));
  if (options.ocrEnabled) notes.push(msg("pdfa.noOcr", { ocr: toolName("ocr-pdf") }));
  const repaired = repairNote([pdf]);
  if (repaired) notes.push(repaired);
  return { files: [{ path: out, name: `${stemOf(pdf.name)}-pdfa.pdf` }], message: notes };
};
