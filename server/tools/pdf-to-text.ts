import path from "node:path";
import type { TextConvertOptions } from "../../catalog/options/convert.js";
import { runMupdf } from "../engines/mupdf/pool.js";
import { stemOf } from "../lib/file-names.js";
import { openPdfInput } from "../pdf/pdf-input.js";
import { selectPages } from "../pdf/page-selection.js";
import type { Processor } from "./types.js";

/**
 * UTF-8 text in reading order from MuPDF's structured text: columns are read one after the other and
 * right-to-left scripts come out in logical order. Pages end with a form feed, as pdftotext writes them.
 */
export const pdfToText: Processor<TextConvertOptions> = async ({ files, options }, ctx) => {
  const pdf = await openPdfInput(files[0]!, ctx);
  const pages = selectPages(options.pageRange, pdf.pageCount, "pageRange");
  const out = path.join(ctx.workDir, "text.txt");
  const { characters } = await runMupdf(
    "extractText",
    { input: pdf.path, output: out, pages: pages.map((p) => p - 1), reflow: !options.preserveFormatting },
    ctx,
    ctx.progress,
  );
  const notes = [`Extracted ${characters.toLocaleString("en")} characters from ${pages.length} page${pages.length === 1 ? "" : "s"}.`];
  if (characters === 0) notes.push("This PDF has no text layer (it may be a scan): run OCR PDF on it first.");
  if (options.ocrEnabled) notes.push("OCR was not applied here: text comes from the PDF's own text layer. Use OCR PDF for scans.");
  return { files: [{ path: out, name: `${stemOf(pdf.name)}.txt` }], message: notes.join(" ") };
};
