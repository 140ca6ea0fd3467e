import type { LayoutPage } from "../engines/mupdf/convert-tasks.js";

/** Text in right-to-left scripts (Hebrew, Arabic and their neighbours). */

const RTL_LETTER = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/gu;
const LETTER = /\p{L}/gu;

/** Whether text is mostly of right-to-left scripts (Hebrew, Arabic...): more such letters than others. */
export function rightToLeftText(text: string): boolean {
  const rtl = text.match(RTL_LETTER)?.length ?? 0;
  return rtl > 0 && rtl * 2 > (text.match(LETTER)?.length ?? 0);
}

/** Punctuation that ends a sentence or clause and never starts one, in Latin and Arabic use. */
const CLOSING = /^[.,:;!?\u060C\u061B\u061F]+/u;

/**
 * MuPDF reads each line left to right first: in a right-to-left line, the full stop that ends it (drawn at its left
 * end) comes out at its start, before the first word. It is put back at the end.
 */
export function mendRightToLeftLineEnds(page: LayoutPage): void {
  for (const block of page.blocks) {
    if (block.kind !== "text") continue;
    for (const line of block.lines) {
      const first = line.spans[0];
      const last = line.spans[line.spans.length - 1];
      if (!first || !last || first === last || !rightToLeftText(line.spans.map((s) => s.text).join(""))) continue;
      const stop = CLOSING.exec(first.text.trimStart())?.[0];
      if (!stop) continue;
      // The stop may be a span of its own (set in another font than the letters).
      first.text = first.text.trimStart().slice(stop.length);
      const trailing = last.text.slice(last.text.trimEnd().length);
      last.text = last.text.slice(0, last.text.length - trailing.length) + stop + trailing;
      if (first.text === "") line.spans.shift();
    }
  }
}
