import type { LayoutLine, LayoutPage } from "../engines/mupdf/convert-tasks.js";
import { centreY, height, lineText, median } from "./geometry.js";

/**
 * Running heads, running feet and page numbers: lines in the top or bottom margin that come back at the same place
 * on many pages (their numbers aside). In a flowing document they would interrupt the text at every page break, so
 * page numbers are dropped and any other repeated line is kept once, where it first appears.
 */

/** The share of the page height, at the top and at the bottom, where running heads and feet sit. */
const MARGIN = 0.12;
/** Repeats of one line must sit within this many points of each other. */
const SAME_PLACE = 8;

const PAGE_NUMBER = /^(?:page\s+)?#(?:\s*(?:of|\/)\s*#)?$|^[-–—]\s*#\s*[-–—]$|^[ivxlcdm]+$/i;

function patternOf(line: LayoutLine): string {
  return lineText(line).normalize("NFKC").toLowerCase().replace(/\d+/g, "#").replace(/\s+/g, " ").trim();
}

/** The lines to leave out of the flow. Lines larger than the body text are headings, even where they repeat. */
export function pageFurniture(pages: readonly LayoutPage[], bodySize: number): Set<LayoutLine> {
  const drop = new Set<LayoutLine>();
  if (pages.length < 2) return drop;
  const seen = new Map<string, Array<{ line: LayoutLine; page: number; y: number }>>();
  pages.forEach((page, index) => {
    const lines = page.blocks.flatMap((b) => (b.kind === "text" ? b.lines : []));
    // The first and last lines of a page count as its margins too, when they stand apart from the text: a text
    // block set for Letter paper on A4 leaves its page number far above the bottom eighth.
    const ys = lines.map((l) => centreY(l.bbox)).sort((a, b) => a - b);
    const apart = (y: number, neighbour: number | undefined, line: LayoutLine) => ys.length >= 3 && neighbour !== undefined && Math.abs(neighbour - y) > 2 * height(line.bbox);
    for (const line of lines) {
      const y = centreY(line.bbox);
      const first = y <= ys[0]! + 1 && apart(y, ys.find((v) => v > y + 1), line);
      const last = y >= ys[ys.length - 1]! - 1 && apart(y, ys.findLast((v) => v < y - 1), line);
      const zone = y < page.height * MARGIN || first ? "top" : y > page.height * (1 - MARGIN) || last ? "bottom" : undefined;
      if (!zone || Math.max(...line.spans.map((s) => s.size)) > bodySize + 0.5) continue;
      const pattern = patternOf(line);
      // A page's only line is its content (a title page, a one-line slide), unless it is a bare page number.
      if (!pattern || (lines.length === 1 && !PAGE_NUMBER.test(pattern))) continue;
      // Feet are compared by their distance from the page's bottom, so that pages of different heights agree.
      const key = `${zone} ${pattern}`;
      const list = seen.get(key) ?? [];
      list.push({ line, page: index, y: zone === "top" ? y : page.height - y });
      seen.set(key, list);
    }
  });
  const needed = Math.max(2, Math.ceil(pages.length * 0.3));
  for (const [key, list] of seen) {
    const at = median(list.map((o) => o.y));
    const placed = list.filter((o) => Math.abs(o.y - at) <= SAME_PLACE);
    if (new Set(placed.map((o) => o.page)).size < needed) continue;
    const numberOnly = PAGE_NUMBER.test(key.slice(key.indexOf(" ") + 1));
    placed.forEach((o, i) => {
      if (numberOnly || i > 0) drop.add(o.line);
    });
  }
  return drop;
}
