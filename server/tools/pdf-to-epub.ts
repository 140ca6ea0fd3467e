import path from "node:path";
import type { z } from "zod";
import type { basicConvertOptions } from "../../catalog/options/convert.js";
import { writeEpub } from "../convert/epub.js";
import { readDocument } from "../convert/read-document.js";
import { stemOf } from "../../pdf-ops/names.js";
import type { Processor } from "../work/types.js";
import { qualityNotApplied } from "../convert/quality-note.js";

type BasicConvertOptions = z.infer<typeof basicConvertOptions>;

/** An EPUB 3 e-book whose chapters come from the PDF's bookmarks, or from its headings. */
export const pdfToEpub: Processor<BasicConvertOptions> = async ({ files, options }, ctx) => {
  const { pdf, model, notes } = await readDocument(
    files[0]!,
    { pageRange: options.pageRange, detectTables: true, includeImages: true, ocrEnabled: options.ocrEnabled },
    ctx,
  );
  const stem = stemOf(pdf.name);
  const out = path.join(ctx.workDir, "book.epub");
  const book = await writeEpub(model, stem, out);
  ctx.progress(1);
  const from = book.source === "outline" ? "from the bookmarks" : book.source === "headings" ? "from the headings" : "(the PDF has neither bookmarks nor headings)";
  const summary = `Wrote an EPUB 3 book with ${book.chapters} chapter${book.chapters === 1 ? "" : "s"} ${from} and ${book.images} picture${book.images === 1 ? "" : "s"}.`;
  notes.push(...qualityNotApplied(options.quality, "Pictures are stored losslessly as PNG"));
  return { files: [{ path: out, name: `${stem}.epub` }], message: [summary, ...notes] };
};
