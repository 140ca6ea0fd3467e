import type { CompareReport, DrawingChange, PageInfo, TextChange } from "../../catalog/compare-report.js";
import type { CompareOptions } from "../../catalog/options/compare.js";
import { formatPageList } from "../../catalog/page-ranges.js";
import type { PageAlignedSpan } from "./word-diff.js";

export interface ReportParts {
  oldName: string;
  newName: string;
  oldPageCount: number;
  newPageCount: number;
  oldPages: PageInfo[];
  newPages: PageInfo[];
  changes: TextChange[];
  drawingChanges: DrawingChange[];
  options: CompareOptions;
  notes: string[];
}

function wordCount(text: string): number {
  return text === "" ? 0 : text.split(" ").length;
}

/** Pages marked as drawn differently where their text was the same; the summary counted from the rest. */
export function assembleReport(parts: ReportParts): CompareReport {
  const drawnOld = new Set(parts.drawingChanges.map((d) => d.oldPage));
  const drawnNew = new Set(parts.drawingChanges.map((d) => d.newPage));
  const mark = (pages: PageInfo[], drawn: Set<number>) => pages.map((p) => (drawn.has(p.page) ? { ...p, status: "drawing" as const } : p));
  const oldPages = mark(parts.oldPages, drawnOld);
  const newPages = mark(parts.newPages, drawnNew);
  const changed = (pages: PageInfo[]) => pages.filter((p) => p.status !== "unchanged").map((p) => p.page);
  const count = (kind: TextChange["kind"]) => parts.changes.filter((c) => c.kind === kind).length;
  const { ignoreCase, ignorePunctuation, compareDrawing, drawingThreshold } = parts.options;
  const summary = {
    insertions: count("insertion"),
    deletions: count("deletion"),
    changes: count("change"),
    wordsInserted: parts.changes.reduce((sum, c) => sum + wordCount(c.new.text), 0),
    wordsDeleted: parts.changes.reduce((sum, c) => sum + wordCount(c.old.text), 0),
    drawingChanges: parts.drawingChanges.length,
    changedPages: { old: changed(oldPages), new: changed(newPages) },
  };
  return {
    version: 1,
    old: { name: parts.oldName, pageCount: parts.oldPageCount, pages: oldPages },
    new: { name: parts.newName, pageCount: parts.newPageCount, pages: newPages },
    settings: { ignoreCase, ignorePunctuation, compareDrawing, drawingThreshold },
    summary: { identical: summary.changedPages.old.length + summary.changedPages.new.length === 0 && parts.changes.length === 0, ...summary },
    changes: parts.changes,
    drawingChanges: parts.drawingChanges,
    notes: parts.notes,
  };
}

const span = (pages: [number, number]) => (pages[0] === pages[1] ? `page ${pages[0]}` : `pages ${pages[0]}–${pages[1]}`);

/** What the reader must know about passages the diff could not align word by word. */
export function alignmentNotes(pageAligned: readonly PageAlignedSpan[], replacedWhole: number): string[] {
  const notes = pageAligned.map(
    (s) =>
      `Old ${span(s.oldPages)} and new ${span(s.newPages)} differ too much to be aligned as a whole: they were compared page by page, in order.`,
  );
  if (replacedWhole > 0) {
    notes.push(
      `${replacedWhole === 1 ? "One passage differs" : `${replacedWhole} passages differ`} too much to be compared word by word: ${replacedWhole === 1 ? "it is" : "they are"} listed as replaced whole.`,
    );
  }
  return notes;
}

/** The note for pages whose text MuPDF could not read: they were compared as pages without text. */
export function unreadableNote(side: "old" | "new", pages: readonly number[]): string | undefined {
  if (pages.length === 0) return undefined;
  return `The text of ${side} ${pages.length === 1 ? "page" : "pages"} ${formatPageList(pages).replaceAll(",", ", ")} could not be read; ${pages.length === 1 ? "it was" : "they were"} compared as pages without text.`;
}
