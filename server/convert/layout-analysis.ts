import type { LayoutBlock, LayoutChapter, LayoutLine, LayoutPage, LayoutSpan } from "../engines/mupdf/convert-tasks.js";
import { centreY, height, lineText, median, width, type Box } from "./geometry.js";
import { mendRightToLeftLineEnds, rightToLeftText } from "./right-to-left.js";
import { readingOrder, type Placed } from "./page-order.js";
import { pageFurniture } from "./page-furniture.js";
import { findRuledTables } from "./ruled-tables.js";
import { findRuleBoundedTables } from "./rule-bounded-tables.js";
import { findTables, type CellMerge, type FoundTable } from "./tables.js";
import { readableOrientation } from "./vertical-text.js";
import { joinDropCaps } from "./drop-caps.js";
import { fillBehind, floats, shadingFills, textBoxes } from "./text-boxes.js";
import type { PageFill } from "../engines/mupdf/page-rules.js";

/**
 * Turns MuPDF's positioned text into a flowing document. Each page is read in its own order (columns found by
 * XY-cut, page-order.ts), without its running heads and page numbers (page-furniture.ts), with tables only where
 * short cells line up over several rows (tables.ts); lines become paragraphs, which are joined again where a column
 * or page break cut one; headings come from sizes larger than the body text or from short bold lines, lists from
 * their markers, and footnotes close their page. The same model feeds every text format (Word, RTF, HTML,
 * Markdown, EPUB), so they all read a PDF the same way.
 */

/** Text in one style: a span without its position. */
export type Run = Omit<LayoutSpan, "x0" | "x1">;

/** What a paragraph carries beside its text: the colour painted behind it ("rrggbb"), and its direction. */
export interface ParagraphLook {
  fill?: string;
  rtl?: boolean;
}

export type DocNode =
  | ({ type: "heading"; level: 1 | 2 | 3; runs: Run[]; page: number } & ParagraphLook)
  | ({ type: "paragraph"; runs: Run[]; page: number } & ParagraphLook)
  | ({ type: "list"; ordered: boolean; items: Run[][]; page: number } & ParagraphLook)
  /** fills: each grid cell's shading ("" for none), as rows. */
  | { type: "table"; rows: string[][]; merges?: CellMerge[]; fills?: string[][]; page: number }
  | { type: "image"; path: string; width: number; height: number; widthPt: number; heightPt: number; page: number; alt?: string; bbox: Box };

export interface DocumentModel {
  nodes: DocNode[];
  /** The most common text size: headings are what stands out from it. */
  bodySize: number;
  chapters: LayoutChapter[];
  /** Page sizes in points, in order. */
  pageSizes: Array<[number, number]>;
  tableCount: number;
}

export interface AnalysisOptions {
  detectTables: boolean;
}

const LIST_MARKER = /^\s*(?:([•◦▪‣∙·●○■□–\-*])|(\d{1,3}[.)]|[a-zA-Z][.)]))\s+/;

const textOf = lineText;

/** The character-weighted most common span size, to half a point. */
function dominantSize(spans: readonly LayoutSpan[]): number {
  const weight = new Map<number, number>();
  for (const s of spans) {
    const size = Math.round(s.size * 2) / 2;
    weight.set(size, (weight.get(size) ?? 0) + s.text.trim().length);
  }
  let best = 0;
  let bestWeight = -1;
  for (const [size, w] of weight) if (w > bestWeight) [best, bestWeight] = [size, w];
  return best;
}

// ---- paragraphs ----

