import type { LayoutLine, LayoutPage } from "../engines/mupdf/convert-tasks.js";
import { height, lineText } from "./geometry.js";

/**
 * A drop cap is a paragraph's first letter set several lines tall beside its first lines. Read as a line of its
 * own it becomes a one-letter heading, or a word cut in two ("S uzen"); it is put back at the start of the line
 * it begins, in that line's style.
 */

/** A drop cap is at least this many times the size of the text beside it. */
const DROP_SCALE = 1.8;
/** One or two capitals: a big numeral beside text is a step's number, not the start of a word. */
const DROP_LETTERS = /^\p{Lu}{1,2}$/u;

const sizeOf = (line: LayoutLine) => Math.max(...line.spans.map((s) => s.size));

/** Joins each drop cap on the page to the line it begins. */
export function joinDropCaps(page: LayoutPage): void {
  const lines = page.blocks.flatMap((b) => (b.kind === "text" ? b.lines : []));
  const joined = new Set<LayoutLine>();
  for (const cap of lines) {
    const letters = lineText(cap).trim();
    if (!DROP_LETTERS.test(letters)) continue;
    const size = sizeOf(cap);
    // The first line of the paragraph: just right of the letter, its top level with the letter's.
    const first = lines
      .filter((l) => {
        if (l === cap || joined.has(l) || l.spans.length === 0) return false;
        const s = sizeOf(l);
        const gap = l.bbox[0] - cap.bbox[2];
        return s * DROP_SCALE <= size && gap >= -1 && gap <= 2 * s && Math.abs(l.bbox[1] - cap.bbox[1]) <= Math.max(s, height(cap.bbox) / 3);
      })
      .sort((a, b) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0])[0];
    if (!first) continue;
    const style = first.spans[0]!;
    // The line keeps its place: the lines beside the letter are all set in by its width, as the first is.
    first.spans.unshift({ ...cap.spans[0]!, text: letters, size: style.size, font: style.font, bold: style.bold, italic: style.italic, x0: cap.bbox[0], x1: cap.bbox[2] });
    joined.add(cap);
  }
  if (joined.size === 0) return;
  for (const block of page.blocks) if (block.kind === "text") block.lines = block.lines.filter((l) => !joined.has(l));
  page.blocks = page.blocks.filter((b) => b.kind !== "text" || b.lines.length > 0);
}
