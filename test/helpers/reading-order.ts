import { pdftotext } from "./pdf-tools.js";
import { commonWordCount } from "./text-compare.js";

/**
 * The reading-order score of a conversion: the share of the reference's words that come out in the reference's
 * order, that is the longest common subsequence of the two word sequences over the reference's length. The
 * reference is `pdftotext` (poppler) output of the same PDF. Words are compared lower-cased and without punctuation,
 * and a word the reference breaks with a hyphen at a line end is mended first, as a rebuilt document mends it.
 */

/** Lower-case words without punctuation; "exam-\nple" is one word. */
export function orderWords(text: string): string[] {
  const mended = text.replace(/(\p{Ll})-[ \t]*\r?\n[ \t]*(?=\p{Ll})/gu, "$1");
  return mended
    .normalize("NFKC")
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ""))
    .filter(Boolean);
}

/** Length of the longest common subsequence, in O(n·m) time and O(m) memory (two rows of the table). */
export function lcsLength(a: readonly string[], b: readonly string[]): number {
  const ids = new Map<string, number>();
  const id = (w: string) => {
    let v = ids.get(w);
    if (v === undefined) ids.set(w, (v = ids.size));
    return v;
  };
  const x = Int32Array.from(a, id);
  const y = Int32Array.from(b, id);
  let previous = new Uint32Array(y.length + 1);
  let current = new Uint32Array(y.length + 1);
  for (let i = 0; i < x.length; i++) {
    const xi = x[i]!;
    for (let j = 0; j < y.length; j++) {
      current[j + 1] = xi === y[j] ? previous[j]! + 1 : Math.max(previous[j + 1]!, current[j]!);
    }
    [previous, current] = [current, previous];
  }
  return previous[y.length]!;
}

/** The share of the reference's words found in the same order in the text. */
export function readingOrderScore(reference: string, text: string): number {
  const ref = orderWords(reference);
  if (ref.length === 0) return 1;
  return lcsLength(ref, orderWords(text)) / ref.length;
}

/**
 * Order and completeness apart: `order` is the share of the words both texts hold that come out in the reference's
 * order (the longest common subsequence over the words in common, counted as a multiset), so that a word left out
 * does not count as a word out of order; `kept` is the share of the reference's words the text holds at all.
 */
export function orderAndKept(reference: readonly string[], words: readonly string[]): { order: number; kept: number } {
  if (reference.length === 0) return { order: 1, kept: 1 };
  const common = commonWordCount(reference, words);
  return { order: common === 0 ? 0 : lcsLength(reference, words) / common, kept: common / reference.length };
}

/** A word of pdftotext's reading with where it stands: one-based page and box in points. */
export interface PlacedWord {
  word: string;
  page: number;
  box: readonly [number, number, number, number];
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/**
 * pdftotext's words in its reading order (that of its plain text output) with their boxes (-bbox-layout), as
 * order words: punctuation gone, lower case, a word broken with a hyphen at a line end mended.
 */
export async function pdftotextWords(pdf: string, pages?: { first: number; last: number }): Promise<PlacedWord[]> {
  const args = ["-bbox-layout", ...(pages ? ["-f", String(pages.first), "-l", String(pages.last)] : [])];
  const xml = await pdftotext(pdf, args);
  // Raw words of each line, glued where pdftotext's plain text glues them: no space between two words that touch
  // (an exponent after its base).
  const raw: Array<{ text: string; page: number; box: [number, number, number, number]; lineEnd: boolean }> = [];
  let page = (pages?.first ?? 1) - 1;
  let lineStart = true;
  for (const m of xml.matchAll(/<page\b|<\/line>|<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)) {
    if (m[0] === "<page") page++;
    if (m[5] === undefined) {
      if (m[0] === "</line>" && raw.length > 0) raw[raw.length - 1]!.lineEnd = true;
      lineStart = true;
      continue;
    }
    const text = m[5].replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ENTITIES[e]!);
    const box: [number, number, number, number] = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])];
    const last = raw[raw.length - 1];
    if (last && !lineStart && box[0] - last.box[2] < 0.12 * Math.min(box[3] - box[1], last.box[3] - last.box[1])) {
      last.text += text;
      last.box = [Math.min(last.box[0], box[0]), Math.min(last.box[1], box[1]), Math.max(last.box[2], box[2]), Math.max(last.box[3], box[3])];
    } else raw.push({ text, page, box, lineEnd: false });
    lineStart = false;
  }
  const out: PlacedWord[] = [];
  const push = (text: string, at: (typeof raw)[number]) => {
    const word = text.normalize("NFKC").toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
    if (word) out.push({ word, page: at.page, box: at.box });
  };
  for (let i = 0; i < raw.length; i++) {
    const w = raw[i]!;
    const next = raw[i + 1];
    // "exam-" ending a line and "ple" starting the next are one word, as orderWords mends them.
    if (w.lineEnd && next && /\p{Ll}-$/u.test(w.text) && /^\p{Ll}/u.test(next.text)) {
      push(w.text.slice(0, -1) + next.text, w);
      i++;
    } else push(w.text, w);
  }
  return out;
}