/** Joins a paragraph's lines into runs, mending words broken with a hyphen at a line end. */
function runsOf(lines: readonly LayoutLine[]): Run[] {
  const runs: Run[] = [];
  lines.forEach((line, li) => {
    line.spans.forEach((span, si) => {
      let text = span.text;
      const lastOfLine = si === line.spans.length - 1;
      if (lastOfLine && li < lines.length - 1) {
        const next = textOf(lines[li + 1]!).trimStart();
        if (/[a-z\u00e0-\u024f]-$/.test(text.trimEnd()) && /^[a-z\u00e0-\u024f]/.test(next)) text = text.trimEnd().slice(0, -1);
        // Chinese and Japanese put no space between words, nor where a line breaks.
        else if (CJK_CHAR.test(text.trimEnd().slice(-1)) && CJK_CHAR.test(next.charAt(0))) text = text.trimEnd();
        else if (!/\s$/.test(text)) text += " ";
      }
      const last = runs[runs.length - 1];
      const style = { font: span.font, size: span.size, bold: span.bold, italic: span.italic, mono: span.mono, color: span.color, ...(span.script ? { script: span.script } : {}) };
      if (last && last.font === style.font && last.size === style.size && last.bold === style.bold && last.italic === style.italic && last.color === style.color && last.script === style.script) {
        last.text += text;
      } else runs.push({ text, ...style });
    });
  });
  if (runs.length > 0) runs[runs.length - 1]!.text = runs[runs.length - 1]!.text.trimEnd();
  if (runs.length > 0) runs[0]!.text = runs[0]!.text.trimStart();
  return runs.filter((r) => r.text !== "");
}

function stripMarker(runs: Run[]): { runs: Run[]; ordered: boolean } {
  const match = LIST_MARKER.exec(runs[0]?.text ?? "");
  if (!match) return { runs, ordered: false };
  const first = { ...runs[0]!, text: runs[0]!.text.slice(match[0].length) };
  return { runs: [first, ...runs.slice(1)].filter((r) => r.text !== ""), ordered: match[2] !== undefined };
}

/** A line, picture or table placed on the page, for the reading order. */
type PageItem = Placed &
  (
    | { kind: "line"; line: LayoutLine; block: number }
    | { kind: "image"; image: Extract<LayoutBlock, { kind: "image" }> }
    | { kind: "table"; rows: string[][]; merges?: CellMerge[]; fills?: string[][] }
  );

type LineItem = Extract<PageItem, { kind: "line" }>;

/** What a page contributes to the flow, in reading order. */
type FlowItem =
  | ({ kind: "paragraph"; lines: LayoutLine[]; size: number; startsColumn: boolean; footnote: boolean; indented: boolean } & ParagraphLook)
  | { kind: "image"; image: Extract<LayoutBlock, { kind: "image" }> }
  | { kind: "table"; rows: string[][]; merges?: CellMerge[]; fills?: string[][] };

/** Pictures covering more of the page than this are backgrounds: they come first and take no part in columns. */
const BACKGROUND_SHARE = 0.4;
/** Sentence ends: a paragraph ending otherwise may go on in the next column or on the next page. */
const SENTENCE_END = /[.!?:;…"”’)\]。！？」』]$/;
const CJK_SENTENCE_END = /[。！？」』]$/;
const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303F\uFF00-\uFFEF]/u;

function itemsOf(page: LayoutPage, skip: ReadonlySet<LayoutLine>, tables: readonly FoundTable[], fills: readonly PageFill[]): { items: PageItem[]; backgrounds: PageItem[] } {
  const inTable = new Set(tables.flatMap((t) => [...t.lines]));
  const items: PageItem[] = [];
  const backgrounds: PageItem[] = [];
  page.blocks.forEach((block, index) => {
    if (block.kind === "image") {
      const item: PageItem = { kind: "image", image: block, bbox: block.bbox, core: [block.bbox[1], block.bbox[3]] };
      if (!block.drawing && width(block.bbox) * height(block.bbox) > BACKGROUND_SHARE * page.width * page.height) backgrounds.push(item);
      else items.push(item);
      return;
    }
    for (const line of block.lines) {
      if (skip.has(line) || inTable.has(line)) continue;
      const cy = centreY(line.bbox);
      const half = height(line.bbox) * 0.3;
      items.push({ kind: "line", line, block: index, bbox: line.bbox, core: [cy - half, cy + half], rtl: rightToLeftText(lineText(line)) });
    }
  });
  for (const t of tables) {
    const shading = t.cellBoxes.map((row) => row.map((box) => fillBehind(fills, [box]) ?? ""));
    const shaded = shading.some((row) => row.some((f) => f !== ""));
    items.push({ kind: "table", rows: t.rows, merges: t.merges, ...(shaded ? { fills: shading } : {}), bbox: t.bbox, core: [t.bbox[1], t.bbox[3]] });
  }
  return { items, backgrounds };
}

