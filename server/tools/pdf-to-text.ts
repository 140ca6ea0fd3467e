import path from "node:path";
import type { TextConvertOptions } from "../../catalog/options/convert.js";
import { runMupdf } from "../engines/mupdf/pool.js";
import { extractTextMessage, textFileName } from "../../pdf-ops/text/extract-text.js";
import { onStatedPageCount } from "../pdf/on-stated-page-count.js";
import { openPdfInput, type ReadablePdf } from "../pdf/pdf-input.js";
import { selectPages } from "../../pdf-ops/page-selection.js";
import { recogniseScans } from "../convert/text-layer.js";
import type { Processor, ProcessorContext } from "../work/types.js";

/**
 * UTF-8 text in reading order from MuPDF's structured text: columns are read one after the other and
 * right-to-left scripts come out in logical order. Pages end with a form feed, as pdftotext writes them. The text is
 * read on the page count the file states while qpdf looks at the upload beside it (onStatedPageCount), and again
 * the careful way where the look finds otherwise.
 */
export const pdfToText: Processor<TextConvertOptions> = async ({ files, options }, ctx) => {
  const out = path.join(ctx.workDir, "text.txt");
  const extract = (input: string, indexes: number[], from: number, to: number, workCtx: ProcessorContext) =>
    runMupdf("extractText", { input, output: out, pages: indexes, reflow: !options.preserveFormatting }, workCtx, (f) => ctx.progress(from + f * (to - from)));
  const readText = async (pdf: ReadablePdf, workCtx: ProcessorContext) => {
    const pages = selectPages(options.pageRange, pdf.pageCount, "pageRange");
    const indexes = pages.map((p) => p - 1);
    return { pages, indexes, read: await extract(pdf.path, indexes, 0, 0.3, workCtx) };
  };
  const early = await onStatedPageCount(files[0]!, ctx, readText, { check: false });
  const pdf = early?.pdf ?? (await openPdfInput(files[0]!, ctx));
  const { pages, indexes, read } = early?.result ?? (await readText(pdf, ctx));
  const text = await recogniseScans(pdf, indexes, read.emptyPages, options.ocrEnabled, ctx, (f) => ctx.progress(0.3 + f * 0.6));
  // The recognised copy keeps the other pages as they were: the text is read again from it, in page order.
  const { characters } = text.recognised.length > 0 ? await extract(text.path, indexes, 0.9, 1, ctx) : read;
  return { files: [{ path: out, name: textFileName(pdf.name) }], message: extractTextMessage(characters, pages.length, text.notes) };
};
