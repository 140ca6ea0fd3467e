import type { LayoutLine, LayoutSpan } from "../engines/mupdf/convert-tasks.js";
import { lineText, median, type Box } from "./geometry.js";

/**
 * Tables found from text positions alone: rows of cells that line up in the same columns over several rows. Two
 * columns of running text also line up row by row (a two-column paper's lines often share their baselines), so a
 * grid only counts as a table when its cells are short (prose fills its column with many words a line) and when
 * its columns are not the visible part of longer text blocks that run on above or below it.
 */

/** Grid cells joined into one: the text sits in the first, the others stay empty. */
export interface CellMerge {
  row: number;
  col: number;
  rows: number;
  cols: number;
}

export interface FoundTable {
  lines: Set<LayoutLine>;
  rows: string[][];
  bbox: Box;
  /** Only cells that span more than one grid cell. */
  merges?: CellMerge[];
  /** Where each grid cell of rows stands on the page, for its shading. */
  cellBoxes: Box[][];
}

/** A line with the MuPDF text block it came in, and how many lines that block holds. */
export interface BlockLine {
  line: LayoutLine;
  block: number;
  blockLines: number;
}

interface Cell extends BlockLine {
  text: string;
  x0: number;
  x1: number;
  cy: number;
  h: number;
}

/** Wider than word spaces: the gap (in text sizes) between two cells of one line. MuPDF splits spans at 1.5. */
const CELL_GAP_EMS = 1;
/** A grid needs this many rows: two aligned rows are as often a heading beside a date as a table. */
const MIN_ROWS = 3;
/** A cell with more words than this is a line of prose. */
const PROSE_WORDS = 5;

/** A line cut where a wide gap separates its spans (MuPDF starts a span at every wide gap): one cell each. */
export function piecesOf(line: LayoutLine): Array<{ text: string; x0: number; x1: number }> {
  const pieces: Array<{ text: string; x0: number; x1: number }> = [];
  let previous: LayoutSpan | undefined;
  for (const span of line.spans) {
    const last = pieces[pieces.length - 1];
    const gap = previous ? span.x0 - previous.x1 : 0;
    if (last && gap <= span.size * CELL_GAP_EMS) {
      last.text += span.text;
      last.x1 = Math.max(last.x1, span.x1);
    } else pieces.push({ text: span.text, x0: span.x0, x1: span.x1 });
    previous = span;
  }
  return pieces.map((p) => ({ ...p, text: p.text.trim() })).filter((p) => p.text !== "");
}

export const wordCount = (text: string) => text.split(/\s+/).length;

/** Mean words a line above which a block of stacked lines reads as prose, however narrow its column. */
const PROSE_LINE_WORDS = 3.5;

/**
 * Blocks of running text: lines stacked one under the other (not side by side, as a table row's cells are) that
 * hold several words each. Their short lines (a paragraph's last, a narrow column's) are not table cells.
 */
function proseBlocks(lines: readonly BlockLine[]): Set<number> {
  const byBlock = new Map<number, LayoutLine[]>();
  for (const { line, block } of lines) byBlock.set(block, [...(byBlock.get(block) ?? []), line]);
  const prose = new Set<number>();
  for (const [block, blockLines] of byBlock) {
    const rows = new Set(blockLines.map((l) => Math.round((l.bbox[1] + l.bbox[3]) / 4)));
    const words = blockLines.reduce((n, l) => n + wordCount(lineText(l).trim()), 0);
    if (rows.size >= 2 && words / blockLines.length >= PROSE_LINE_WORDS) prose.add(block);
  }
  return prose;
}

