import path from "node:path";
import type { AnnotateOptions } from "../../catalog/options/annotate.js";
import { annotatedResult, planAnnotations } from "../../pdf-ops/annotate/plan.js";
import { DamagedPdfError, failedWith } from "../errors.js";
import { runMupdf } from "../engines/mupdf/pool.js";
import { readPageBoxes } from "../pdf/render-budget.js";
import { openPdfInput } from "../pdf/pdf-input.js";
import type { Processor } from "../work/types.js";

/** Writes the annotate screen's annotations into the PDF as real annotations that other viewers show. */
export const annotatePdf: Processor<AnnotateOptions> = async ({ files, options }, ctx) => {
  const pdf = await openPdfInput(files[0]!, ctx);
  const annotations = planAnnotations(options, await readPageBoxes(pdf, ctx));
  const out = path.join(ctx.workDir, "annotated.pdf");
  try {
    await runMupdf("addAnnotations", { input: pdf.path, output: out, annotations }, ctx);
  } catch (err) {
    // A page qpdf could read but MuPDF reads as null (nested past its limits) cannot carry annotations.
    if (failedWith(err, "damaged", "unsupported")) throw new DamagedPdfError(pdf.name);
    throw err;
  }
  const { name, message } = annotatedResult(pdf.name, options);
  return { files: [{ path: out, name }], message };
};