/** A column's extent, the usual space between its lines, and the text boxes its lines wrap around. */
interface ColumnGeometry {
  left: number;
  right: number;
  gap: number;
  obstacles: readonly Box[];
}

/**
 * Where a line's room ends on the right and begins on the left: the column's edges, or a text box beside it (text
 * keeps some distance from a box it wraps around, above and below it too: a line's height counts as beside).
 */
function roomOf(line: LineItem, column: ColumnGeometry): { left: number; right: number } {
  let { left, right } = column;
  const h = height(line.bbox);
  for (const o of column.obstacles) {
    if (line.bbox[3] < o[1] - h || line.bbox[1] > o[3] + h) continue;
    if (o[0] >= line.bbox[2] - 1) right = Math.min(right, o[0]);
    else if (o[2] <= line.bbox[0] + 1) left = Math.max(left, o[2]);
  }
  return { left, right };
}

const allBold = (line: LayoutLine) => line.spans.every((s) => s.bold || s.text.trim() === "");

/** Whether text begins a sentence: a capital or a number, or a letter of a script without capitals. */
const SENTENCE_START = /^[\p{Lu}\p{N}\p{Lo}]/u;

/**
 * Whether line b starts a new paragraph after line a, within one column. Lines run from their starting edge (the
 * left, or the right in right-to-left text) to where they end: a first line is set in from the starting edge, and
 * a paragraph's last line stops short of the other.
 */
function startsParagraph(a: LineItem, b: LineItem, column: ColumnGeometry): boolean {
  const sa = dominantSize(a.line.spans);
  const sb = dominantSize(b.line.spans);
  const textA = textOf(a.line).trim();
  const textB = textOf(b.line).trim();
  if (Math.abs(sa - sb) > 1 || LIST_MARKER.test(textB)) return true;
  const rtl = a.rtl === true && b.rtl === true;
  // MuPDF's blocks follow the left edges of lines, which right-to-left text leaves ragged.
  if (b.block !== a.block && !rtl) return true;
  const gap = b.line.bbox[1] - a.line.bbox[3];
  if (gap > column.gap + height(a.line.bbox) * 0.45) return true;
  const roomA = roomOf(a, column);
  const roomB = roomOf(b, column);
  const lead = (l: LineItem, room: { left: number; right: number }) => (rtl ? room.right - l.bbox[2] : l.bbox[0] - room.left);
  const tail = (l: LineItem, room: { left: number; right: number }) => (rtl ? l.bbox[0] - room.left : room.right - l.bbox[2]);
  // Chinese and Japanese fill every line to the edge, a character a square: a line ending a sentence one
  // character short of it ends its paragraph.
  const gridded = CJK_SENTENCE_END.test(textA);
  const short = tail(a, roomA) > (gridded ? sa * 1.5 : Math.max((roomA.right - roomA.left) * 0.15, sa * 3));
  // A short bold line over lines that are not: a heading run into the text's block.
  if (short && allBold(a.line) && !allBold(b.line)) return true;
  const ended = SENTENCE_END.test(textA);
  // A first-line indent after a finished sentence.
  if (ended && lead(b, roomB) - lead(a, roomA) > sb * 0.8 && lead(b, roomB) > sb * 0.8) return true;
  // A short line ending a sentence, and the next one starting a new one.
  return ended && short && SENTENCE_START.test(textB);
}

/** Paragraphs, pictures and tables of one column, top to bottom. */
function flowOfColumn(column: readonly PageItem[], out: FlowItem[], obstacles: readonly Box[] = []): void {
  const lines = column.filter((i): i is LineItem => i.kind === "line");
  const left = Math.min(...lines.map((l) => l.bbox[0]));
  const right = Math.max(...lines.map((l) => l.bbox[2]));
  const gaps: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const gap = lines[i]!.line.bbox[1] - lines[i - 1]!.line.bbox[3];
    if (lines[i]!.core[0] >= lines[i - 1]!.core[1]) gaps.push(Math.max(0, gap));
  }
  const geometry: ColumnGeometry = { left, right, gap: median(gaps), obstacles };
  let current: LineItem[] = [];
  let first = true;
  const close = () => {
    if (current.length === 0) return;
    const ls = current.map((c) => c.line);
    const size = dominantSize(ls.flatMap((l) => l.spans));
    const indented = (current[0]!.rtl ? right - ls[0]!.bbox[2] : ls[0]!.bbox[0] - left) > size * 0.8;
    out.push({ kind: "paragraph", lines: ls, size, startsColumn: first, footnote: false, indented });
    first = false;
    current = [];
  };
  for (const item of column) {
    if (item.kind !== "line") {
      close();
      first = false;
      out.push(item.kind === "image" ? { kind: "image", image: item.image } : { kind: "table", rows: item.rows, merges: item.merges, fills: item.fills });
      continue;
    }
    const prev = current[current.length - 1];
    // Pieces of one visual line (MuPDF splits a line at wide spaces) continue it.
    const sameLine = prev && item.core[0] < prev.core[1] && item.bbox[0] >= prev.bbox[2] - 1;
    if (prev && !sameLine && startsParagraph(prev, item, geometry)) close();
    current.push(item);
  }
  close();
}

