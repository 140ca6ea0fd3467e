import type { ChangeSide, PageInfo, Rect, TextChange } from "../../catalog/compare-report.js";
import type { ComparedPage, DocumentWords } from "./document-words.js";
import type { Edit } from "./word-diff.js";

/** Words whose boxes overlap vertically by at least this share of the lower one sit on one line: one rectangle. */
const SAME_LINE_OVERLAP = 0.5;

/** The rectangles of words [start, end): one a line. */
export function lineBoxes(doc: DocumentWords, start: number, end: number): Array<{ page: number; rect: Rect }> {
  const boxes: Array<{ page: number; rect: Rect }> = [];
  for (let i = start; i < end; i++) {
    const rect = boxOf(doc, i);
    const last = boxes.at(-1);
    if (last && last.page === doc.page[i] && sameLine(last.rect, rect)) {
      last.rect = [Math.min(last.rect[0], rect[0]), Math.min(last.rect[1], rect[1]), Math.max(last.rect[2], rect[2]), Math.max(last.rect[3], rect[3])];
    } else {
      boxes.push({ page: doc.page[i]!, rect });
    }
  }
  return boxes;
}

function boxOf(doc: DocumentWords, i: number): Rect {
  const b = doc.boxes;
  return [round(b[i * 4]!), round(b[i * 4 + 1]!), round(b[i * 4 + 2]!), round(b[i * 4 + 3]!)];
}

const round = (n: number) => Math.round(n * 100) / 100;

function sameLine(a: Rect, b: Rect): boolean {
  const overlap = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  return overlap >= SAME_LINE_OVERLAP * Math.min(a[3] - a[1], b[3] - b[1]);
}

/**
 * One side of a change. An empty side is placed where the other side's words would go: just after the word before
 * (or, at the very start, just before the word after), as a thin rectangle.
 */
function sideOf(doc: DocumentWords, start: number, end: number): ChangeSide {
  if (end > start) {
    return { text: doc.text.slice(start, end).join(" "), page: doc.page[start]!, boxes: lineBoxes(doc, start, end) };
  }
  if (start > 0) {
    const [, y0, x1, y1] = boxOf(doc, start - 1);
    return { text: "", page: doc.page[start - 1]!, boxes: [], at: [x1, y0, round(x1 + 1), y1] };
  }
  if (start < doc.text.length) {
    const [x0, y0, , y1] = boxOf(doc, start);
    return { text: "", page: doc.page[start]!, boxes: [], at: [round(Math.max(0, x0 - 1)), y0, x0, y1] };
  }
  return { text: "", page: doc.pages[0]?.page ?? 1, boxes: [] };
}

/** The edits as changes in document order, each with its words and where they are on both sides. */
export function textChanges(oldDoc: DocumentWords, newDoc: DocumentWords, edits: readonly Edit[]): TextChange[] {
  return edits.map((edit, index) => {
    const deleted = edit.aEnd > edit.aStart;
    const inserted = edit.bEnd > edit.bStart;
    return {
      id: index + 1,
      kind: deleted && inserted ? "change" : deleted ? "deletion" : "insertion",
      old: sideOf(oldDoc, edit.aStart, edit.aEnd),
      new: sideOf(newDoc, edit.bStart, edit.bEnd),
    };
  });
}

/** For each word of one side, the index of the word it matches on the other, or -1. */
function matchedIndexes(edits: readonly Edit[], aLength: number, bLength: number): { aMatch: Int32Array; bMatch: Int32Array } {
  const aMatch = new Int32Array(aLength).fill(-1);
  const bMatch = new Int32Array(bLength).fill(-1);
  let pa = 0;
  let pb = 0;
  const equalUpTo = (aEnd: number) => {
    for (; pa < aEnd; pa++, pb++) {
      aMatch[pa] = pb;
      bMatch[pb] = pa;
    }
  };
  for (const edit of edits) {
    equalUpTo(edit.aStart);
    pa = edit.aEnd;
    pb = edit.bEnd;
  }
  equalUpTo(aLength);
  return { aMatch, bMatch };
}

/** How one page's words fared: how many found a match, and the page on the other side that took most of them. */
interface PageFate {
  matched: number;
  counterpart?: number;
  /** Every matched word went to the counterpart. */
  oneCounterpart: boolean;
}

function pageFates(doc: DocumentWords, match: Int32Array, other: DocumentWords): Map<number, PageFate> {
  const fates = new Map<number, PageFate>();
  for (const p of doc.pages) {
    const counts = new Map<number, number>();
    let matched = 0;
    for (let i = p.firstWord; i < p.firstWord + p.wordCount; i++) {
      const j = match[i]!;
      if (j < 0) continue;
      matched++;
      const page = other.page[j]!;
      counts.set(page, (counts.get(page) ?? 0) + 1);
    }
    let counterpart: number | undefined;
    let best = 0;
    for (const [page, count] of counts) {
      if (count > best || (count === best && page < counterpart!)) {
        best = count;
        counterpart = page;
      }
    }
    fates.set(p.page, { matched, counterpart, oneCounterpart: counts.size === 1 });
  }
  return fates;
}

export interface PageComparison {
  oldPages: PageInfo[];
  newPages: PageInfo[];
  /** Page pairs whose text is the same (or which both have none), for comparing their drawings. */
  sameText: Array<{ old: number; new: number }>;
}

