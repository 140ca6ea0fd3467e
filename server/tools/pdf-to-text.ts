import path from "node:path";
import type { TextConvertOptions } from "../../catalog/options/convert.js";
import { runMupdf } from "../engines/mupdf/pool.js";
import { stemOf } from "../lib/file-names.js";
import { openPdfInput } from "../pdf/pdf-input.js";
import { selectPages } from "../pdf/page-selection.js";
import { ensureTextLayer } from "../convert/text-layer.js";
import type { Processor } from "./types.js";

/**
 * UTF-8 text in reading order from MuPDF's structured text: columns are read one after the other and
 * right-to-left scripts come out in logical order. Pages end with a form feed, as pdftotext writes them.
 */
export const pdfToText: Processor<TextConvertOptions> = async ({ files, options }, ctx) => {
  const pdf = await openPdfInput(files[0]!, ctx);
  const pages = selectPages(options.pageRange, pdf.pageCount, "pageRange");
  const indexes = pages.map((p) => p - 1);
  const text = await ensureTextLayer(pdf, indexes, options.ocrEnabled, ctx, (f) => ctx.progress(f * 0.8));
  const start = text.recognised.length > 0 ? 0.8 : 0;
  const out = path.join(ctx.workDir, "text.txt");
  const { characters } = await runMupdf(
    "extractText",
    { input: text.path, output: out, pages: indexes, reflow: !options.preserveFormatting },
    ctx,
    (f) => ctx.progress(start + f * (1 - start)),
  );
  const notes = [`Extracted ${characters.toLocaleString("en")} characters from ${pages.length} page${pages.length === 1 ? "" : "s"}.`, ...text.notes];
  if (characters === 0) notes.push("No text was found on these pages.");
  return { files: [{ path: out, name: `${stemOf(pdf.name)}.txt` }], message: notes.join(" ") };
};
