import type * as mupdf from "mupdf";
import { openPdf } from "./documents.js";
import { greyRender } from "./grey-render.js";

type Progress = (fraction: number) => void;

/** Blank is judged at this resolution: specks smaller than a pixel here are far below any useful tolerance. */
const BLANK_DPI = 50;
/** A render of more pixels than this is made at a lower resolution. */
const MAX_BLANK_PIXELS = 8_000_000;
/** Grey values below this are marks; lighter ones are paper (scanner noise, off-white). */
const MARK_BELOW = 220;

/** The share of the page, 0 to 1, that is marked as rendered with its annotations. */
function markedShare(page: mupdf.PDFPage): number {
  const { pixels, width, height, stride } = greyRender(page, BLANK_DPI, MAX_BLANK_PIXELS);
  let marked = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0, row = y * stride; x < width; x++) if (pixels[row + x]! < MARK_BELOW) marked++;
  }
  return marked / Math.max(1, width * height);
}

function hasText(page: mupdf.PDFPage): boolean {
  // Glyphs without a Unicode mapping come out as U+FFFD: they are text all the same.
  return page.toStructuredText("").asText().trim() !== "";
}

export const blankTasks = {
  /** The one-based pages with no text whose render is marked over at most maxMarkedShare of their area. */
  findBlankPages(args: { input: string; maxMarkedShare: number }, progress: Progress): { blank: number[] } {
    const doc = openPdf(args.input);
    const blank: number[] = [];
    for (let i = 0, n = doc.countPages(); i < n; i++) {
      const page = doc.loadPage(i);
      if (!hasText(page) && markedShare(page) <= args.maxMarkedShare) blank.push(i + 1);
      if (i % 5 === 4) progress((i + 1) / n);
    }
    return { blank };
  },
};
