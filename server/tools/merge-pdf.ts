import path from "node:path";
import { MERGED_NAME, mergeMessage } from "../../pdf-ops/pages/merge.js";
import { mergedOutline, type OutlineNode } from "../../pdf-ops/outline.js";
import { TooManyPagesError } from "../errors.js";
import { mergeDocuments } from "../engines/qpdf.js";
import { runMupdf } from "../engines/mupdf/pool.js";
import { checkOnTheWayIn } from "../pdf/check-on-the-way-in.js";
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
  const sound = await mergeSoundInputs(files, merged, ctx);
  const inputs = sound ?? (await mergeAfterOpening(files, merged, ctx));
  const total = inputs.reduce((sum, p) => sum + p.pageCount, 0);
  if (total > ctx.maxPages) throw new TooManyPagesError(ctx.maxPages);
  ctx.progress(0.6);

  const outline = mergedOutline(inputs);
  let result = merged;
  if (outline.length > 0) {
    result = path.join(ctx.workDir, "merged-with-bookmarks.pdf");
    await writeOutline(merged, result, outline, ctx);
  }
  // qpdf's own merge of the uploads as they are stands on their checks; bookmarks written by MuPDF are checked as
  // any other file.
  const copiedByQpdfFrom = sound && result === merged ? files.map((f) => f.path) : undefined;
  return { files: [{ path: result, name: MERGED_NAME, copiedByQpdfFrom }], message: mergeMessage(inputs, outline) };
};

/**
 * The common case, sound files: qpdf merges the uploads as they are while MuPDF reads their page counts and
 * bookmarks, and qpdf checks each upload, side by side: the merged file is then as sound as the checks say, with no
 * check of its own after the merge. Any doubt (qpdf had to repair, a file needs a password or has no pages) gives
 * undefined, and the careful path runs instead.
 */
async function mergeSoundInputs(files: readonly InputFile[], output: string, ctx: ProcessorContext): Promise<MergedInput[] | undefined> {
  const paths = files.map((f) => f.path);
  // The merge is asked for first, so that it starts first: programs start in the order asked.
  const merging = mergeDocuments(paths, output, ctx, { strict: true });
  const inspecting = runMupdf("inspectDocuments", { inputs: paths }, ctx);
  for (const file of paths) ctx.checkedPdfs?.set(file, checkOnTheWayIn(file, ctx));
  const [merge, inspection] = await Promise.allSettled([merging, inspecting]);
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
