import { PDFDocument, StandardFonts, rgb, setWordSpacing, type PDFFont, type PDFPage } from "@cantoo/pdf-lib";
import sharp from "sharp";

/**
 * A journal-style article in two or three columns, typeset line by line as a PDF producer does: a title across the
 * page, a running head and a page number on every page, section headings inside the columns, paragraphs with a
 * first-line indent that run on from one column (and page) to the next, words broken with a hyphen at line ends,
 * a footnote under the first column, a picture with its caption and one ruled table of short cells. The text uses
 * a large made-up vocabulary and sentences, so that a reading-order comparison cannot be satisfied by chance.
 * What a converter must find again is returned beside the bytes.
 */

export interface ColumnDocument {
  title: string;
  runningHead: string;
  headings: string[];
  /** Paragraph texts, in reading order, with hyphenation undone. */
  paragraphs: string[];
  /** All the article's text in reading order (title, authors, headings, paragraphs, table rows, caption), without
   * the running head, page numbers and the footnote. */
  flow: string[];
  footnote: string;
  table: string[][];
  pages: number;
}

/** A deterministic pseudo-random source (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = "ar be co da el fa gi ho in ju ka lo me no or pa qui ra se ti ul va we xe yo zu bran cel dor fen gra hul lim mor nes pol rin sta tor ven".split(" ");

function makeWords(next: () => number, count: number): string[] {
  const words = new Set<string>();
  while (words.size < count) {
    const n = 1 + Math.floor(next() * 4);
    words.add(Array.from({ length: n }, () => SYLLABLES[Math.floor(next() * SYLLABLES.length)]).join(""));
  }
  return [...words];
}

function paragraphText(next: () => number, vocabulary: readonly string[], sentences: number): string {
  const out: string[] = [];
  for (let s = 0; s < sentences; s++) {
    const n = 8 + Math.floor(next() * 12);
    const words = Array.from({ length: n }, () => vocabulary[Math.floor(next() * vocabulary.length)]!);
    words[0] = words[0]!.charAt(0).toUpperCase() + words[0]!.slice(1);
    if (n > 12) words[Math.floor(n / 2)] += ",";
    out.push(`${words.join(" ")}.`);
  }
  return out.join(" ");
}

/** Lines of at most `width` points; a long word that does not fit is broken with a hyphen where its head fits. */
function wrapHyphenated(text: string, font: PDFFont, size: number, width: number, firstIndent: number): string[] {
  const lines: string[] = [];
  let line = "";
  const room = () => width - (lines.length === 0 ? firstIndent : 0);
  const fits = (t: string) => font.widthOfTextAtSize(t, size) <= room();
  for (const word of text.split(" ")) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    let rest = word;
    if (/^[a-z]{7,}$/.test(word) && line) {
      for (let cut = word.length - 3; cut >= 3; cut--) {
        if (fits(`${line} ${word.slice(0, cut)}-`)) {
          lines.push(`${line} ${word.slice(0, cut)}-`);
          rest = word.slice(cut);
          line = "";
          break;
        }
      }
    }
    if (line) lines.push(line);
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}

interface Fonts {
  body: PDFFont;
  italic: PDFFont;
  heading: PDFFont;
  title: PDFFont;
}

const PAGE: [number, number] = [595, 842];
const MARGIN_X = 56;
const TOP = 770;
const BOTTOM = 72;
const GUTTER = 18;
const BODY = 10;
const LEADING = 12.5;

type Block =
  | { kind: "heading"; text: string }
  | { kind: "paragraph"; text: string }
  | { kind: "table"; rows: string[][] }
  | { kind: "figure"; caption: string };

