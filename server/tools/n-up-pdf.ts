import path from "node:path";
import type { NUpOptions } from "../../catalog/options/n-up.js";
import { DamagedPdfError, failedWith } from "../errors.js";
import { runMupdf } from "../engines/mupdf/pool.js";
import { stemOf } from "../../pdf-ops/names.js";
import { imposition } from "../pdf/imposition.js";
import { openPdfInput, repairNote } from "../pdf/pdf-input.js";
import { readPageBoxes } from "../pdf/render-budget.js";
import type { Processor } from "../work/types.js";
import { countOfPages, msg, type Said } from "../i18n/message.js";

/** Several pages on each sheet, or a booklet to fold: new sheets on which the pages are drawn as they are seen. */
export const nUpPdf: Processor<NUpOptions> = async ({ files, options }, ctx) => {
  const pdf = await openPdfInput(files[0]!, ctx);
  const [first] = await readPageBoxes(pdf, ctx);
  ctx.progress(0.1);
  const plan = imposition(options, pdf.pageCount, [first?.width ?? 595, first?.height ?? 842]);
  const out = path.join(ctx.workDir, options.mode === "booklet" ? "booklet.pdf" : "n-up.pdf");
  try {
    await runMupdf("imposePages", { input: pdf.path, output: out, imposition: plan }, ctx, (f) => ctx.progress(0.1 + 0.85 * f));
  } catch (err) {
    if (failedWith(err, "damaged", "unsupported")) throw new DamagedPdfError(pdf.name);
    throw err;
  }
  const orientation = plan.sheet[0] > plan.sheet[1] ? "landscape" : "portrait";
  const notes: Said[] = [
    options.mode === "booklet"
      ? msg("nUp.booklet", { pages: countOfPages(pdf.pageCount), count: plan.sheets.length / 2, sides: plan.sheets.length, size: options.sheetSize })
      : msg("nUp.sheets", { pages: countOfPages(pdf.pageCount), count: plan.sheets.length, perSheet: options.pagesPerSheet, size: options.sheetSize, orientation: msg(`phrases.orientations.${orientation}`) }),
  ];
  const repaired = repairNote([pdf]);
  if (repaired) notes.push(repaired);
  return { files: [{ path: out, name: `${stemOf(pdf.name)}-${options.mode === "booklet" ? "booklet" : `${options.pagesPerSheet}-up`}.pdf` }], message: notes };
};
