import type { LayoutBlock, LayoutChapter, LayoutLine, LayoutPage, LayoutSpan } from "../engines/mupdf/convert-tasks.js";

/**
 * Turns MuPDF's positioned text into a flowing document: paragraphs from lines, headings from font sizes larger
 * than the body text, lists from their markers, tables from text that lines up in columns across rows. The same
 * model feeds every text format (Word, RTF, HTML, Markdown, EPUB), so they all read a PDF the same way.
 */

/** Text in one style: a span without its position. */
export type Run = Omit<LayoutSpan, "x0" | "x1">;

export type DocNode =
  | { type: "heading"; level: 1 | 2 | 3; runs: Run[]; page: number }
  | { type: "paragraph"; runs: Run[]; page: number }
  | { type: "list"; ordered: boolean; items: Run[][]; page: number }
  | { type: "table"; rows: string[][]; page: number }
  | { type: "image"; path: string; width: number; height: number; widthPt: number; heightPt: number; page: number };

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

function textOf(line: LayoutLine): string {
  return line.spans.map((s) => s.text).join("");
}

function height(bbox: readonly number[]): number {
  return bbox[3]! - bbox[1]!;
}

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

// ---- tables ----

interface Cell {
  line: LayoutLine;
  text: string;
  x0: number;
  x1: number;
  cy: number;
  h: number;
}

/**
 * Rows of cells that line up in at least two columns, two rows or more: what a table looks like once its rules
 * are ignored. Two wide columns of running text are a page layout, not a table, and are left alone.
 */
function findTables(page: LayoutPage): Array<{ lines: Set<LayoutLine>; rows: string[][]; firstLine: LayoutLine }> {
  const cells: Cell[] = [];
  for (const block of page.blocks) {
    if (block.kind !== "text") continue;
    for (const line of block.lines) {
      const text = textOf(line).trim();
      if (text) cells.push({ line, text, x0: line.bbox[0], x1: line.bbox[2], cy: (line.bbox[1] + line.bbox[3]) / 2, h: height(line.bbox) });
    }
  }
  cells.sort((a, b) => a.cy - b.cy || a.x0 - b.x0);
  const rows: Cell[][] = [];
  for (const cell of cells) {
    const row = rows[rows.length - 1];
    if (row && Math.abs(row[0]!.cy - cell.cy) < Math.max(2, 0.5 * Math.min(row[0]!.h, cell.h))) row.push(cell);
    else rows.push([cell]);
  }
  for (const row of rows) row.sort((a, b) => a.x0 - b.x0);

  const tables: Array<{ lines: Set<LayoutLine>; rows: string[][]; firstLine: LayoutLine }> = [];
  let run: Cell[][] = [];
  const flush = () => {
    const table = tableFrom(run, page.width);
    if (table) tables.push(table);
    run = [];
  };
  for (const row of rows) {
    // Cells must not overlap horizontally: overlapping lines on one baseline are not columns.
    const separate = row.length >= 2 && row.every((c, i) => i === 0 || c.x0 >= row[i - 1]!.x1 - 1);
    if (separate && (run.length === 0 || sameColumns(run[0]!, row))) run.push(row);
    else {
      flush();
      if (separate) run.push(row);
    }
  }
  flush();
  return tables;
}

/**
 * Two rows share their columns when each cell of one lies within the gap its neighbours leave in the other:
 * left-aligned headings over right-aligned numbers still line up, a shifted layout does not.
 */
function sameColumns(a: Cell[], b: Cell[]): boolean {
  if (a.length !== b.length) return false;
  const fits = (x: Cell[], y: Cell[]) =>
    y.every((cell, i) => (i === 0 || cell.x0 >= x[i - 1]!.x1 - 1) && (i === y.length - 1 || cell.x1 <= x[i + 1]!.x0 + 1));
  return fits(a, b) && fits(b, a);
}

function tableFrom(rows: Cell[][], pageWidth: number) {
  if (rows.length < 2) return undefined;
  const columns = rows[0]!.length;
  const wide = rows.every((row) => row.every((c) => c.x1 - c.x0 > pageWidth * 0.3));
  if (columns === 2 && wide) return undefined;
  const lines = new Set(rows.flatMap((row) => row.map((c) => c.line)));
  return { lines, rows: rows.map((row) => row.map((c) => c.text)), firstLine: rows[0]![0]!.line };
}

// ---- paragraphs ----

interface Paragraph {
  lines: LayoutLine[];
  size: number;
}

