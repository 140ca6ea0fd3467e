import type { Box } from "./geometry.js";

/**
 * Reading order on a page by recursive XY-cut: a region whose content leaves a vertical strip of white space from
 * top to bottom is read left side first, then right (columns); otherwise it is cut into horizontal bands where
 * white space runs across it, and consecutive bands that share a column gutter are read together, so that a title
 * across the page comes before the two columns under it and a footnote across the page after them, while
 * paragraphs that happen to end at the same height in both columns do not interleave the columns.
 */

export interface Placed {
  bbox: Box;
  /** The vertical extent used to find white space between rows: a text line's core, without ascenders and
   * descenders, so that tight leading does not glue every line of a page into one band. */
  core: readonly [number, number];
  /** Text of a right-to-left script: where most of a region's items are, its columns and rows run right to left. */
  rtl?: boolean;
}

/** A column's side must be at least this share of the region's width: a narrow strip of list markers, line
 * numbers or labels beside the text is not a column of its own. */
const MIN_SIDE = 0.2;

/** How many rows below a band may show, together with it, that a gutter runs through it. */
const GUTTER_LOOKAHEAD = 3;
/** A band that leaves less than this share of the gutter the rows below it show is no part of their columns. */
const GUTTER_KEPT = 0.5;

type Interval = [number, number];

function coverage(items: readonly Placed[]): Interval[] {
  const spans = items.map((i): Interval => [i.bbox[0], i.bbox[2]]).sort((a, b) => a[0] - b[0]);
  return mergeIntervals(spans);
}