export function findTables(lines: readonly BlockLine[], pageWidth: number): FoundTable[] {
  const cells: Cell[] = [];
  const prose = proseBlocks(lines);
  /** Text that is no cell: a grid does not run on across it. */
  const breaks: Array<{ cy: number; x0: number; x1: number }> = [];
  for (const entry of lines) {
    const { line } = entry;
    const cy = (line.bbox[1] + line.bbox[3]) / 2;
    if (prose.has(entry.block)) {
      breaks.push({ cy, x0: line.bbox[0], x1: line.bbox[2] });
      continue;
    }
    const h = line.bbox[3] - line.bbox[1];
    // A line of prose beside a table (the other page column) is no cell of it, and must not widen its rows.
    for (const piece of piecesOf(line)) {
      if (wordCount(piece.text) <= PROSE_WORDS) cells.push({ ...entry, ...piece, cy, h });
      else breaks.push({ cy, x0: piece.x0, x1: piece.x1 });
    }
  }
  /** Whether text that is no cell lies between two rows, across the columns of the first. */
  const brokenBetween = (above: readonly Cell[], below: readonly Cell[]) => {
    const x0 = above[0]!.x0;
    const x1 = above[above.length - 1]!.x1;
    return breaks.some((b) => b.cy > above[0]!.cy + 1 && b.cy < below[0]!.cy - 1 && b.x0 < x1 && b.x1 > x0);
  };
  cells.sort((a, b) => a.cy - b.cy || a.x0 - b.x0);
  const rows: Cell[][] = [];
  for (const cell of cells) {
    const row = rows[rows.length - 1];
    if (row && Math.abs(row[0]!.cy - cell.cy) < Math.max(2, 0.5 * Math.min(row[0]!.h, cell.h))) row.push(cell);
    else rows.push([cell]);
  }
  for (const row of rows) row.sort((a, b) => a.x0 - b.x0);

  const tables: FoundTable[] = [];
  let run: Cell[][] = [];
  const flush = () => {
    const table = tableFrom(run, pageWidth);
    if (table) tables.push(table);
    run = [];
  };
  for (const row of rows) {
    // Cells must not overlap horizontally: overlapping lines on one baseline are not columns.
    const separate = row.length >= 2 && row.every((c, i) => i === 0 || c.x0 >= row[i - 1]!.x1 - 1);
    const last = run[run.length - 1];
    if (separate && (!last || (sameColumns(run[0]!, row) && !brokenBetween(last, row)))) run.push(row);
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

/**
 * Whether a column's cells belong to text blocks that hold more lines outside the grid than the column holds in
 * it: a page column whose lines happen to sit beside a short list in the other column.
 */
function partOfLongerText(column: readonly Cell[], inGrid: ReadonlyMap<number, number>): boolean {
  const blocks = new Map(column.map((c) => [c.block, c.blockLines]));
  let outside = 0;
  for (const [block, count] of blocks) outside += count - (inGrid.get(block) ?? 0);
  return outside > column.length;
}

function tableFrom(rows: Cell[][], pageWidth: number): FoundTable | undefined {
  if (rows.length < MIN_ROWS) return undefined;
  const columns = rows[0]!.length;
  const all = rows.flat();
  const inGrid = new Map<number, number>();
  for (const cell of all) inGrid.set(cell.block, (inGrid.get(cell.block) ?? 0) + 1);
  for (let c = 0; c < columns; c++) {
    const column = rows.map((row) => row[c]!);
    if (partOfLongerText(column, inGrid)) return undefined;
  }
  // Every column as wide as a page column: the grid is the page's layout, not a table on it.
  const wide = Array.from({ length: columns }, (_, c) => median(rows.map((row) => row[c]!.x1 - row[c]!.x0)));
  if (wide.every((w) => w > pageWidth * 0.3)) return undefined;
  const bbox: Box = [
    Math.min(...all.map((c) => c.line.bbox[0])),
    Math.min(...all.map((c) => c.line.bbox[1])),
    Math.max(...all.map((c) => c.line.bbox[2])),
    Math.max(...all.map((c) => c.line.bbox[3])),
  ];
  return {
    lines: new Set(all.map((c) => c.line)),
    rows: rows.map((row) => row.map((c) => c.text)),
    bbox,
    cellBoxes: rows.map((row) => row.map((c): Box => [c.x0, c.line.bbox[1], c.x1, c.line.bbox[3]])),
  };
}

/** One cell as a writer lays it out: merged cells span grid columns and rows. */
export interface LaidCell {
  text: string;
  colSpan: number;
  rowSpan: number;
  /** A grid cell under a cell merged from the row above (Word writes these as vertical-merge continuations). */
  continued: boolean;
  /** The grid column it starts in. */
  col: number;
}

/** The rows of a table with merged cells resolved: cells covered from the left are left out. */
export function layCells(rows: readonly string[][], merges: readonly CellMerge[] = []): LaidCell[][] {
  const columns = Math.max(...rows.map((r) => r.length));
  return rows.map((row, r) => {
    const out: LaidCell[] = [];
    for (let c = 0; c < columns; c++) {
      const m = merges.find((x) => r >= x.row && r < x.row + x.rows && c >= x.col && c < x.col + x.cols);
      if (!m) out.push({ text: row[c] ?? "", colSpan: 1, rowSpan: 1, continued: false, col: c });
      else if (c === m.col) out.push({ text: r === m.row ? (row[c] ?? "") : "", colSpan: m.cols, rowSpan: m.rows, continued: r !== m.row, col: c });
    }
    return out;
  });
}