/** The score of a conversion's text against pdftotext's reading of the PDF (optionally some pages only). */
export async function readingOrderAgainstPdf(pdf: string, text: string, pages?: { first: number; last: number }): Promise<number> {
  const args = pages ? ["-f", String(pages.first), "-l", String(pages.last)] : [];
  return readingOrderScore(await pdftotext(pdf, args), text);
}

const BLOCK_TAG = /^<\/?(?:w:p|w:tab|w:br|p|h[1-6]|li|ul|ol|td|th|tr|table|thead|tbody|div|br|hr|figure|section|nav|body|title)\b/i;

/** Visible text of markup (HTML, XHTML, WordprocessingML): block tags end a line, inline tags join, entities decoded. */
export function markupText(xml: string): string {
  return xml
    .replace(/<(script|style|title)\b[^>]*>[^<]*<\/\1>/gi, "\n")
    .replace(/<[^>]*>/g, (tag) => (BLOCK_TAG.test(tag) ? "\n" : ""))
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, "&");
}

/** Groups of an RTF file that hold no text of the document (tables of fonts, colours, styles; pictures; metadata). */
const RTF_HIDDEN = /^(?:fonttbl|colortbl|stylesheet|info|pict|listtable|listoverridetable|header|footer|themedata|latentstyles|rsidtbl|generator|xmlnstbl|datastore|pgdsctbl)$/;

/** The text of an RTF file: control words dropped, \par and \cell as breaks, \'hh and \uN decoded. */
export function rtfText(rtf: string): string {
  const out: string[] = [];
  const hidden: boolean[] = [false];
  let i = 0;
  let skipAfterUnicode = 0;
  while (i < rtf.length) {
    const c = rtf[i]!;
    const isHidden = hidden[hidden.length - 1]!;
    if (c === "{") {
      const word = /^\{\\(\*|[a-z]+)/.exec(rtf.slice(i, i + 40));
      hidden.push(isHidden || (word !== null && (word[1] === "*" || RTF_HIDDEN.test(word[1]!))));
      i++;
    } else if (c === "}") {
      if (hidden.length > 1) hidden.pop();
      i++;
    } else if (c === "\\") {
      const m = /^\\(?:([a-z]+)(-?\d+)? ?|'([0-9a-f]{2})|([\\{}~\-_]))/i.exec(rtf.slice(i, i + 40));
      if (!m) {
        i += 2;
        continue;
      }
      i += m[0].length;
      if (isHidden) continue;
      if (m[3]) out.push(skipAfterUnicode > 0 ? "" : Buffer.from([parseInt(m[3], 16)]).toString("latin1"));
      else if (m[4]) out.push(m[4] === "~" ? " " : /[\\{}]/.test(m[4]) ? m[4] : "");
      else if (m[1] === "u" && m[2]) {
        out.push(String.fromCodePoint((Number(m[2]) + 65536) % 65536));
        skipAfterUnicode = 1;
        continue;
      } else if (m[1] === "par" || m[1] === "line" || m[1] === "cell" || m[1] === "row" || m[1] === "tab" || m[1] === "sect" || m[1] === "page") out.push("\n");
      skipAfterUnicode = 0;
    } else {
      if (!isHidden && c !== "\r" && c !== "\n") {
        if (skipAfterUnicode > 0) skipAfterUnicode--;
        else out.push(c);
      }
      i++;
    }
  }
  return out.join("");
}
