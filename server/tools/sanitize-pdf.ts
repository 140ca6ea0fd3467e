import path from "node:path";
import type { SanitizeOptions } from "../../catalog/options/sanitize.js";
import { DamagedPdfError, failedWith } from "../errors.js";
import { runMupdf } from "../engines/mupdf/pool.js";
import type { SanitizeCounts } from "../engines/mupdf/sanitize-tasks.js";
import { stemOf } from "../../pdf-ops/names.js";
import { plural } from "../../pdf-ops/plural.js";
import { openPdfInput, repairNote } from "../pdf/pdf-input.js";
import type { Processor } from "./types.js";

/** How the reply names each count. */
const NOUNS: Record<keyof SanitizeCounts, [string, string]> = {
  javascript: ["script", "scripts"],
  actions: ["automatic or launching action", "automatic or launching actions"],
  formSubmit: ["form submit action", "form submit actions"],
  embeddedFiles: ["embedded file", "embedded files"],
  links: ["link", "links"],
  metadata: ["metadata entry", "metadata entries"],
};

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
  const removed = (Object.keys(NOUNS) as Array<keyof SanitizeCounts>)
    .filter((key) => counts[key] > 0)
    .map((key) => plural(counts[key], NOUNS[key][0], NOUNS[key][1]));
  const notes = [removed.length > 0 ? `Removed ${removed.join(", ")}.` : "Nothing of what you chose was in this file; it was rewritten clean all the same."];
  const repaired = repairNote([pdf]);
  if (repaired) notes.push(repaired);
  return { files: [{ path: out, name: `${stemOf(pdf.name)}-sanitized.pdf` }], message: notes.join(" ") };
};
