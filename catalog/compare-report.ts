/**
 * Compare PDF's JSON report (report.json), read by the web app's side-by-side view and by API clients. Pages are
 * one-based page numbers of each whole document. Rectangles are [x0, y0, x1, y1] in points from the page's top
 * left corner as it is seen (its crop box, after its rotation): the space pdf.js draws a page in at scale 1.
 */

export type Rect = [number, number, number, number];

export interface CompareReport {
  version: 1;
  old: ComparedDocument;
  new: ComparedDocument;
  /** The settings the comparison ran with. */
  settings: { ignoreCase: boolean; ignorePunctuation: boolean; compareDrawing: boolean; drawingThreshold: number };
  summary: CompareSummary;
  /** Text changes in document order. */
  changes: TextChange[];
  /** Pages whose text is the same on both sides but whose rendering differs. */
  drawingChanges: DrawingChange[];
  /** What the reader should know about how far the comparison could go (passages aligned page by page, pages without readable text). */
  notes: string[];
}

export interface ComparedDocument {
  name: string;
  pageCount: number;
  /** The pages compared, ascending (every page unless a selection was given). */
  pages: PageInfo[];
}

export interface PageInfo {
  page: number;
  width: number;
  height: number;
  /**
   * unchanged: same text and (when drawings are compared) same look; text: words deleted or changed here (old) or
   * inserted or changed here (new); drawing: same text, different look; removed / added: every word of the page
   * went or came, or a page without text that has no counterpart.
   */
  status: "unchanged" | "text" | "drawing" | "removed" | "added";
  /** The page on the other side this page corresponds to, where there is one. */
  counterpart?: number;
}

export interface CompareSummary {
  identical: boolean;
  insertions: number;
  deletions: number;
  /** Words replaced by other words. */
  changes: number;
  wordsInserted: number;
  wordsDeleted: number;
  drawingChanges: number;
  /** Pages with a text or drawing change, removed or added, on each side. */
  changedPages: { old: number[]; new: number[] };
}

export interface TextChange {
  /** One-based, in document order. */
  id: number;
  kind: "insertion" | "deletion" | "change";
  old: ChangeSide;
  new: ChangeSide;
}

export interface ChangeSide {
  /** The words as they stand in this document, joined by spaces; empty on the old side of an insertion and the new side of a deletion. */
  text: string;
  /** Where the change is on this side: its first word's page, or for an empty side the page where the other side's words would go. */
  page: number;
  /** One rectangle a line of words; empty for an empty side. */
  boxes: Array<{ page: number; rect: Rect }>;
  /** For an empty side: a thin rectangle where the other side's words would go. */
  at?: Rect;
}

export interface DrawingChange {
  oldPage: number;
  newPage: number;
  /** The share of the page (0 to 1) whose pixels differ; 1 where the page size changed. */
  changedShare: number;
  /** Where the pixels differ, the same rectangles on both pages. */
  regions: Rect[];
  sizeChanged?: true;
}
