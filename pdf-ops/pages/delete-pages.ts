import type { DeletePagesOptions } from "../../catalog/options/pages.js";
import { InvalidOptionsError } from "../errors.js";
import { stemOf } from "../names.js";
import { selectPages } from "../page-selection.js";
import { msg, type Said } from "../message.js";

/** The one-based pages that stay, in order, and the names of what a deletion hands back. */
export function planDeletePages(options: DeletePagesOptions, pdf: { name: string; pageCount: number }) {
  const doomed = new Set(selectPages(options.pages, pdf.pageCount, "pages"));
  const kept = Array.from({ length: pdf.pageCount }, (_, i) => i + 1).filter((p) => !doomed.has(p));
  if (kept.length === 0) {
    throw new InvalidOptionsError(msg("pages.cannotDeleteAll"));
  }
  const stem = stemOf(pdf.name);
  return {
    kept,
    deleted: doomed.size,
    name: `${stem}-pages-deleted.pdf`,
    backupName: `${stem}-original.pdf`,
    zipName: `${stem}-pages-deleted.zip`,
  };
}

/** What a deletion says it did, in the order it happened. */
export function deletePagesMessage(
  plan: { kept: readonly number[]; deleted: number },
  done: { bookmarks?: "kept" | "removed"; metadataRemoved: boolean; backup: boolean },
): Said {
  const notes: Said[] = [msg("results.deleted", { count: plan.deleted, remaining: msg("results.remaining", { count: plan.kept.length }) })];
  if (done.bookmarks) notes.push(msg(done.bookmarks === "kept" ? "results.bookmarksOfRemainingKept" : "results.bookmarksRemoved"));
  if (done.metadataRemoved) notes.push(msg("results.metadataRemoved"));
  if (done.backup) notes.push(msg("results.backupIncluded"));
  return notes;
}
