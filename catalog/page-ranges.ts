/**
 * Page selections as people type them: "1,3,5-7", "7-z", "last", "4-". Numbers are one-based.
 * Shared by the web app (to validate as you type) and the server (to act on them).
 */
import { InvalidOptionsError } from "../pdf-ops/errors.js";
import { msg } from "../pdf-ops/message.js";

/** A selection that cannot be read, said as a catalogue message (catalog/messages, "pageRanges."). */
export class PageRangeError extends InvalidOptionsError {}

export interface PageSpan {
  from: number;
  to: number;
}

/**
 * Read by hand, not with regular expressions: the text comes from visitors, and a pattern with nested repeats can
 * take exponential time on a few dozen characters. Every function here is one pass over the text.
 */
function isDigits(t: string): boolean {
  if (t === "") return false;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

function isLast(t: string): boolean {
  const lower = t.toLowerCase();
  return lower === "z" || lower === "last" || lower === "end";
}

/** The comma- or semicolon-separated parts of a selection, trimmed, blanks left out. */
function selectionParts(text: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    if (i === text.length || text[i] === "," || text[i] === ";") {
      const part = text.slice(start, i).trim();
      if (part !== "") parts.push(part);
      start = i + 1;
    }
  }
  return parts;
}

/** A part split at its first dash: `left` and `right` are trimmed ("" for an open end); `right` is null for a single page. */
function splitPart(part: string): { left: string; right: string | null } {
  const dash = part.indexOf("-");
  return dash === -1 ? { left: part, right: null } : { left: part.slice(0, dash).trim(), right: part.slice(dash + 1).trim() };
}

function isBound(t: string): boolean {
  return isDigits(t) || isLast(t);
}

function parseBound(t: string, pageCount: number, whole: string): number {
  if (isLast(t)) return pageCount;
  if (!isDigits(t)) throw new PageRangeError(msg("pageRanges.notAPage", { part: whole }));
  return Number(t);
}

/** Parses one comma-separated selection into spans, in the order written. Empty text gives no spans. */
export function parsePageSpans(text: string, pageCount: number): PageSpan[] {
  const spans: PageSpan[] = [];
  for (const part of selectionParts(text)) {
    const { left, right } = splitPart(part);
    const from = left === "" && right !== null ? 1 : parseBound(left, pageCount, part);
    const to = right === null ? from : right === "" ? pageCount : parseBound(right, pageCount, part);
    if (from < 1 || to < 1) throw new PageRangeError(msg("pageRanges.startAtOne", { part }));
    if (from > pageCount || to > pageCount) throw new PageRangeError(msg("pageRanges.outside", { part, count: pageCount }));
    if (from > to) throw new PageRangeError(msg("pageRanges.backwards", { part, range: `${to}-${from}` }));
    spans.push({ from, to });
  }
  return spans;
}

/** The pages of a selection, one-based, in the order written, without repeats. */
export function parsePageList(text: string, pageCount: number): number[] {
  const seen = new Set<number>();
  const pages: number[] = [];
  for (const { from, to } of parsePageSpans(text, pageCount)) {
    for (let p = from; p <= to; p++) {
      if (!seen.has(p)) {
        seen.add(p);
        pages.push(p);
      }
    }
  }
  return pages;
}

/** Checks the shape of a selection without knowing the page count (for form validation): what parsePageSpans reads. */
export function isPageSelectionText(text: string): boolean {
  return selectionParts(text).every((part) => {
    const { left, right } = splitPart(part);
    if (right === null) return isBound(left);
    return (left === "" || isBound(left)) && (right === "" || isBound(right));
  });
}

/** Writes one-based pages compactly as "1-3,5,7-9", the form qpdf takes. */
export function formatPageList(pages: readonly number[]): string {
  const parts: string[] = [];
  let i = 0;
  while (i < pages.length) {
    const start = pages[i]!;
    let end = start;
    while (i + 1 < pages.length && pages[i + 1] === end + 1) {
      end++;
      i++;
    }
    parts.push(start === end ? String(start) : `${start}-${end}`);
    i++;
  }
  return parts.join(",");
}
