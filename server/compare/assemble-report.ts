import type { CompareReport, DrawingChange, PageInfo, TextChange } from "../../catalog/compare-report.js";
import type { CompareOptions } from "../../catalog/options/compare.js";
import { formatPageList } from "../../catalog/page-ranges.js";
import type { PageAlignedSpan } from "./word-diff.js";
import { msg, type Message } from "../i18n/message.js";

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

/** "page 3", "pages 3–5" as a sentence's values. */
const span = (pages: [number, number]): Message => (pages[0] === pages[1] ? msg("compare.page", { page: pages[0] }) : msg("compare.pageSpan", { from: pages[0], to: pages[1] }));

/** What the reader must know about passages the diff could not align word by word. */
export function alignmentNotes(pageAligned: readonly PageAlignedSpan[], replacedWhole: number): Message[] {
  const notes = pageAligned.map((s) => msg("compare.alignedByPage", { old: span(s.oldPages), new: span(s.newPages) }));
  if (replacedWhole > 0) notes.push(msg("compare.replacedWhole", { count: replacedWhole }));
  return notes;
}

/** The note for pages whose text MuPDF could not read: they were compared as pages without text. */
export function unreadableNote(side: "old" | "new", pages: readonly number[]): Message | undefined {
  if (pages.length === 0) return undefined;
  return msg(`compare.unreadable.${side}`, { count: pages.length, pages: formatPageList(pages).replaceAll(",", ", ") });
}
