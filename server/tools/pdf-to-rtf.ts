import type { DocumentConvertOptions } from "../../catalog/options/convert.js";
import { readDocument } from "../convert/read-document.js";
import { writeWordDocument } from "../convert/word-output.js";
import { stemOf } from "../../pdf-ops/names.js";
import type { Processor } from "../work/types.js";
import { qualityNotApplied } from "../convert/quality-note.js";
import { msg, toolName, type Said } from "../i18n/message.js";

/** A Rich Text document with the same flowing paragraphs, tables and pictures as PDF to Word. */
export const pdfToRtf: Processor<DocumentConvertOptions> = async ({ files, options }, ctx) => {
  const read = await readDocument(
    files[0]!,
    { pageRange: options.pageRange, detectTables: options.detectTables, includeImages: true, ocrEnabled: options.ocrEnabled },
    ctx,
  );
  const written = await writeWordDocument(read.model, "rtf", options.embedFonts, ctx, read.pdf.name);
  const notes: Said[] = [msg("rtf.rebuilt", { count: read.model.tableCount }), ...read.notes, ...written.notes];
  if (options.outputDocumentFormat !== "docx") notes.push(msg("rtf.formatNotApplied", { wordTool: toolName("pdf-to-word") }));
  notes.push(...qualityNotApplied(options.quality, "storedAsPng"));
  return { files: [{ path: written.path, name: `${stemOf(read.pdf.name)}.rtf` }], message: notes };
};
