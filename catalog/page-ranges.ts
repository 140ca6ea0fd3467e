/**
 * Page selections as people type them: "1,3,5-7", "7-z", "last", "4-". Numbers are one-based.
 * Shared by the web app (to validate as you type) and the server (to act on them).
 */

export class PageRangeError extends Error {}

export interface PageSpan {
  from: number;
  to: number;
}

const LAST = /^(z|last|end)$/i;

function parseBound(text: string, pageCount: number, whole: string): number {
  const t = text.trim();
  if (LAST.test(t)) return pageCount;
  if (!/^\d+$/.test(t)) throw new PageRangeError(`"${whole}" is not a page number or range.`);
  return Number(t);
}

/** Parses one comma-separated selection into spans, in the order written. Empty text gives no spans. */
export function parsePageSpans(text: string, pageCount: number): PageSpan[] {
  const spans: PageSpan[] = [];
  for (const rawPart of text.split(/[,;]/)) {
    const part = rawPart.trim();
    if (part === "") continue;
    const dash = part.indexOf("-");
    let from: number;
    let to: number;
    if (dash === -1) {
      from = to = parseBound(part, pageCount, part);
    } else {
      const left = part.slice(0, dash);
      const right = part.slice(dash + 1);
      from = left.trim() === "" ? 1 : parseBound(left, pageCount, part);
      to = right.trim() === "" ? pageCount : parseBound(right, pageCount, part);
    }
    if (from < 1 || to < 1) throw new PageRangeError(`Page numbers start at 1 ("${part}").`);
    if (from > pageCount || to > pageCount) {
      throw new PageRangeError(
        `"${part}" is outside the document, which has ${pageCount} page${pageCount === 1 ? "" : "s"}.`,
      );
    }
    if (from > to) throw new PageRangeError(`"${part}" runs backwards; write it as ${to}-${from}.`);
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

/** Checks the shape of a selection without knowing the page count (for form validation). */
export function isPageSelectionText(text: string): boolean {
  return /^\s*((\d+|z|last|end)?\s*(-\s*(\d+|z|last|end)?)?\s*[,;]?\s*)*$/i.test(text);
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
