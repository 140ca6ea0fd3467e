import path from "node:path";
import type { FlattenOptions } from "../../catalog/options/flatten.js";
import { DamagedPdfError, failedWith } from "../errors.js";
import { runMupdf } from "../engines/mupdf/pool.js";
import { stemOf } from "../../pdf-ops/names.js";
import { openPdfInput, repairNote } from "../pdf/pdf-input.js";
import type { Processor } from "../work/types.js";
import { list, msg, type Message, type Said } from "../i18n/message.js";

/** Form fields and annotations become part of the page: they look the same and can no longer be changed. */
export const flattenPdf: Processor<FlattenOptions> = async ({ files, options }, ctx) => {
  const pdf = await openPdfInput(files[0]!, ctx);
  ctx.progress(0.1);
  const out = path.join(ctx.workDir, "flattened.pdf");
  const forms = options.flatten !== "annotations";
  const annotations = options.flatten !== "forms";
  let done;
  try {
    done = await runMupdf(
      "flattenPdf",
      { input: pdf.path, output: out, forms, annotations, removeLinks: !options.keepLinks },
      ctx,
      (f) => ctx.progress(0.1 + 0.85 * f),
    );
  } catch (err) {
    if (failedWith(err, "damaged", "unsupported")) throw new DamagedPdfError(pdf.name);
    throw err;
  }
  const parts: Message[] = [];
  if (forms) parts.push(msg("flatten.formFields", { count: done.fields }));
  if (annotations) parts.push(msg("flatten.annotations", { count: done.annotations }));
  const notes: Said[] = [msg("flatten.flattened", { parts: list(parts) })];
  if (done.linksRemoved > 0) notes.push(msg("flatten.linksRemoved", { count: done.linksRemoved }));
  else if (done.linksKept > 0) notes.push(msg("flatten.linksKept", { count: done.linksKept }));
  const repaired = repairNote([pdf]);
  if (repaired) notes.push(repaired);
  return { files: [{ path: out, name: `${stemOf(pdf.name)}-flattened.pdf` }], message: notes };
};
