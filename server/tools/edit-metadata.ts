import path from "node:path";
import { STANDARD_METADATA, type MetadataOptions } from "../../catalog/options/metadata.js";
import { DamagedPdfError, failedWith } from "../errors.js";
import { runMupdf } from "../engines/mupdf/pool.js";
import { stemOf } from "../../pdf-ops/names.js";
import { pdfDate, readIsoDate } from "../lib/pdf-dates.js";
import { openPdfInput, repairNote } from "../pdf/pdf-input.js";
import type { Processor } from "../work/types.js";
import { msg, series, type Message, type Said } from "../i18n/message.js";

/** What the reply lists, in this order, each with its label (a catalogue message under "metadata.labels."). */
const SHOWN = ["Title", "Author", "Subject", "Keywords", "Creator", "Producer", "CreationDate", "ModDate"];

/** The entries to set, in PDF's own forms; empty fields leave their entry as it is. */
function entriesToSet(options: MetadataOptions): Record<string, string> {
  const set: Record<string, string> = {};
  for (const [option, key] of Object.entries(STANDARD_METADATA)) {
    const value = options[option as keyof typeof STANDARD_METADATA];
    if (value.trim() !== "") set[key] = value;
  }
  if (options.creationDate.trim() !== "") set.CreationDate = pdfDate(readIsoDate(options.creationDate));
  if (options.modificationDate.trim() !== "") set.ModDate = pdfDate(readIsoDate(options.modificationDate));
  return set;
}

/** "Title: Report; Author: Ann; Project: X", or a sentence for none. */
function describe(info: Record<string, string>): Message {
  const standard = new Set(SHOWN.concat("Trapped"));
  const parts = SHOWN.filter((key) => info[key] !== undefined).map((key) => msg("metadata.entry", { label: msg(`metadata.labels.${key}`), value: info[key]! }));
  for (const [key, value] of Object.entries(info)) if (!standard.has(key)) parts.push(msg("metadata.entry", { label: key, value }));
  const entries = series(parts);
  return entries === "" ? msg("metadata.noneLeft") : msg("metadata.now", { entries });
}

/** Sets the document's title, author, dates and custom entries, with its XMP packet rewritten to match. */
export const editMetadata: Processor<MetadataOptions> = async ({ files, options }, ctx) => {
  const pdf = await openPdfInput(files[0]!, ctx);
  ctx.progress(0.2);
  const set = entriesToSet(options);
  const out = path.join(ctx.workDir, "metadata.pdf");
  let result;
  try {
    result = await runMupdf("editMetadata", { input: pdf.path, output: out, set, custom: options.custom, removeAll: options.removeAll }, ctx);
  } catch (err) {
    if (failedWith(err, "damaged", "unsupported")) throw new DamagedPdfError(pdf.name);
    throw err;
  }
  ctx.progress(0.9);
  const changed = Object.keys(set).length + Object.keys(options.custom).length;
  const notes: Said[] = [
    options.removeAll ? msg("metadata.removedAll") : "",
    changed > 0 ? msg("metadata.changed", { count: changed }) : options.removeAll ? "" : msg("metadata.nothingChanged"),
    describe(result.info),
    repairNote([pdf]) ?? "",
  ];
  return { files: [{ path: out, name: `${stemOf(pdf.name)}-metadata.pdf` }], message: notes };
};
