import path from "node:path";
import type { DeletePagesOptions } from "../../catalog/options/pages.js";
import { InvalidOptionsError } from "../errors.js";
import { runMupdf } from "../engines/mupdf/pool.js";
import { stemOf } from "../lib/file-names.js";
import { keepPages } from "../pdf/keep-pages.js";
import { openPdfInput } from "../pdf/pdf-input.js";
import { selectPages } from "../pdf/page-selection.js";
import type { OutputFile, Processor } from "./types.js";
import { msg, type Text } from "../i18n/message.js";

export const OPTIMIZE_ARGS = ["--object-streams=generate", "--compress-streams=y", "--remove-unreferenced-resources=yes"];

export const deletePages: Processor<DeletePagesOptions> = async ({ files, options }, ctx) => {
  const pdf = await openPdfInput(files[0]!, ctx, { check: true });
  const doomed = new Set(selectPages(options.pages, pdf.pageCount, "pages"));
  const kept = Array.from({ length: pdf.pageCount }, (_, i) => i + 1).filter((p) => !doomed.has(p));
  if (kept.length === 0) {
    throw new InvalidOptionsError("You cannot delete every page: at least one page must remain.");
  }
  const stem = stemOf(pdf.name);
  const result = await keepPages(pdf.path, kept, ctx, {
    keepBookmarks: options.keepBookmarks,
    qpdfArgs: options.optimizePdf ? OPTIMIZE_ARGS : [],
    name: "pages-deleted",
  });
  let current = result.path;
  ctx.progress(0.5);

  const notes: Text[] = [msg("results.deleted", { count: doomed.size, remaining: msg("results.remaining", { count: kept.length }) })];
  if (result.bookmarks) notes.push(msg(result.bookmarks === "kept" ? "results.bookmarksOfRemainingKept" : "results.bookmarksRemoved"));
  if (!options.preserveMetadata) {
    const next = path.join(ctx.workDir, "metadata-removed.pdf");
    await runMupdf("stripMetadata", { input: current, output: next }, ctx);
    current = next;
    notes.push(msg("results.metadataRemoved"));
  }

  // Only qpdf's own copy stands on the input's check; a file MuPDF rewrote afterwards is checked as any other.
  const copiedByQpdfFrom = current === result.path && !result.bookmarks ? [pdf.path] : undefined;
  const outputs: OutputFile[] = [{ path: current, name: `${stem}-pages-deleted.pdf`, copiedByQpdfFrom }];
  if (options.createBackup) {
    outputs.push({ path: files[0]!.path, name: `${stem}-original.pdf` });
    notes.push(msg("results.backupIncluded"));
  }
  return { files: outputs, zipName: `${stem}-pages-deleted.zip`, message: notes };
};
