import path from "node:path";
import { TooManyPagesError } from "../errors.js";
import { mergeDocuments } from "../engines/qpdf.js";
import { openPdfInputs, repairNote } from "../pdf/pdf-input.js";
import { countEntries, readOutlines, remapOutline, writeOutline } from "../pdf/outline.js";
import type { Processor } from "./types.js";

/**
 * Joins the uploads in their upload order. qpdf carries pages, links and form fields across (renaming clashing
 * fields); it does not merge bookmarks, so each input's outline is shifted to its pages' new place and written
 * onto the result.
 */
export const mergePdf: Processor = async ({ files }, ctx) => {
  const pdfs = await openPdfInputs(files, ctx);
  const total = pdfs.reduce((sum, p) => sum + p.pageCount, 0);
  if (total > ctx.maxPages) throw new TooManyPagesError(ctx.maxPages);
  ctx.progress(0.1);

  const merged = path.join(ctx.workDir, "merged.pdf");
  await mergeDocuments(
    pdfs.map((p) => p.path),
    merged,
    ctx,
  );
  ctx.progress(0.6);

  let offset = 0;
  const outline = [];
  const outlines = await readOutlines(
    pdfs.map((p) => p.path),
    ctx,
  );
  for (const [i, pdf] of pdfs.entries()) {
    const shift = offset;
    outline.push(...remapOutline(outlines[i]!, (page) => page + shift));
    offset += pdf.pageCount;
  }
  let result = merged;
  if (outline.length > 0) {
    result = path.join(ctx.workDir, "merged-with-bookmarks.pdf");
    await writeOutline(merged, result, outline, ctx);
  }

  const notes = [`Merged ${pdfs.length} files into one PDF of ${total} pages.`];
  if (outline.length > 0) notes.push(`Kept ${countEntries(outline)} bookmarks.`);
  const repaired = repairNote(pdfs);
  if (repaired) notes.push(repaired);
  return { files: [{ path: result, name: "merged.pdf" }], message: notes.join(" ") };
};
