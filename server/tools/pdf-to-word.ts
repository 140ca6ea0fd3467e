import fs from "node:fs/promises";
import path from "node:path";
import type { DocumentConvertOptions } from "../../catalog/options/convert.js";
import { readDocument } from "../convert/read-document.js";
import { writeWordDocument } from "../convert/word-output.js";
import { stemOf } from "../../pdf-ops/names.js";
import type { OutputFile, Processor } from "../work/types.js";
import { qualityNotApplied } from "../convert/quality-note.js";
import { msg, type Said } from "../i18n/message.js";

/**
 * An editable Word (or ODT) document with flowing paragraphs rebuilt from the PDF's text, not one text box per
 * line: headings, lists, tables (detectTables) and pictures. Several PDFs give one document each, in a ZIP.
 */
export const pdfToWord: Processor<DocumentConvertOptions> = async ({ files, options }, ctx) => {
  const outputs: OutputFile[] = [];
  // The same note for several files is said once: notes are told apart by what they say.
  const notes = new Map<string, Said>();
  const note = (text: Said) => notes.set(JSON.stringify(text), text);
  let paragraphs = 0;
  let tables = 0;
  for (const [i, file] of files.entries()) {
    // Each file works in its own folder: the documents and pictures of one must not overwrite another's.
    const workDir = path.join(ctx.workDir, `file-${i + 1}`);
    await fs.mkdir(workDir);
    const fileCtx = { ...ctx, workDir, progress: (f: number) => ctx.progress((i + f) / files.length) };
    const read = await readDocument(
      file,
      { pageRange: options.pageRange, detectTables: options.detectTables, includeImages: true, ocrEnabled: options.ocrEnabled },
      fileCtx,
    );
    const written = await writeWordDocument(read.model, options.outputDocumentFormat, options.embedFonts, fileCtx, read.pdf.name);
    outputs.push({ path: written.path, name: `${stemOf(read.pdf.name)}.${options.outputDocumentFormat}` });
    paragraphs += read.model.nodes.filter((n) => n.type === "paragraph" || n.type === "heading").length;
    tables += read.model.tableCount;
    [...read.notes, ...written.notes].forEach(note);
  }
  const summary = msg(files.length === 1 ? "word.rebuilt" : "word.rebuiltEach", {
    count: paragraphs,
    tables: msg("word.tables", { count: tables }),
    format: options.outputDocumentFormat.toUpperCase(),
  });
  qualityNotApplied(options.quality, "storedAsPng").forEach(note);
  return { files: outputs, zipName: "converted-documents.zip", message: [summary, ...notes.values()] };
};