/**
 * Footnotes: the small-print paragraphs that close a column in the lower part of the page. They go to the end of
 * the page's flow, so that a paragraph running on into the next column is not cut by them.
 */
function markFootnotes(flow: FlowItem[], start: number, pageHeight: number, bodySize: number): void {
  for (let i = flow.length - 1; i >= start; i--) {
    const item = flow[i]!;
    if (item.kind !== "paragraph") return;
    const top = item.lines[0]!.bbox[1];
    if (item.size > bodySize * 0.9 || top < pageHeight * 0.5 || /^(fig(ure)?|table|tab)\.?\s/i.test(textOf(item.lines[0]!).trim())) return;
    item.footnote = true;
  }
}

/**
 * The page's tables and what drawings take: tables drawn with rules first; then drawings, which take the text
 * inside them (a chart's labels) into their picture; then tables ruled across only, and the text grid finds the
 * unruled tables among the lines left. Returns the lines left as text too.
 */
function tablesAndDrawings(page: LayoutPage, skip: ReadonlySet<LayoutLine>, detectTables: boolean): { tables: FoundTable[]; inDrawings: Set<LayoutLine>; text: LayoutLine[] } {
  const lines = page.blocks.flatMap((b, block) => {
    if (b.kind !== "text") return [];
    const kept = b.lines.filter((l) => !skip.has(l));
    return kept.map((line) => ({ line, block, blockLines: kept.length }));
  });
  const ruled = detectTables ? findRuledTables(page.rules, lines.map((l) => l.line), page) : [];
  const inRuled = new Set(ruled.flatMap((t) => [...t.lines]));
  const inDrawings = keepDrawings(page, lines.map((l) => l.line).filter((l) => !inRuled.has(l)), ruled);
  const free = lines.filter((l) => !inRuled.has(l.line) && !inDrawings.has(l.line));
  const acrossOnly = detectTables ? findRuleBoundedTables(page.rules, free.map((l) => l.line)) : [];
  const inAcrossOnly = new Set(acrossOnly.flatMap((t) => [...t.lines]));
  const tables = detectTables ? [...ruled, ...acrossOnly, ...findTables(free.filter((l) => !inAcrossOnly.has(l.line)), page.width)] : [];
  const inTables = new Set(tables.flatMap((t) => [...t.lines]));
  return { tables, inDrawings, text: free.map((l) => l.line).filter((l) => !inTables.has(l)) };
}

