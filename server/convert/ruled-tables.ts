import type { LayoutLine } from "../engines/mupdf/convert-tasks.js";
import type { PageRule } from "../engines/mupdf/page-rules.js";
import type { Box } from "./geometry.js";
import type { CellMerge, FoundTable } from "./tables.js";

/**
 * Tables drawn with lines: the page's horizontal and vertical rules that touch one another form a grid; its
 * distinct rule positions are the row and column edges, and where a rule is missing between two grid cells they
 * are one merged cell. Text is placed into cells by position (a line that crosses a column rule was split there
 * when the page was read). A frame around a text box, a chart's gridlines or two columns of prose between rules
 * are no tables: a grid needs two rows and two columns, text in a good share of its cells, and cells that hold a
 * few lines rather than a page of prose.
 */

/** Rule ends closer than this (points) meet; positions closer than this are one edge. */
const TOUCH = 2.5;
/** A rule covering this share of a cell's side is its border there. */
const BORDER_SHARE = 0.6;
/** At most this many rules are looked at: a page with more is a drawing, not a table. */
const MAX_RULES = 4000;
/** Mean lines per filled cell above which a grid holds prose, not table cells. */
const PROSE_LINES_PER_CELL = 6;
/** Share of the cells that must hold text. */
const MIN_FILLED = 0.25;

export interface Segment {
  dir: "h" | "v";
  /** Position across the rule (y of a horizontal, x of a vertical). */
  at: number;
  from: number;
  to: number;
}

/** Rules on one line that overlap or touch become one segment. */
export function mergeRules(rules: readonly PageRule[], dir: "h" | "v"): Segment[] {
  const segments = rules
    .filter((r) => r.dir === dir)
    .map((r): Segment => (dir === "h" ? { dir, at: r.y0, from: r.x0, to: r.x1 } : { dir, at: r.x0, from: r.y0, to: r.y1 }))
    .sort((a, b) => a.at - b.at || a.from - b.from);
  const lines: Segment[][] = [];
  for (const s of segments) {
    const line = lines[lines.length - 1];
    if (line && s.at - line[0]!.at <= TOUCH) line.push(s);
    else lines.push([s]);
  }
  const out: Segment[] = [];
  for (const line of lines) {
    const at = line.reduce((sum, s) => sum + s.at, 0) / line.length;
    line.sort((a, b) => a.from - b.from);
    let current: Segment | undefined;
    for (const s of line) {
      if (current && s.from <= current.to + TOUCH) current.to = Math.max(current.to, s.to);
      else {
        current = { dir, at, from: s.from, to: s.to };
        out.push(current);
      }
    }
  }
  return out;
}

function touches(h: Segment, v: Segment): boolean {
  return v.at >= h.from - TOUCH && v.at <= h.to + TOUCH && h.at >= v.from - TOUCH && h.at <= v.to + TOUCH;
}

/** Groups of rules connected by touching, each a candidate grid. */
function components(hs: readonly Segment[], vs: readonly Segment[]): Segment[][] {
  const all = [...hs, ...vs];
  const parent = all.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  hs.forEach((h, i) => vs.forEach((v, j) => touches(h, v) && (parent[find(i)] = find(hs.length + j))));
  const groups = new Map<number, Segment[]>();
  all.forEach((s, i) => groups.set(find(i), [...(groups.get(find(i)) ?? []), s]));
  return [...groups.values()];
}

/** Distinct positions, those within TOUCH of each other taken as one. */
function edges(values: number[]): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const out: number[][] = [];
  for (const v of sorted) {
    const last = out[out.length - 1];
    if (last && v - last[last.length - 1]! <= TOUCH) last.push(v);
    else out.push([v]);
  }
  return out.map((g) => g.reduce((a, b) => a + b, 0) / g.length);
}

/** Whether rules at `at` cover [from, to] enough to border it. */
function bordered(segments: readonly Segment[], at: number, from: number, to: number): boolean {
  let covered = 0;
  for (const s of segments) if (Math.abs(s.at - at) <= TOUCH) covered += Math.max(0, Math.min(to, s.to) - Math.max(from, s.from));
  return covered >= (to - from) * BORDER_SHARE;
}

interface Grid {
  xs: number[];
  ys: number[];
  /** For each grid cell, the index of the merged cell it belongs to. */
  owner: number[][];
  merges: CellMerge[];
}

function gridOf(group: readonly Segment[]): Grid | undefined {
  const hs = group.filter((s) => s.dir === "h");
  const vs = group.filter((s) => s.dir === "v");
  const xs = edges(vs.map((s) => s.at));
  const ys = edges(hs.map((s) => s.at));
  if (xs.length < 3 || ys.length < 3) return undefined;
  const rows = ys.length - 1;
  const cols = xs.length - 1;
  const parent = Array.from({ length: rows * cols }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      if (c + 1 < cols && !bordered(vs, xs[c + 1]!, ys[r]!, ys[r + 1]!)) parent[find(r * cols + c + 1)] = find(r * cols + c);
      if (r + 1 < rows && !bordered(hs, ys[r + 1]!, xs[c]!, xs[c + 1]!)) parent[find((r + 1) * cols + c)] = find(r * cols + c);
    }
  // Each merged group is taken as the rectangle around it; the first group to claim a grid cell keeps it.
  const owner = Array.from({ length: rows }, () => Array<number>(cols).fill(-1));
  const merges: CellMerge[] = [];
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      if (owner[r]![c] !== -1) continue;
      const root = find(r * cols + c);
      let r1 = r;
      let c1 = c;
      for (let i = 0; i < rows * cols; i++)
        if (find(i) === root) {
          r1 = Math.max(r1, Math.floor(i / cols));
          c1 = Math.max(c1, i % cols);
        }
      const index = merges.length;
      merges.push({ row: r, col: c, rows: r1 - r + 1, cols: c1 - c + 1 });
      for (let rr = r; rr <= r1; rr++) for (let cc = c; cc <= c1; cc++) if (owner[rr]![cc] === -1) owner[rr]![cc] = index;
    }
  return { xs, ys, owner, merges };
}

