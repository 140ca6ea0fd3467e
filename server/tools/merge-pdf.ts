import path from "node:path";
import { MERGED_NAME, mergeMessage } from "../../pdf-ops/pages/merge.js";
import { mergedOutline, type OutlineNode } from "../../pdf-ops/outline.js";
import { TooManyPagesError } from "../errors.js";
import { mergeDocuments } from "../engines/qpdf.js";
import { runMupdf } from "../engines/mupdf/pool.js";
import { openPdfInputs } from "../pdf/pdf-input.js";
import { writeOutline } from "../pdf/outline.js";
import type { InputFile, Processor, ProcessorContext } from "../work/types.js";

interface MergedInput {
  name: string;
  pageCount: number;
  outline: OutlineNode[];
  repaired: boolean;
}

/**
 * Joins the uploads in their upload order. qpdf carries pages, links and form fields across (renaming clashing
 * fields); it does not merge bookmarks, so each input's outline is shifted to its pages' new place and written
 * onto the result.
 */
export const mergePdf: Processor = async ({ files }, ctx) => {
  const merged = path.join(ctx.workDir, "merged.pdf");
  const inputs = (await mergeSoundInputs(files, merged, ctx)) ?? (await mergeAfterOpening(files, merged, ctx));
  const total = inputs.reduce((sum, p) => sum + p.pageCount, 0);
  if (total > ctx.maxPages) throw new TooManyPagesError(ctx.maxPages);
  ctx.progress(0.6);

  const outline = mergedOutline(inputs);
  let result = merged;
  if (outline.length > 0) {
    result = path.join(ctx.workDir, "merged-with-bookmarks.pdf");
    await writeOutline(merged, result, outline, ctx);
  }
  return { files: [{ path: result, name: MERGED_NAME }], message: mergeMessage(inputs, outline) };
};

/**
 * The common case, sound files: qpdf merges the uploads as they are while MuPDF reads their page counts and
 * bookmarks, side by side. Checking each file first would cost one qpdf run per input, as long as the merge itself.
 * Any doubt (qpdf had to repair, a file needs a password or has no pages) gives undefined, and the careful path
 * runs instead.
 */
async function mergeSoundInputs(files: readonly InputFile[], output: string, ctx: ProcessorContext): Promise<MergedInput[] | undefined> {
  const paths = files.map((f) => f.path);
  const [merge, inspection] = await Promise.allSettled([
    mergeDocuments(paths, output, ctx, { strict: true }),
    runMupdf("inspectDocuments", { inputs: paths }, ctx),
  ]);
  ctx.signal?.throwIfAborted();
  if (merge.status === "rejected" || inspection.status === "rejected") return undefined;
  const documents = inspection.value.documents;
  if (documents.some((d) => d.pageCount === 0)) return undefined;
  return documents.map((d, i) => ({ ...d, name: files[i]!.name, repaired: false }));
}

/** Each input checked, repaired where it can be and refused with a sentence where it cannot, then merged. */
async function mergeAfterOpening(files: readonly InputFile[], output: string, ctx: ProcessorContext): Promise<MergedInput[]> {
  const pdfs = await openPdfInputs(files, ctx);
  const total = pdfs.reduce((sum, p) => sum + p.pageCount, 0);
  if (total > ctx.maxPages) throw new TooManyPagesError(ctx.maxPages);
  ctx.progress(0.1);
  const paths = pdfs.map((p) => p.path);
  const [{ documents }] = await Promise.all([runMupdf("inspectDocuments", { inputs: paths }, ctx), mergeDocuments(paths, output, ctx)]);
  return pdfs.map((pdf, i) => ({ ...pdf, outline: documents[i]!.outline }));
}