function pageFlow(page: LayoutPage, skip: ReadonlySet<LayoutLine>, bodySize: number, detectTables: boolean): { flow: FlowItem[]; tables: number } {
  const { tables, inDrawings, text } = tablesAndDrawings(page, skip, detectTables);
  const fills = shadingFills(page);
  // Text boxes set into the running text are read on their own and placed after the paragraph beside them.
  const floating = textBoxes(page, text, tables, fills).filter((box) => floats(box, text));
  const inFloats = new Set(floating.flatMap((f) => f.lines));
  const { items, backgrounds } = itemsOf(page, new Set([...skip, ...inDrawings, ...inFloats]), tables, fills);
  const flow: FlowItem[] = [];
  for (const b of backgrounds) if (b.kind === "image") flow.push({ kind: "image", image: b.image });
  // A column gutter is wider than the space between words.
  const minGutter = Math.max(4, bodySize * 0.6);
  const columns = readingOrder(items, minGutter);
  const obstacles = floating.map((f) => f.box);
  for (const column of columns) {
    const start = flow.length;
    flowOfColumn(column, flow, obstacles);
    markFootnotes(flow, start, page.height, bodySize);
  }
  for (const box of floating) {
    const inBox = new Set(box.lines);
    const outside = new Set(page.blocks.flatMap((b) => (b.kind === "text" ? b.lines.filter((l) => !inBox.has(l)) : [])));
    const own: FlowItem[] = [];
    for (const column of readingOrder(itemsOf(page, outside, [], fills).items.filter((i) => i.kind === "line"), minGutter)) flowOfColumn(column, own);
    flow.splice(afterAnchor(flow, columns, box.box), 0, ...own);
  }
  for (const item of flow) if (item.kind === "paragraph") lookOf(item, fills);
  const notes = flow.filter((f) => f.kind === "paragraph" && f.footnote);
  return { flow: [...flow.filter((f) => !(f.kind === "paragraph" && f.footnote)), ...notes], tables: tables.length };
}

/** A paragraph's colour behind it, and whether most of its lines are right-to-left text. */
function lookOf(item: Extract<FlowItem, { kind: "paragraph" }>, fills: readonly PageFill[]): void {
  const fill = fillBehind(fills, item.lines.map((l) => l.bbox));
  if (fill) item.fill = fill;
  if (item.lines.filter((l) => rightToLeftText(lineText(l))).length * 2 > item.lines.length) item.rtl = true;
}

/**
 * Where a text box's own paragraphs go in the page's flow: after the paragraph that holds the last line, in the
 * column the box stands in, that starts above the box's top (or at the start of that column's flow).
 */
function afterAnchor(flow: readonly FlowItem[], columns: ReadonlyArray<readonly PageItem[]>, box: Box): number {
  const widthIn = (column: readonly PageItem[]) => {
    const x0 = Math.min(...column.map((i) => i.bbox[0]));
    const x1 = Math.max(...column.map((i) => i.bbox[2]));
    return Math.max(0, Math.min(x1, box[2]) - Math.max(x0, box[0]));
  };
  const column = [...columns].sort((a, b) => widthIn(b) - widthIn(a))[0];
  if (!column) return flow.length;
  const lines = column.filter((i): i is LineItem => i.kind === "line");
  const anchor = lines.filter((l) => l.bbox[1] <= box[1] + 2).pop() ?? lines[0];
  if (!anchor) return flow.length;
  const at = flow.findIndex((f) => f.kind === "paragraph" && f.lines.includes(anchor.line));
  if (at < 0) return flow.length;
  return anchor.bbox[1] <= box[1] + 2 ? at + 1 : at;
}

/** A drawing whose area is more than this share text is shading behind text: the text stays text. */
const DRAWING_TEXT_SHARE = 0.35;
/** Words in a line from which it is a sentence, not a label. */
const PROSE_LINE_WORDS = 7;

const overlap = (a: Box, b: Box) => Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0])) * Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
const inside = (line: LayoutLine, box: Box) => {
  const cx = (line.bbox[0] + line.bbox[2]) / 2;
  const cy = centreY(line.bbox);
  return cx >= box[0] && cx <= box[2] && cy >= box[1] && cy <= box[3];
};

/**
 * Which rendered drawings stay on the page as pictures: not those over a table (its borders and cell shading, whose
 * text the table carries), nor shading behind running text; a chart or diagram does, and the few words on it
 * (labels, legends) are in its picture, so they leave the text. Returns the lines the kept drawings take.
 */
