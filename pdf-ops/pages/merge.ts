import { countEntries, type OutlineNode } from "../outline.js";
import { msg, type Said } from "../message.js";
import { repairNote } from "../repair-note.js";

export const MERGED_NAME = "merged.pdf";

/** What a merge says it did: the files and pages joined, the bookmarks kept, and any file repaired on the way. */
export function mergeMessage(inputs: ReadonlyArray<{ name: string; pageCount: number; repaired: boolean }>, outline: readonly OutlineNode[]): Said {
  const total = inputs.reduce((sum, p) => sum + p.pageCount, 0);
  const notes: Said[] = [msg("results.merged", { count: inputs.length, pages: total })];
  if (outline.length > 0) notes.push(msg("results.bookmarksKept", { count: countEntries(outline) }));
  const repaired = repairNote(inputs);
  if (repaired) notes.push(repaired);
  return notes;
}
