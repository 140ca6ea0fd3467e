import fs from "node:fs/promises";
import type { PageWords } from "../engines/mupdf/compare-tasks.js";

/** How words are made comparable: compatibility forms folded (ligatures, full-width letters), then as chosen. */
export interface WordNormalization {
  ignoreCase: boolean;
  ignorePunctuation: boolean;
}

/** A page of a document as compared: its size, and where its words are in the document's word list. */
export interface ComparedPage {
  page: number;
  width: number;
  height: number;
  firstWord: number;
  wordCount: number;
  unreadable: boolean;
}

/** One document's compared words in order, side by side in flat arrays (a long document has a million). */
export interface DocumentWords {
  pages: ComparedPage[];
  /** The words as they are written. */
  text: string[];
  /** Each word's id in the vocabulary both documents share: equal ids are equal words as normalised. */
  keys: Int32Array;
  /** Each word's one-based page. */
  page: Int32Array;
  /** Four numbers a word: x0, y0, x1, y1 in points from its page's top left corner. */
  boxes: Float32Array;
}

const PUNCTUATION = /\p{P}+/gu;

function normalise(word: string, how: WordNormalization): string {
  let key = word.normalize("NFKC");
  if (how.ignorePunctuation) key = key.replace(PUNCTUATION, "");
  if (how.ignoreCase) key = key.toLowerCase();
  return key;
}

/** Gives each distinct normalised word an id, the same across both documents. */
export class Vocabulary {
  private readonly ids = new Map<string, number>();

  idOf(key: string): number {
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(key, id);
    }
    return id;
  }
}

/**
 * Reads the words MuPDF wrote (compare-tasks.ts) into flat arrays. A word that is nothing once normalised (a dash
 * alone, with punctuation ignored) is left out: there is nothing of it to compare.
 */
export async function readDocumentWords(file: string, how: WordNormalization, vocabulary: Vocabulary): Promise<DocumentWords> {
  const found = JSON.parse(await fs.readFile(file, "utf8")) as PageWords[];
  const total = found.reduce((sum, p) => sum + p.words.length, 0);
  const text: string[] = [];
  const keys = new Int32Array(total);
  const page = new Int32Array(total);
  const boxes = new Float32Array(total * 4);
  const pages: ComparedPage[] = [];
  for (const p of found) {
    const firstWord = text.length;
    p.words.forEach((word, i) => {
      const key = normalise(word, how);
      if (key === "") return;
      const at = text.length;
      text.push(word);
      keys[at] = vocabulary.idOf(key);
      page[at] = p.page;
      boxes.set(p.boxes.slice(i * 4, i * 4 + 4), at * 4);
    });
    pages.push({ page: p.page, width: p.width, height: p.height, firstWord, wordCount: text.length - firstWord, unreadable: p.unreadable === true });
  }
  return { pages, text, keys: keys.subarray(0, text.length), page: page.subarray(0, text.length), boxes: boxes.subarray(0, text.length * 4) };
}