function keepDrawings(page: LayoutPage, lines: readonly LayoutLine[], tables: readonly FoundTable[]): Set<LayoutLine> {
  const taken = new Set<LayoutLine>();
  // Pictures from the file (a formula's picture is a render of part of the page, like a drawing's).
  const pictures = page.blocks.filter((b): b is Extract<LayoutBlock, { kind: "image" }> => b.kind === "image" && !b.drawing && b.alt === undefined);
  page.blocks = page.blocks.filter((block) => {
    if (block.kind !== "image" || !block.drawing) return true;
    const area = width(block.bbox) * height(block.bbox);
    if (tables.some((t) => overlap(t.bbox, block.bbox) > area * 0.5)) return false;
    // A frame drawn around a picture: the picture is there already.
    if (pictures.some((p) => overlap(p.bbox, block.bbox) > width(p.bbox) * height(p.bbox) * 0.5)) return false;
    const within = lines.filter((l) => !taken.has(l) && inside(l, block.bbox));
    const textArea = within.reduce((sum, l) => sum + width(l.bbox) * height(l.bbox), 0);
    // Labels are a few words; a line of a sentence means the drawing is a box or shading behind text.
    if (textArea > area * DRAWING_TEXT_SHARE || within.some((l) => lineText(l).trim().split(/\s+/).length >= PROSE_LINE_WORDS)) return false;
    // One filled rectangle with text in it is a text box, however short its lines: a chart has parts.
    if (within.length > 0 && oneRectangle(page, block.bbox)) return false;
    for (const line of within) taken.add(line);
    return true;
  });
  // A chart's tick labels may look like a formula: the chart's picture shows them already.
  const drawings = page.blocks.filter((b): b is Extract<LayoutBlock, { kind: "image" }> => b.kind === "image" && b.drawing === true);
  page.blocks = page.blocks.filter((b) => b.kind !== "image" || b.alt === undefined || !drawings.some((d) => overlap(d.bbox, b.bbox) > width(b.bbox) * height(b.bbox) * 0.8));
  return taken;
}

/** Whether the only shape in a drawing's area is one filled rectangle covering most of it. */
function oneRectangle(page: LayoutPage, region: Box): boolean {
  const shapes = page.drawings.filter((d) => {
    const cx = (d[0] + d[2]) / 2;
    const cy = (d[1] + d[3]) / 2;
    return cx >= region[0] && cx <= region[2] && cy >= region[1] && cy <= region[3];
  });
  const area = width(region) * height(region);
  return shapes.length === 1 && page.fills.some((f) => overlap(f.box, region) >= area * 0.8 && overlap(f.box, shapes[0]!) >= width(shapes[0]!) * height(shapes[0]!) * 0.9);
}

/** Heading levels by size rank: the largest size that stands out is level 1, the next 2, the rest 3. */
function headingLevels(sizes: number[], bodySize: number): Map<number, 1 | 2 | 3> {
  const distinct = [...new Set(sizes.filter((s) => s >= bodySize * 1.15))].sort((a, b) => b - a);
  return new Map(distinct.map((s, i) => [s, Math.min(3, i + 1) as 1 | 2 | 3]));
}

/** A short bold line of body size, not a sentence: a run-in heading. */
function boldHeading(runs: readonly Run[], lines: number): boolean {
  const text = plainText(runs).trim();
  return lines === 1 && runs.every((r) => r.bold || r.text.trim() === "") && /\p{L}/u.test(text) && text.split(/\s+/).length <= 12 && !/[.,;]$/.test(text);
}

