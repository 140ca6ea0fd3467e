import path from "node:path";
import type { TextConvertOptions } from "../../catalog/options/convert.js";
import { runMupdf } from "../engines/mupdf/pool.js";
import { extractTextMessage, textFileName } from "../../pdf-ops/text/extract-text.js";
import { openPdfInput } from "../pdf/pdf-input.js";
import { selectPages } from "../../pdf-ops/page-selection.js";
import { recogniseScans } from "../convert/text-layer.js";
import type { Processor } from "../work/types.js";

/**
 * UTF-8 text in reading order from MuPDF's structured text: columns are read one after the other and
 * right-to-left scripts come out in logical order. Pages end with a form feed, as pdftotext writes them.
 */
export const pdfToText: Processor<TextConvertOptions> = async ({ files, options }, ctx) => {
  const pdf = await openPdfInput(files[0]!, ctx);
  const pages = selectPages(options.pageRange, pdf.pageCount, "pageRange");
  const indexes = pages.map((p) => p - 1);
  const out = path.join(ctx.workDir, "text.txt");
  const extract = (input: string, from: number, to: number) =>
    runMupdf("extractText", { input, output: out, pages: indexes, reflow: !options.preserveFormatting }, ctx, (f) => ctx.progress(from + f * (to - from)));
  const read = await extract(pdf.path, 0, 0.3);
  const text = await recogniseScans(pdf, indexes, read.emptyPages, options.ocrEnabled, ctx, (f) => ctx.progress(0.3 + f * 0.6));
  // The recognised copy keeps the other pages as they were: the text is read again from it, in page order.
  const { characters } = text.recognised.length > 0 ? await extract(text.path, 0.9, 1) : read;
  return { files: [{ path: out, name: textFileName(pdf.name) }], message: extractTextMessage(characters, pages.length, text.notes) };
};
