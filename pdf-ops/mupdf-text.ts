import type * as mupdf from "mupdf";
import { joinLines, trimLineEnds } from "./line-whitespace.js";

/**
 * A page's text in reading order from MuPDF's structured text, as Extract Text writes it on the server and in the
 * browser: columns one after the other, right-to-left scripts in logical order, at most one blank line in a row.
 * `reflow` joins the lines of each paragraph.
 */
export function pageText(doc: mupdf.PDFDocument, index: number, reflow: boolean): string {
  const text = trimLineEnds(
    doc
      .loadPage(index)
      .toStructuredText("preserve-whitespace")
      .asText()
      // Glyphs without a Unicode mapping come out as U+FFFD; they carry no text.
      .replace(/\uFFFD/g, ""),
  )
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return reflow ? reflowParagraphs(text) : text;
}

/** Joins the lines of each paragraph into one, mending words hyphenated at a line end. */
function reflowParagraphs(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((para) => joinLines(para.replace(/([a-z\u00e0-\u024f])-\n(?=[a-z\u00e0-\u024f])/g, "$1")))
    .join("\n\n");
}