export function analyseLayout(printed: readonly LayoutPage[], pageNumbers: readonly number[], chapters: LayoutChapter[], options: AnalysisOptions): DocumentModel {
  const pages = printed.map(readableOrientation);
  pages.forEach(joinDropCaps);
  pages.forEach(mendRightToLeftLineEnds);
  const allSpans = pages.flatMap((p) => p.blocks.flatMap((b) => (b.kind === "text" ? b.lines.flatMap((l) => l.spans) : [])));
  const bodySize = dominantSize(allSpans) || 11;
  const furniture = pageFurniture(pages, bodySize);
  const flows = pages.map((page) => pageFlow(page, furniture, bodySize, options.detectTables));
  const levels = headingLevels(
    flows.flatMap((p) => p.flow.flatMap((i) => (i.kind === "paragraph" && i.lines.length <= 3 ? [i.size] : []))),
    bodySize,
  );
  const boldLevel = Math.min(3, levels.size + 1) as 1 | 2 | 3;
  const indents = indentedParagraphs(flows.flatMap((f) => f.flow));

  const nodes: DocNode[] = [];
  const footnotes = new Set<DocNode>();
  let tableCount = 0;
  flows.forEach(({ flow, tables }, index) => {
    const page = pageNumbers[index]!;
    tableCount += tables;
    for (const item of flow) {
      if (item.kind === "table") {
        nodes.push({ type: "table", rows: item.rows, ...(item.merges?.length ? { merges: item.merges } : {}), ...(item.fills ? { fills: item.fills } : {}), page });
        continue;
      }
      if (item.kind === "image") {
        const { image } = item;
        const shown = image.pageBox ?? image.bbox;
        nodes.push({
          type: "image",
          path: image.path,
          width: image.width,
          height: image.height,
          widthPt: width(shown),
          heightPt: height(shown),
          page,
          bbox: shown,
          ...(image.alt ? { alt: image.alt } : {}),
        });
        continue;
      }
      const runs = runsOf(item.lines);
      if (runs.length === 0) continue;
      const look: ParagraphLook = { ...(item.fill ? { fill: item.fill } : {}), ...(item.rtl ? { rtl: true } : {}) };
      const level = item.lines.length <= 3 ? (levels.get(item.size) ?? (item.size >= bodySize - 0.5 && boldHeading(runs, item.lines.length) ? boldLevel : undefined)) : undefined;
      if (level && !item.footnote) {
        // A heading wrapped in a narrow column may be cut where the page's reading order is: a line starting in
        // lower case right after a heading of its level goes on with it.
        const last = nodes[nodes.length - 1];
        if (last?.type === "heading" && last.level === level && last.page === page && /^\p{Ll}/u.test(runs[0]!.text)) {
          last.runs[last.runs.length - 1]!.text = `${last.runs[last.runs.length - 1]!.text.trimEnd()} `;
          last.runs.push(...runs);
        } else nodes.push({ type: "heading", level, runs, page, ...look });
        continue;
      }
      if (LIST_MARKER.test(runs[0]!.text)) {
        const { runs: itemRuns, ordered } = stripMarker(runs);
        const last = nodes[nodes.length - 1];
        if (last?.type === "list" && last.ordered === ordered) last.items.push(itemRuns);
        else nodes.push({ type: "list", ordered, items: [itemRuns], page, ...look });
        continue;
      }
      // Where paragraphs start with an indent, a column that starts without one goes on with the paragraph before.
      const runsOn = indents && !item.indented;
      if (item.startsColumn && !item.footnote && continueParagraph(nodes, footnotes, runs, item.size, runsOn)) continue;
      const node: DocNode = { type: "paragraph", runs, page, ...look };
      nodes.push(node);
      if (item.footnote) footnotes.add(node);
    }
  });
  return { nodes, bodySize, chapters, pageSizes: printed.map((p) => [p.width, p.height]), tableCount };
}

/**
 * A paragraph that a column or page break cut in two is one paragraph again: the text before the break ends
 * mid-sentence and the text after it starts in lower case. Footnotes placed at the end of the page are skipped.
 */
function continueParagraph(nodes: DocNode[], footnotes: ReadonlySet<DocNode>, runs: Run[], size: number, runsOn: boolean): boolean {
  let i = nodes.length - 1;
  while (i >= 0 && footnotes.has(nodes[i]!)) i--;
  const previous = nodes[i];
  if (previous?.type !== "paragraph" || !(runsOn || /^\p{Ll}/u.test(runs[0]!.text))) return false;
  const last = previous.runs[previous.runs.length - 1]!;
  const tail = last.text.trimEnd();
  if ((SENTENCE_END.test(tail) && !runsOn) || Math.abs(last.size - size) > 1) return false;
  if (/\p{L}-$/u.test(tail)) last.text = tail.slice(0, -1);
  else last.text = `${tail} `;
  previous.runs.push(...runs);
  return true;
}

/**
 * Whether the document marks paragraphs with a first-line indent: most paragraphs that start inside a column (and
 * have more than one line) start indented. Then a column starting flush left continues a paragraph.
 */
function indentedParagraphs(flow: readonly FlowItem[]): boolean {
  const starts = flow.filter((f): f is Extract<FlowItem, { kind: "paragraph" }> => f.kind === "paragraph" && !f.startsColumn && !f.footnote && f.lines.length > 1);
  return starts.length >= 3 && starts.filter((f) => f.indented).length > starts.length * 0.6;
}

/** The plain text of runs. */
export function plainText(runs: readonly Run[]): string {
  return runs.map((r) => r.text).join("");
}
