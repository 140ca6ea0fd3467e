import path from "node:path";
import type { SanitizeOptions } from "../../catalog/options/sanitize.js";
import { DamagedPdfError, failedWith } from "../errors.js";
import { runMupdf } from "../engines/mupdf/pool.js";
import type { SanitizeCounts } from "../engines/mupdf/sanitize-tasks.js";
import { stemOf } from "../../pdf-ops/names.js";
import { openPdfInput, repairNote } from "../pdf/pdf-input.js";
import type { Processor } from "../work/types.js";
import { list, msg, type Said } from "../i18n/message.js";

/** The order in which the reply counts what went (each a catalogue message under "sanitize.counts."). */
const COUNTED: ReadonlyArray<keyof SanitizeCounts> = ["javascript", "actions", "formSubmit", "embeddedFiles", "links", "metadata"];

/** Removes scripts, risky actions, attachments, links and metadata as chosen; the reply counts what went. */
export const sanitizePdf: Processor<SanitizeOptions> = async ({ files, options }, ctx) => {
  const pdf = await openPdfInput(files[0]!, ctx);
  ctx.progress(0.2);
  const out = path.join(ctx.workDir, "sanitized.pdf");
  const remove = {
    javascript: options.removeJavaScript,
    actions: options.removeActions,
    formSubmit: options.removeFormSubmit,
    embeddedFiles: options.removeEmbeddedFiles,
    links: options.removeLinks,
    metadata: options.removeMetadata,
  };
  let counts: SanitizeCounts;
  try {
    ({ counts } = await runMupdf("sanitizePdf", { input: pdf.path, output: out, remove }, ctx));
  } catch (err) {
    if (failedWith(err, "damaged", "unsupported")) throw new DamagedPdfError(pdf.name);
    throw err;
  }
  ctx.progress(0.9);
  const removed = COUNTED.filter((key) => counts[key] > 0).map((key) => msg(`sanitize.counts.${key}`, { count: counts[key] }));
  const notes: Said[] = [removed.length > 0 ? msg("sanitize.removed", { items: list(removed) }) : msg("sanitize.nothingFound")];
  const repaired = repairNote([pdf]);
  if (repaired) notes.push(repaired);
  return { files: [{ path: out, name: `${stemOf(pdf.name)}-sanitized.pdf` }], message: notes };
};
