import path from "node:path";
import { STANDARD_METADATA, type MetadataOptions } from "../../catalog/options/metadata.js";
import { DamagedPdfError, failedWith } from "../errors.js";
import { runMupdf } from "../engines/mupdf/pool.js";
import { stemOf } from "../../pdf-ops/names.js";
import { pdfDate, readIsoDate } from "../lib/pdf-dates.js";
import { openPdfInput, repairNote } from "../pdf/pdf-input.js";
import type { Processor } from "../work/types.js";

/** What the reply lists, in this order, with the label people know. */
const SHOWN: Array<[string, string]> = [
  ["Title", "Title"],
  ["Author", "Author"],
  ["Subject", "Subject"],
  ["Keywords", "Keywords"],
  ["Creator", "Creator"],
  ["Producer", "Producer"],
  ["CreationDate", "Created"],
  ["ModDate", "Modified"],
];

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

/** "Title: Report; Author: Ann; custom Project: X", or a sentence for none. */
function describe(info: Record<string, string>): string {
  const standard = new Set(SHOWN.map(([key]) => key).concat("Trapped"));
  const parts = SHOWN.filter(([key]) => info[key] !== undefined).map(([key, label]) => `${label}: ${info[key]}`);
  for (const [key, value] of Object.entries(info)) if (!standard.has(key)) parts.push(`${key}: ${value}`);
  return parts.length > 0 ? `The document information is now: ${parts.join("; ")}.` : "The document has no metadata left.";
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
  const notes = [
    options.removeAll ? "Removed all metadata first." : "",
    changed > 0 ? `Changed ${changed} entr${changed === 1 ? "y" : "ies"}.` : options.removeAll ? "" : "Nothing was changed.",
    describe(result.info),
    repairNote([pdf]) ?? "",
  ].filter(Boolean);
  return { files: [{ path: out, name: `${stemOf(pdf.name)}-metadata.pdf` }], message: notes };
};
