import path from "node:path";
import { MERGED_NAME, mergeMessage } from "../../pdf-ops/pages/merge.js";
import { mergedOutline, type OutlineNode } from "../../pdf-ops/outline.js";
import { TooManyPagesError } from "../errors.js";
import { mergeDocuments } from "../engines/qpdf.js";
import { runMupdf } from "../engines/mupdf/pool.js";
import { mergeVerdict } from "../engines/qpdf-check.js";
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
  const inputs = sound?.inputs ?? (await mergeAfterOpening(files, merged, ctx));
  const total = inputs.reduce((sum, p) => sum + p.pageCount, 0);
  if (total > ctx.maxPages) throw new TooManyPagesError(ctx.maxPages);
  ctx.progress(0.6);

  const outline = mergedOutline(inputs);
  let result = merged;
  if (outline.length > 0) {
    result = path.join(ctx.workDir, "merged-with-bookmarks.pdf");
    await writeOutline(merged, result, outline, ctx);
  }
  // qpdf's own merge of the uploads as they are has the verdict of the same merge written to nowhere; bookmarks
  // written by MuPDF, or a merge without a clean verdict, are checked as any other file.
  const checked = sound?.verdict === 0 && result === merged ? { checkedExitCode: 0 } : {};
  return { files: [{ path: result, name: MERGED_NAME, ...checked }], message: mergeMessage(inputs, outline) };
};

/**
 * The common case, sound files: qpdf merges the uploads as they are while MuPDF reads their page counts and
 * bookmarks, and qpdf finds the merge's verdict (mergeVerdict: one run for all the uploads, not a check of each),
 * side by side: the merged file is then as sound as the verdict says, with no check of its own after the merge. Any
 * doubt (qpdf had to repair, a file needs a password or has no pages) gives undefined, and the careful path runs
 * instead.
 */
async function mergeSoundInputs(files: readonly InputFile[], output: string, ctx: ProcessorContext): Promise<{ inputs: MergedInput[]; verdict?: number } | undefined> {
  const paths = files.map((f) => f.path);
  // The merge is asked for first, so that it starts first: programs start in the order asked.
  const merging = mergeDocuments(paths, output, ctx, { strict: true });
  const inspecting = runMupdf("inspectDocuments", { inputs: paths }, ctx);
  const checking = mergeVerdict(paths, ctx);
  const [merge, inspection, verdict] = await Promise.allSettled([merging, inspecting, checking]);
  ctx.signal?.throwIfAborted();
  if (merge.status === "rejected" || inspection.status === "rejected") return undefined;
  if (verdict.status === "rejected") throw verdict.reason;
  const documents = inspection.value.documents;
  if (documents.some((d) => d.pageCount === 0)) return undefined;
  return { inputs: documents.map((d, i) => ({ ...d, name: files[i]!.name, repaired: false })), verdict: verdict.value };
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
