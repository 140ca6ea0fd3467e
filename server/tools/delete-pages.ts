import path from "node:path";
import type { DeletePagesOptions } from "../../catalog/options/pages.js";
import { formatPageList } from "../../catalog/page-ranges.js";
import { InvalidOptionsError } from "../errors.js";
import { assemblePages } from "../engines/qpdf.js";
import { runMupdf } from "../engines/mupdf/pool.js";
import { stemOf } from "../lib/file-names.js";
import { readOutline, remapOutline, writeOutline } from "../pdf/outline.js";
import { openPdfInput } from "../pdf/pdf-input.js";
import { selectPages } from "../pdf/page-selection.js";
import type { OutputFile, Processor } from "./types.js";

export const OPTIMIZE_ARGS = ["--object-streams=generate", "--compress-streams=y", "--remove-unreferenced-resources=yes"];

export const deletePages: Processor<DeletePagesOptions> = async ({ files, options }, ctx) => {
  const pdf = await openPdfInput(files[0]!, ctx, { check: true });
  const doomed = new Set(selectPages(options.pages, pdf.pageCount, "pages"));
  const kept = Array.from({ length: pdf.pageCount }, (_, i) => i + 1).filter((p) => !doomed.has(p));
  if (kept.length === 0) {
    throw new InvalidOptionsError("You cannot delete every page: at least one page must remain.");
  }
  const stem = stemOf(pdf.name);
  const assembled = path.join(ctx.workDir, "pages-deleted.pdf");
  let current = assembled;
  // The bookmarks are read while qpdf assembles: on two cores the check costs no time.
  const [, outline] = await Promise.all([
    assemblePages([{ file: pdf.path, pages: formatPageList(kept) }], assembled, ctx, options.optimizePdf ? OPTIMIZE_ARGS : []),
    readOutline(pdf.path, ctx),
  ]);
  ctx.progress(0.5);

  const notes = [`Deleted ${doomed.size} page${doomed.size === 1 ? "" : "s"}; ${kept.length} ${kept.length === 1 ? "remains" : "remain"}.`];
  // qpdf keeps the outline as it was, pointing at pages that are gone; fix it, or drop it when asked.
  if (outline.length > 0) {
    const newIndex = new Map(kept.map((page, i) => [page - 1, i]));
    const remapped = options.keepBookmarks ? remapOutline(outline, (old) => newIndex.get(old)) : [];
    const next = path.join(ctx.workDir, "bookmarks-fixed.pdf");
    await writeOutline(current, next, remapped, ctx);
    current = next;
    notes.push(options.keepBookmarks ? "Bookmarks to the remaining pages were kept." : "Bookmarks were removed.");
  }
  if (!options.preserveMetadata) {
    const next = path.join(ctx.workDir, "metadata-removed.pdf");
    await runMupdf("stripMetadata", { input: current, output: next }, ctx);
    current = next;
    notes.push("Document metadata was removed.");
  }

  // Only qpdf's own copy stands on the input's check; a file MuPDF rewrote afterwards is checked as any other.
  const copiedByQpdfFrom = current === assembled ? [pdf.path] : undefined;
  const outputs: OutputFile[] = [{ path: current, name: `${stem}-pages-deleted.pdf`, copiedByQpdfFrom }];
  if (options.createBackup) {
    outputs.push({ path: files[0]!.path, name: `${stem}-original.pdf` });
    notes.push("Your original file is included as a backup.");
  }
  return { files: outputs, zipName: `${stem}-pages-deleted.zip`, message: notes.join(" ") };
};