/** The grid cell index along edges that holds position v, or -1 outside. */
function slot(edgesAt: readonly number[], v: number): number {
  for (let i = 1; i < edgesAt.length; i++) if (v < edgesAt[i]!) return v >= edgesAt[0]! ? i - 1 : -1;
  return -1;
}

function tableOf(grid: Grid, lines: readonly LayoutLine[], pageArea: number): FoundTable | undefined {
  const { xs, ys, owner, merges } = grid;
  const bbox: Box = [xs[0]!, ys[0]!, xs[xs.length - 1]!, ys[ys.length - 1]!];
  const texts = merges.map(() => new Map<LayoutLine, string>());
  const used = new Set<LayoutLine>();
  const ordered = [...lines].sort((a, b) => a.bbox[1] + a.bbox[3] - (b.bbox[1] + b.bbox[3]));
  for (const line of ordered) {
    const cy = (line.bbox[1] + line.bbox[3]) / 2;
    const r = slot(ys, cy);
    if (r < 0 || line.bbox[0] < bbox[0] - TOUCH || line.bbox[2] > bbox[2] + TOUCH) continue;
    used.add(line);
    for (const span of line.spans) {
      const c = slot(xs, (span.x0 + span.x1) / 2);
      if (c < 0) continue;
      const cell = texts[owner[r]![c]!]!;
      cell.set(line, (cell.get(line) ?? "") + span.text);
    }
  }
  const cellTexts = texts.map((cell) => [...cell.values()].map((t) => t.trim()).filter((t) => t !== ""));
  const filled = cellTexts.filter((t) => t.length > 0);
  const gridCells = (xs.length - 1) * (ys.length - 1);
  if (filled.length < 2 || filled.length < merges.length * MIN_FILLED) return undefined;
  if (used.size / filled.length > PROSE_LINES_PER_CELL) return undefined;
  // A page-sized frame split into a few boxes is the page's layout.
  if ((bbox[2] - bbox[0]) * (bbox[3] - bbox[1]) > pageArea * 0.8 && gridCells <= 4) return undefined;
  const rows = Array.from({ length: ys.length - 1 }, () => Array<string>(xs.length - 1).fill(""));
  merges.forEach((m, i) => (rows[m.row]![m.col] = cellTexts[i]!.join(" ")));
  const cellBoxes = rows.map((row, r) => row.map((_, c): Box => [xs[c]!, ys[r]!, xs[c + 1]!, ys[r + 1]!]));
  return { lines: used, rows, bbox, merges: merges.filter((m) => m.rows > 1 || m.cols > 1), cellBoxes };
}

/** Rectangles drawn with four rules and nothing across them: the frames of text boxes and sidebars. */
export function ruleFrames(rules: readonly PageRule[]): Box[] {
  if (rules.length === 0 || rules.length > MAX_RULES) return [];
  const frames: Box[] = [];
  for (const group of components(mergeRules(rules, "h"), mergeRules(rules, "v"))) {
    const hs = group.filter((s) => s.dir === "h");
    const vs = group.filter((s) => s.dir === "v");
    const xs = edges(vs.map((s) => s.at));
    const ys = edges(hs.map((s) => s.at));
    if (xs.length !== 2 || ys.length !== 2) continue;
    const [x0, x1] = xs as [number, number];
    const [y0, y1] = ys as [number, number];
    if (bordered(hs, y0, x0, x1) && bordered(hs, y1, x0, x1) && bordered(vs, x0, y0, y1) && bordered(vs, x1, y0, y1)) frames.push([x0, y0, x1, y1]);
  }
  return frames;
}

/** The ruled tables on a page, from its rules and text lines. */
export function findRuledTables(rules: readonly PageRule[], lines: readonly LayoutLine[], page: { width: number; height: number }): FoundTable[] {
  if (rules.length === 0 || rules.length > MAX_RULES) return [];
  const hs = mergeRules(rules, "h");
  const vs = mergeRules(rules, "v");
  const tables: FoundTable[] = [];
  const taken = new Set<LayoutLine>();
  for (const group of components(hs, vs)) {
    const grid = gridOf(group);
    if (!grid) continue;
    const table = tableOf(grid, lines.filter((l) => !taken.has(l)), page.width * page.height);
    if (!table) continue;
    for (const line of table.lines) taken.add(line);
    tables.push(table);
  }
  return tables;
}