/** Splits a block's lines where a list item starts, where the gap widens, or where the text size changes. */
function paragraphsOf(lines: readonly LayoutLine[]): Paragraph[] {
  const out: Paragraph[] = [];
  let current: LayoutLine[] = [];
  const close = () => {
    if (current.length > 0) out.push({ lines: current, size: dominantSize(current.flatMap((l) => l.spans)) });
    current = [];
  };
  for (const line of lines) {
    const prev = current[current.length - 1];
    if (prev) {
      const gap = line.bbox[1] - prev.bbox[3];
      const sizeChange = Math.abs(dominantSize(line.spans) - dominantSize(prev.spans)) > 1;
      if (LIST_MARKER.test(textOf(line)) || gap > height(prev.bbox) * 0.8 || sizeChange) close();
    }
    current.push(line);
  }
  close();
  return out;
}

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
        else if (!/\s$/.test(text)) text += " ";
      }
      const last = runs[runs.length - 1];
      const style = { font: span.font, size: span.size, bold: span.bold, italic: span.italic, mono: span.mono, color: span.color };
      if (last && last.font === style.font && last.size === style.size && last.bold === style.bold && last.italic === style.italic && last.color === style.color) {
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

/** Heading levels by size rank: the largest size that stands out is level 1, the next 2, the rest 3. */
function headingLevels(sizes: number[], bodySize: number): Map<number, 1 | 2 | 3> {
  const distinct = [...new Set(sizes.filter((s) => s >= bodySize * 1.15))].sort((a, b) => b - a);
  return new Map(distinct.map((s, i) => [s, Math.min(3, i + 1) as 1 | 2 | 3]));
}

export function analyseLayout(pages: readonly LayoutPage[], pageNumbers: readonly number[], chapters: LayoutChapter[], options: AnalysisOptions): DocumentModel {
  const allSpans = pages.flatMap((p) => p.blocks.flatMap((b) => (b.kind === "text" ? b.lines.flatMap((l) => l.spans) : [])));
  const bodySize = dominantSize(allSpans) || 11;
  const pageParagraphs = pages.map((page) => {
    const tables = options.detectTables ? findTables(page) : [];
    const inTable = new Set(tables.flatMap((t) => [...t.lines]));
    const items: Array<Paragraph | { table: string[][] } | Extract<LayoutBlock, { kind: "image" }>> = [];
    for (const block of page.blocks) {
      if (block.kind === "image") {
        items.push(block);
        continue;
      }
      for (const t of tables) if (block.lines.includes(t.firstLine)) items.push({ table: t.rows });
      items.push(...paragraphsOf(block.lines.filter((l) => !inTable.has(l))));
    }
    return { items, tables: tables.length };
  });
  const levels = headingLevels(
    pageParagraphs.flatMap((p) => p.items.flatMap((i) => ("lines" in i && i.lines.length <= 3 ? [i.size] : []))),
    bodySize,
  );

  const nodes: DocNode[] = [];
  let tableCount = 0;
  pageParagraphs.forEach(({ items, tables }, index) => {
    const page = pageNumbers[index]!;
    tableCount += tables;
    for (const item of items) {
      if ("table" in item) {
        nodes.push({ type: "table", rows: item.table, page });
        continue;
      }
      if ("kind" in item) {
        nodes.push({ type: "image", path: item.path, width: item.width, height: item.height, widthPt: item.bbox[2] - item.bbox[0], heightPt: item.bbox[3] - item.bbox[1], page });
        continue;
      }
      const runs = runsOf(item.lines);
      if (runs.length === 0) continue;
      const level = item.lines.length <= 3 ? levels.get(item.size) : undefined;
      if (level) {
        nodes.push({ type: "heading", level, runs, page });
        continue;
      }
      if (LIST_MARKER.test(runs[0]!.text)) {
        const { runs: itemRuns, ordered } = stripMarker(runs);
        const last = nodes[nodes.length - 1];
        if (last?.type === "list" && last.ordered === ordered) last.items.push(itemRuns);
        else nodes.push({ type: "list", ordered, items: [itemRuns], page });
        continue;
      }
      nodes.push({ type: "paragraph", runs, page });
    }
  });
  return { nodes, bodySize, chapters, pageSizes: pages.map((p) => [p.width, p.height]), tableCount };
}

/** The plain text of runs. */
export function plainText(runs: readonly Run[]): string {
  return runs.map((r) => r.text).join("");
}