/**
 * Each compared page's status and counterpart from the words' fates. A page pair has the same text when every word
 * of each matched a word of the other. Pages without words are paired in order after their neighbours' counterparts
 * (a scanned page between two pages that correspond corresponds too); one left over was removed or added.
 */
export function comparePages(oldDoc: DocumentWords, newDoc: DocumentWords, edits: readonly Edit[]): PageComparison {
  const { aMatch, bMatch } = matchedIndexes(edits, oldDoc.text.length, newDoc.text.length);
  const oldFates = pageFates(oldDoc, aMatch, newDoc);
  const newFates = pageFates(newDoc, bMatch, oldDoc);
  const wordsOn = (doc: DocumentWords) => new Map(doc.pages.map((p) => [p.page, p.wordCount]));
  const oldWords = wordsOn(oldDoc);
  const newWords = wordsOn(newDoc);

  const sameText: Array<{ old: number; new: number }> = [];
  const oldCounterpart = new Map<number, number>();
  const newCounterpart = new Map<number, number>();
  for (const p of oldDoc.pages) {
    const fate = oldFates.get(p.page)!;
    if (fate.counterpart !== undefined) oldCounterpart.set(p.page, fate.counterpart);
  }
  for (const p of newDoc.pages) {
    const fate = newFates.get(p.page)!;
    if (fate.counterpart !== undefined) newCounterpart.set(p.page, fate.counterpart);
  }
  const isSameText = (oldPage: number, newPage: number) => {
    const o = oldFates.get(oldPage)!;
    const n = newFates.get(newPage)!;
    return o.matched === oldWords.get(oldPage) && o.oneCounterpart && n.matched === newWords.get(newPage) && n.oneCounterpart && n.counterpart === oldPage;
  };
  for (const p of oldDoc.pages) {
    const q = oldCounterpart.get(p.page);
    if (p.wordCount > 0 && q !== undefined && isSameText(p.page, q)) sameText.push({ old: p.page, new: q });
  }

  // Pages without words, paired after their neighbours.
  const newIndex = new Map(newDoc.pages.map((p, i) => [p.page, i]));
  oldDoc.pages.forEach((p, i) => {
    if (p.wordCount > 0) return;
    const before = i === 0 ? undefined : oldCounterpart.get(oldDoc.pages[i - 1]!.page);
    const at = i === 0 ? 0 : before === undefined ? -1 : newIndex.get(before)! + 1;
    const candidate = newDoc.pages[at];
    if (!candidate || candidate.wordCount > 0 || newCounterpart.has(candidate.page)) return;
    oldCounterpart.set(p.page, candidate.page);
    newCounterpart.set(candidate.page, p.page);
    sameText.push({ old: p.page, new: candidate.page });
  });
  sameText.sort((x, y) => x.old - y.old);

  const same = new Set(sameText.map((pair) => `${pair.old}:${pair.new}`));
  const oldSide: SideFacts = { doc: oldDoc, match: aMatch, fates: oldFates, words: oldWords, counterparts: oldCounterpart };
  const newSide: SideFacts = { doc: newDoc, match: bMatch, fates: newFates, words: newWords, counterparts: newCounterpart };
  const oldPages = pageInfos(oldSide, newSide, (page, counterpart) => same.has(`${page}:${counterpart}`), "removed");
  const newPages = pageInfos(newSide, oldSide, (page, counterpart) => same.has(`${counterpart}:${page}`), "added");
  return { oldPages, newPages, sameText };
}

/** What is known of one side's pages once the words are matched. */
interface SideFacts {
  doc: DocumentWords;
  match: Int32Array;
  fates: Map<number, PageFate>;
  /** Words on each page. */
  words: Map<number, number>;
  counterparts: Map<number, number>;
}

/**
 * One side's pages with their status: unchanged where paired with a page of the same text, `gone` (removed, added)
 * where none of their words (or no words at all, unpaired) has a match, text where some word has none or where a
 * page their words went to gained or lost words, and unchanged otherwise (the same words, spread over other pages).
 */
function pageInfos(own: SideFacts, other: SideFacts, paired: (page: number, counterpart: number) => boolean, gone: PageInfo["status"]): PageInfo[] {
  return own.doc.pages.map((p): PageInfo => {
    const counterpart = own.counterparts.get(p.page);
    const matched = own.fates.get(p.page)!.matched;
    const touched = () => [...pagesReached(p, own.match, other.doc)].some((q) => other.fates.get(q)!.matched < other.words.get(q)!);
    let status: PageInfo["status"];
    if (counterpart !== undefined && paired(p.page, counterpart)) status = "unchanged";
    else if (p.wordCount === 0 || matched === 0) status = gone;
    else status = matched < p.wordCount || touched() ? "text" : "unchanged";
    return { page: p.page, width: p.width, height: p.height, status, ...(counterpart !== undefined ? { counterpart } : {}) };
  });
}

/** The pages on the other side that a page's matched words went to. */
function pagesReached(p: ComparedPage, match: Int32Array, other: DocumentWords): Set<number> {
  const reached = new Set<number>();
  for (let i = p.firstWord; i < p.firstWord + p.wordCount; i++) {
    const j = match[i]!;
    if (j >= 0) reached.add(other.page[j]!);
  }
  return reached;
}
