import type { LayoutLine } from "../engines/mupdf/convert-tasks.js";
import type { PageRule } from "../engines/mupdf/page-rules.js";
import { centreY, height, type Box } from "./geometry.js";
import { mergeRules, type Segment } from "./ruled-tables.js";
import { piecesOf, wordCount, type FoundTable } from "./tables.js";

/**
 * Tables ruled across only: the way LaTeX's booktabs and many reports set them, a rule above, one under the header
 * and one below, and no rule between columns. The rules of one length, one above the other, bound the table; its
 * rows are the lines between them, its columns the stretches of the width that some row's cell covers and a gap
 * runs down beside. A cell left empty in one row does not shift the others, as it would in a grid read from text
 * alone.
 */

/** Rules whose ends lie this close (points) are of one length. */
const SAME_END = 4;
/** A table is at least this wide (points): a short rule is a footnote's separator or an underline. */
const MIN_WIDTH = 100;
/** Mean words a cell above which the lines between the rules are prose (an abstract set between rules). */
const MAX_CELL_WORDS = 4;

interface Piece {
  line: LayoutLine;
  text: string;
  x0: number;
  x1: number;
}

/** Groups of two or more horizontal rules of one length, top to bottom. */
function ruleStacks(hs: readonly Segment[]): Segment[][] {
  const stacks: Segment[][] = [];
  for (const rule of [...hs].sort((a, b) => a.at - b.at)) {
    if (rule.to - rule.from < MIN_WIDTH) continue;
    const stack = stacks.find((s) => Math.abs(s[0]!.from - rule.from) <= SAME_END && Math.abs(s[0]!.to - rule.to) <= SAME_END);
    if (stack) stack.push(rule);
    else stacks.push([rule]);
  }
  return stacks.filter((s) => s.length >= 2);
}

/** Rows of pieces by the lines' heights: lines whose middles lie within half a line of each other. */
function rowsOf(pieces: readonly Piece[]): Piece[][] {
  const rows: Piece[][] = [];
  for (const piece of [...pieces].sort((a, b) => centreY(a.line.bbox) - centreY(b.line.bbox) || a.x0 - b.x0)) {
    const row = rows[rows.length - 1];
    if (row && Math.abs(centreY(row[0]!.line.bbox) - centreY(piece.line.bbox)) < height(piece.line.bbox) / 2) row.push(piece);
    else rows.push([piece]);
  }
  return rows.map((r) => r.sort((a, b) => a.x0 - b.x0));
}

function tableBetween(top: Segment, bottom: Segment, lines: readonly LayoutLine[], vs: readonly Segment[]): FoundTable | undefined {
  const box: Box = [Math.min(top.from, bottom.from), top.at, Math.max(top.to, bottom.to), bottom.at];
  // A rule running down between them makes a grid, which the ruled-table reading takes.
  if (vs.some((v) => v.at > box[0] + SAME_END && v.at < box[2] - SAME_END && v.from < box[3] && v.to > box[1])) return undefined;
  const inside = lines.filter((l) => centreY(l.bbox) > box[1] && centreY(l.bbox) < box[3] && l.bbox[0] >= box[0] - SAME_END && l.bbox[2] <= box[2] + SAME_END);
  const pieces = inside.flatMap((line) => piecesOf(line).map((p) => ({ line, ...p })));
  const rows = rowsOf(pieces);
  if (rows.length < 2) return undefined;
  // Columns: the stretches pieces cover, merged where they overlap.
  const spans = pieces.map((p): [number, number] => [p.x0, p.x1]).sort((a, b) => a[0] - b[0]);
  const columns: Array<[number, number]> = [];
  for (const [a, b] of spans) {
    const last = columns[columns.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else columns.push([a, b]);
  }
  if (columns.length < 2 || pieces.reduce((n, p) => n + wordCount(p.text), 0) / pieces.length > MAX_CELL_WORDS) return undefined;
  const column = (p: Piece) => columns.findIndex(([a, b]) => p.x0 >= a - 0.5 && p.x1 <= b + 0.5);
  const cells = rows.map((row) => {
    const texts = columns.map(() => [] as string[]);
    for (const p of row) texts[column(p)]?.push(p.text);
    return texts.map((t) => t.join(" "));
  });
  // A row of one cell across the others (a group label) is fine; a table needs rows with two cells or more.
  if (cells.filter((row) => row.filter(Boolean).length >= 2).length < 2) return undefined;
  return {
    lines: new Set(inside),
    rows: cells,
    bbox: box,
    cellBoxes: rows.map((row) => columns.map(([a, b]): Box => [a, Math.min(...row.map((p) => p.line.bbox[1])), b, Math.max(...row.map((p) => p.line.bbox[3]))])),
  };
}

/** The tables of the page ruled across only, from its rules and the text lines not yet in a table. */
export function findRuleBoundedTables(rules: readonly PageRule[], lines: readonly LayoutLine[]): FoundTable[] {
  const hs = mergeRules(rules, "h");
  const vs = mergeRules(rules, "v");
  const tables: FoundTable[] = [];
  const taken = new Set<LayoutLine>();
  for (const stack of ruleStacks(hs)) {
    const table = tableBetween(stack[0]!, stack[stack.length - 1]!, lines.filter((l) => !taken.has(l)), vs);
    if (!table) continue;
    for (const line of table.lines) taken.add(line);
    tables.push(table);
  }
  return tables;
}
