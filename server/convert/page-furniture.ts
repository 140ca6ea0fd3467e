import type { LayoutLine, LayoutPage } from "../engines/mupdf/convert-tasks.js";
import { centreY, lineText, median } from "./geometry.js";

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
    for (const block of page.blocks) {
      if (block.kind !== "text") continue;
      for (const line of block.lines) {
        const y = centreY(line.bbox);
        const zone = y < page.height * MARGIN ? "top" : y > page.height * (1 - MARGIN) ? "bottom" : undefined;
        if (!zone || Math.max(...line.spans.map((s) => s.size)) > bodySize + 0.5) continue;
        const pattern = patternOf(line);
        if (!pattern) continue;
        // Feet are compared by their distance from the page's bottom, so that pages of different heights agree.
        const key = `${zone} ${pattern}`;
        const list = seen.get(key) ?? [];
        list.push({ line, page: index, y: zone === "top" ? y : page.height - y });
        seen.set(key, list);
      }
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