export async function makeColumnPdf(columns: 2 | 3, seed = columns): Promise<{ data: Uint8Array; content: ColumnDocument }> {
  const next = random(seed * 7919);
  const vocabulary = makeWords(next, 600);
  const doc = await PDFDocument.create();
  const fonts: Fonts = {
    body: await doc.embedFont(StandardFonts.TimesRoman),
    italic: await doc.embedFont(StandardFonts.TimesRomanItalic),
    heading: await doc.embedFont(StandardFonts.HelveticaBold),
    title: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const headings = ["Introduction", "Related Work", "Method of Survey", "Results", "Discussion", "Conclusions"];
  const table = [
    ["Site", "Samples", "Share"],
    ["North", "12.5", "0.41"],
    ["Harbour", "7.25", "0.19"],
    ["Quarry", "30.0", "0.40"],
  ];
  const blocks: Block[] = [];
  const paragraphs: string[] = [];
  const paragraph = (sentences: number) => {
    const text = paragraphText(next, vocabulary, sentences);
    paragraphs.push(text);
    blocks.push({ kind: "paragraph", text });
  };
  headings.forEach((heading, h) => {
    blocks.push({ kind: "heading", text: heading });
    for (let p = 0; p < 4; p++) paragraph(3 + Math.floor(next() * 4));
    if (h === 2) blocks.push({ kind: "table", rows: table });
    if (h === 3) blocks.push({ kind: "figure", caption: "Figure 1: Samples drawn at each site over the season." });
  });
  const content: ColumnDocument = {
    title: "On the Drift of Coastal Sediment Records",
    runningHead: "Journal of Layout Studies, Volume Seven",
    headings,
    paragraphs,
    flow: [],
    footnote: "Corresponding author: the survey office of the northern harbour board.",
    table,
    pages: 0,
  };

  const columnWidth = (PAGE[0] - 2 * MARGIN_X - GUTTER * (columns - 1)) / columns;
  const picture = await doc.embedPng(await sharp({ create: { width: 200, height: 120, channels: 3, background: { r: 40, g: 110, b: 170 } } }).png().toBuffer());
  let page!: PDFPage;
  let column = 0;
  let y = 0;
  let top = TOP;
  let bottom = BOTTOM;
  const newPage = () => {
    page = doc.addPage(PAGE);
    content.pages++;
    page.drawText(content.runningHead, { x: MARGIN_X, y: PAGE[1] - 40, size: 9, font: fonts.italic });
    const number = String(content.pages);
    page.drawText(number, { x: PAGE[0] / 2 - fonts.body.widthOfTextAtSize(number, 9) / 2, y: 36, size: 9, font: fonts.body });
    column = 0;
    top = TOP;
    bottom = BOTTOM;
    if (content.pages === 1) {
      page.drawText(content.title, { x: MARGIN_X, y: TOP - 10, size: 18, font: fonts.title });
      page.drawText("Ada Marlow and Ben Okafor", { x: MARGIN_X, y: TOP - 34, size: 11, font: fonts.italic });
      top = TOP - 64;
      // The footnote sits under the first column, apart from the text by a short rule.
      const lines = wrapHyphenated(content.footnote, fonts.body, 8, columnWidth, 0);
      lines.forEach((line, i) => page.drawText(line, { x: MARGIN_X, y: BOTTOM + (lines.length - 1 - i) * 9.5, size: 8, font: fonts.body }));
      page.drawLine({ start: { x: MARGIN_X, y: BOTTOM + lines.length * 9.5 + 2 }, end: { x: MARGIN_X + 60, y: BOTTOM + lines.length * 9.5 + 2 }, thickness: 0.5 });
      bottom = BOTTOM + lines.length * 9.5 + 14;
    }
    y = top;
  };
  const columnX = () => MARGIN_X + column * (columnWidth + GUTTER);
  const nextColumn = () => {
    column++;
    if (column >= columns) newPage();
    else {
      y = top;
      // Under the first column only: the footnote's space is not the other columns'.
      if (content.pages === 1) bottom = BOTTOM;
    }
  };
  const need = (height: number) => {
    if (y - height < bottom) nextColumn();
  };
  newPage();
  content.flow.push(content.title, "Ada Marlow and Ben Okafor");
  for (const block of blocks) {
    content.flow.push(...(block.kind === "table" ? block.rows.map((r) => r.join(" ")) : block.kind === "figure" ? [block.caption] : [block.text]));
    if (block.kind === "heading") {
      need(LEADING * 4);
      if (y !== top) y -= 8;
      page.drawText(block.text, { x: columnX(), y: y - 10, size: 12, font: fonts.heading });
      y -= 12 + 8;
    } else if (block.kind === "paragraph") {
      const lines = wrapHyphenated(block.text, fonts.body, BODY, columnWidth, 12);
      lines.forEach((line, i) => {
        need(LEADING);
        const indent = i === 0 ? 12 : 0;
        // Justified as a journal sets it: every line but a paragraph's last fills the column.
        const spaces = line.split(" ").length - 1;
        const spare = columnWidth - indent - fonts.body.widthOfTextAtSize(line, BODY);
        const justify = i < lines.length - 1 && spaces > 0;
        if (justify) page.pushOperators(setWordSpacing(spare / spaces));
        page.drawText(line, { x: columnX() + indent, y: y - BODY, size: BODY, font: fonts.body });
        if (justify) page.pushOperators(setWordSpacing(0));
        y -= LEADING;
      });
    } else if (block.kind === "table") {
      const rowHeight = 16;
      need(rowHeight * block.rows.length + 12);
      y -= 6;
      const cellWidth = Math.min(70, columnWidth / block.rows[0]!.length);
      const x0 = columnX();
      const x1 = x0 + cellWidth * block.rows[0]!.length;
      block.rows.forEach((row, r) => {
        page.drawLine({ start: { x: x0, y }, end: { x: x1, y }, thickness: r === 0 ? 1 : 0.4, color: rgb(0, 0, 0) });
        row.forEach((cell, c) => page.drawText(cell, { x: x0 + c * cellWidth + 3, y: y - 11.5, size: 9, font: r === 0 ? fonts.heading : fonts.body }));
        y -= rowHeight;
      });
      page.drawLine({ start: { x: x0, y }, end: { x: x1, y }, thickness: 1, color: rgb(0, 0, 0) });
      y -= 12;
    } else {
      const height = (columnWidth * 120) / 200;
      need(height + 30);
      y -= 4;
      page.drawImage(picture, { x: columnX(), y: y - height, width: columnWidth, height });
      y -= height + 12;
      for (const line of wrapHyphenated(block.caption, fonts.italic, 9, columnWidth, 0)) {
        page.drawText(line, { x: columnX(), y, size: 9, font: fonts.italic });
        y -= 11;
      }
      y -= 8;
    }
  }
  return { data: await doc.save(), content };
}
