import path from "node:path";
import type { z } from "zod";
import type { basicConvertOptions } from "../../catalog/options/convert.js";
import { writeEpub } from "../convert/epub.js";
import { readDocument } from "../convert/read-document.js";
import { stemOf } from "../../pdf-ops/names.js";
import type { Processor } from "../work/types.js";
import { qualityNotApplied } from "../convert/quality-note.js";
import { msg } from "../i18n/message.js";

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
  const summary = msg(`epub.wrote.${book.source}`, { count: book.chapters, pictures: msg("epub.pictures", { count: book.images }) });
  notes.push(...qualityNotApplied(options.quality, "storedAsPng"));
  return { files: [{ path: out, name: `${stem}.epub` }], message: [summary, ...notes] };
};
