import fs from "node:fs";
import type * as mupdf from "mupdf";
import { MAX_COMPARED_WORDS } from "../../lib/content-limits.js";
import { openPdf } from "./documents.js";

type Progress = (fraction: number) => void;

/**
 * One page's words in MuPDF's reading order, each with its box in points from the page's top left corner as seen
 * (crop box, rotation applied): the space pdf.js draws a page in at scale 1.
 */
export interface PageWords {
  /** One-based. */
  page: number;
  width: number;
  height: number;
  words: string[];
  /** Four numbers a word: x0, y0, x1, y1. */
  boxes: number[];
  /** MuPDF could not read the page's text: it counts as a page without words. */
  unreadable?: true;
}

/** A word's box grows to hold each of its characters' quads (rotated text has turned quads). */
class WordBuilder {
  text = "";
  x0 = Infinity;
  y0 = Infinity;
  x1 = -Infinity;
  y1 = -Infinity;

  add(c: string, quad: mupdf.Quad): void {
    this.text += c;
    for (let i = 0; i < 8; i += 2) {
      this.x0 = Math.min(this.x0, quad[i]!);
      this.x1 = Math.max(this.x1, quad[i]!);
      this.y0 = Math.min(this.y0, quad[i + 1]!);
      this.y1 = Math.max(this.y1, quad[i + 1]!);
    }
  }
}

const round = (n: number) => Math.round(n * 100) / 100;

/** Whitespace of any script: word breaks. */
function isSpace(c: string): boolean {
  return c.trim() === "";
}

function readPageWords(page: mupdf.PDFPage, number: number): PageWords {
  const [bx0, by0, bx1, by1] = page.getBounds();
  const result: PageWords = { page: number, width: round(bx1 - bx0), height: round(by1 - by0), words: [], boxes: [] };
  let word = new WordBuilder();
  const finish = () => {
    if (word.text !== "") {
      result.words.push(word.text);
      result.boxes.push(round(word.x0 - bx0), round(word.y0 - by0), round(word.x1 - bx0), round(word.y1 - by0));
    }
    word = new WordBuilder();
  };
  page.toStructuredText("preserve-whitespace").walk({
    onChar(c, _origin, _font, _size, quad) {
      // Glyphs without a Unicode mapping come out as U+FFFD: they carry no text to compare.
      if (c === "\uFFFD") return;
      if (isSpace(c)) finish();
      else word.add(c, quad);
    },
    endLine: finish,
    endTextBlock: finish,
  });
  finish();
  return result;
}

export const compareTasks = {
  /**
   * The words of the given one-based pages, written to `output` as a JSON array of PageWords (a long document's
   * words are too many to hand back as a message). A page whose text MuPDF cannot read is marked so and counted as
   * wordless. Stops with `tooManyWords` once the words pass MAX_COMPARED_WORDS.
   */
  pageWords(args: { input: string; pages: number[]; output: string }, progress: Progress): { words: number; unreadable: number[]; tooManyWords: boolean } {
    const doc = openPdf(args.input);
    const fd = fs.openSync(args.output, "w");
    let words = 0;
    const unreadable: number[] = [];
    try {
      fs.writeSync(fd, "[");
      for (const [i, number] of args.pages.entries()) {
        let found: PageWords;
        try {
          found = readPageWords(doc.loadPage(number - 1), number);
        } catch {
          const [x0, y0, x1, y1] = safeBounds(doc, number - 1);
          found = { page: number, width: round(x1 - x0), height: round(y1 - y0), words: [], boxes: [], unreadable: true };
          unreadable.push(number);
        }
        words += found.words.length;
        if (words > MAX_COMPARED_WORDS) return { words, unreadable, tooManyWords: true };
        fs.writeSync(fd, (i > 0 ? "," : "") + JSON.stringify(found));
        if (i % 10 === 9) progress((i + 1) / args.pages.length);
      }
      fs.writeSync(fd, "]");
    } finally {
      fs.closeSync(fd);
    }
    return { words, unreadable, tooManyWords: false };
  },
};

/** A page's bounds, or a Letter page's where even those cannot be read. */
function safeBounds(doc: mupdf.PDFDocument, index: number): [number, number, number, number] {
  try {
    const [x0, y0, x1, y1] = doc.loadPage(index).getBounds();
    return [x0, y0, x1, y1];
  } catch {
    return [0, 0, 612, 792];
  }
}