function mergeIntervals(sorted: Interval[]): Interval[] {
  const out: Interval[] = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** The x where a region splits into columns: the middle of its widest qualifying gutter, if any. */
function gutterOf(covered: readonly Interval[], minGutter: number): number | undefined {
  if (covered.length < 2) return undefined;
  const left = covered[0]![0];
  const right = covered[covered.length - 1]![1];
  const minSide = (right - left) * MIN_SIDE;
  let best: number | undefined;
  let bestWidth = 0;
  for (let i = 1; i < covered.length; i++) {
    const g0 = covered[i - 1]![1];
    const g1 = covered[i]![0];
    if (g1 - g0 >= minGutter && g0 - left >= minSide && right - g1 >= minSide && g1 - g0 > bestWidth) {
      best = (g0 + g1) / 2;
      bestWidth = g1 - g0;
    }
  }
  return best;
}

function bandsOf<T extends Placed>(items: readonly T[]): T[][] {
  const sorted = [...items].sort((a, b) => a.core[0] - b.core[0]);
  const bands: T[][] = [];
  let bottom = -Infinity;
  for (const item of sorted) {
    const band = bands[bands.length - 1];
    if (band && item.core[0] < bottom) {
      band.push(item);
      bottom = Math.max(bottom, item.core[1]);
    } else {
      bands.push([item]);
      bottom = item.core[1];
    }
  }
  return bands;
}

const rightToLeft = (items: readonly Placed[]) => items.filter((i) => i.rtl).length * 2 > items.length;

const tallness = (i: Placed) => i.core[1] - i.core[0];

/**
 * Top to bottom, and left to right within a row (right to left in a row of right-to-left text). A row is held
 * together by its lowest item, so that a tall picture beside several lines does not make them one row.
 */
function readingSort<T extends Placed>(items: readonly T[]): T[] {
  const sorted = [...items].sort((a, b) => a.core[0] - b.core[0]);
  const rows: T[][] = [];
  for (const item of sorted) {
    const row = rows[rows.length - 1];
    const holder = row?.reduce((a, b) => (tallness(b) < tallness(a) ? b : a));
    if (row && holder && item.core[0] < holder.core[1]) row.push(item);
    else rows.push([item]);
  }
  return rows.flatMap((row) => (rightToLeft(row) ? row.sort((a, b) => b.bbox[2] - a.bbox[2]) : row.sort((a, b) => a.bbox[0] - b.bbox[0])));
}

/** The white space around x in covered intervals: from the end of the one before to the start of the one after. */
function gapAround(covered: readonly Interval[], x: number): number {
  const before = covered.filter(([, b]) => b <= x).reduce((m, [, b]) => Math.max(m, b), -Infinity);
  const after = covered.filter(([a]) => a >= x).reduce((m, [a]) => Math.min(m, a), Infinity);
  return after - before;
}

/**
 * Whether one side of a gutter is a column beside the other: rows of its own, or one item standing beside rows of
 * the other side (a picture or formula beside the lines that label it).
 */
function columnar(side: readonly Placed[], other: readonly Placed[]): boolean {
  if (bandsOf(side).length >= 2) return true;
  if (side.length !== 1) return false;
  const [item] = side;
  return other.filter((o) => o.core[0] < item!.core[1] && o.core[1] > item!.core[0]).length >= 2 && bandsOf(other).length >= 2;
}

/** The page's content as columns in reading order, each read top to bottom. */
export function readingOrder<T extends Placed>(items: readonly T[], minGutter: number): T[][] {
  if (items.length <= 1) return items.length ? [[...items]] : [];
  const gutter = gutterOf(coverage(items), minGutter);
  if (gutter !== undefined) {
    const left = items.filter((i) => i.bbox[2] <= gutter);
    const right = items.filter((i) => i.bbox[2] > gutter);
    // Columns have rows: a wide space inside one line of text is no gutter. Right-to-left text fills its right
    // column first.
    if (columnar(left, right) && columnar(right, left)) {
      const [first, second] = rightToLeft(items) ? [right, left] : [left, right];
      // What stands on the later side above everything on the earlier one (a title set to that side over both
      // columns) is read before them.
      const top = Math.min(...first.map((i) => i.bbox[1]));
      const above = second.filter((i) => i.bbox[3] < top);
      const rest = second.filter((i) => i.bbox[3] >= top);
      return [...readingOrder(above, minGutter), ...readingOrder(first, minGutter), ...readingOrder(rest, minGutter)];
    }
  }
  const bands = bandsOf(items);
  if (bands.length === 1) return [readingSort(items)];
  const groups: T[][] = [];
  let group: T[] = [];
  let covered: Interval[] = [];
  let groupHasGutter = false;
  const covers = bands.map(coverage);
  const merge = (a: Interval[], b: Interval[]) => mergeIntervals([...a, ...b].sort((x, y) => x[0] - y[0]));
  /**
   * Where a gutter shows in base merged with the next few bands from `from` on (base alone when withBase): its x,
   * and the last band it took to show it.
   */
  const gutterAhead = (base: Interval[], from: number, withBase: boolean): { at: number; last: number } | undefined => {
    const alone = withBase ? gutterOf(base, minGutter) : undefined;
    if (alone !== undefined) return { at: alone, last: from - 1 };
    let ahead = base;
    for (let j = from; j < Math.min(covers.length, from + GUTTER_LOOKAHEAD); j++) {
      ahead = merge(ahead, covers[j]!);
      const at = gutterOf(ahead, minGutter);
      if (at !== undefined) return { at, last: j };
    }
    return undefined;
  };
  /**
   * Whether the group, which shows no gutter of its own, narrows the gutter of the rows from band k on to less than
   * half: a title centred over two columns of a form or a paper can leave a sliver of white beside the left one,
   * but it stands across their gutter and is read before them, not as part of the right column.
   */
  const intrudes = (groupCovered: Interval[], k: number, gutter: { at: number; last: number }): boolean => {
    let rows: Interval[] = [];
    for (let j = k; j <= Math.max(k, gutter.last); j++) rows = merge(rows, covers[j]!);
    return gapAround(merge(rows, groupCovered), gutter.at) < gapAround(rows, gutter.at) * GUTTER_KEPT;
  };
  bands.forEach((band, k) => {
    const bandCovered = covers[k]!;
    const merged = merge(covered, bandCovered);
    // Columns set on different baselines, or a short heading beside the other column, may need a few rows below
    // to show their gutter.
    const ahead = group.length > 0 ? gutterAhead(merged, k + 1, true) : undefined;
    const together = ahead !== undefined && (groupHasGutter || !intrudes(covered, k, ahead));
    // A gap in one row alone is as likely the space after a sentence; a gutter runs down at least two rows.
    const bandHasGutter = gutterAhead(bandCovered, k + 1, false) !== undefined;
    if (group.length === 0 || together || (!groupHasGutter && !bandHasGutter)) {
      group.push(...band);
      covered = merged;
      groupHasGutter = together || (group.length === band.length && bandHasGutter);
    } else {
      groups.push(group);
      group = [...band];
      covered = bandCovered;
      groupHasGutter = bandHasGutter;
    }
  });
  groups.push(group);
  if (groups.length === 1) return [readingSort(items)];
  return groups.flatMap((g) => readingOrder(g, minGutter));
}
