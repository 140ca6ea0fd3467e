import { AbortedError } from "../errors.js";

/**
 * Diffs two word sequences (words as integer ids) in bounded time and memory, for documents of thousands of pages.
 *
 * Common starts and ends are matched first; then the words that occur exactly once on each side are matched in the
 * longest order both sides share (patience diff), which cuts a long document into many short gaps, each diffed the
 * same way in turn (finding them has a budget of its own over the whole diff). A gap with no word in common is
 * replaced whole at once; one with words in common but none unique goes to Myers' O(ND) algorithm, allowed a number
 * of edits that keeps its work within a budget. A gap too different for that is aligned page by page (the k-th page of the gap on one
 * side against the k-th on the other), and a page pair too different even then is reported as replaced whole: both
 * are said in the result, so the report can tell the reader. Memory stays linear in the words, plus the square of
 * the edits Myers is allowed.
 */

/** Words a[aStart, aStart + length) equal b[bStart, bStart + length). */
export interface MatchRun {
  aStart: number;
  bStart: number;
  length: number;
}

/** a[aStart, aEnd) became b[bStart, bEnd); either side may be empty. */
export interface Edit {
  aStart: number;
  aEnd: number;
  bStart: number;
  bEnd: number;
}

export interface DiffInput {
  a: Int32Array;
  b: Int32Array;
  /** The page each word is on, for the page-by-page fallback. */
  aPage: Int32Array;
  bPage: Int32Array;
}

export interface DiffLimits {
  /** The most edits one Myers run may find before it gives up (its memory is this squared). */
  maxEdits: number;
  /** The most steps one Myers run may take (words times edits). */
  stepsPerRun: number;
  /** The most Myers steps over the whole diff. */
  totalSteps: number;
  /**
   * The most words looked at while finding unique words, over the whole diff: each gap is scanned again, so a
   * document reversed page for page (one anchor a gap) would otherwise cost the square of its words.
   */
  anchorSteps: number;
}

export const DEFAULT_DIFF_LIMITS: DiffLimits = { maxEdits: 2_000, stepsPerRun: 20_000_000, totalSteps: 400_000_000, anchorSteps: 50_000_000 };

/** A stretch of pages the diff could only align page by page. */
export interface PageAlignedSpan {
  oldPages: [number, number];
  newPages: [number, number];
}

export interface DiffResult {
  edits: Edit[];
  /** Stretches aligned page by page, in document order. */
  pageAligned: PageAlignedSpan[];
  /** Page pairs (or passages) too different to align word by word, reported as replaced whole. */
  replacedWhole: number;
}

interface Range {
  a0: number;
  a1: number;
  b0: number;
  b1: number;
  /** Already cut into page pairs: not cut again. */
  pagePair: boolean;
}

/** How long the diff runs before it lets the server's other work go on. */
const SLICE_MS = 15;

export async function diffWords(input: DiffInput, options: { limits?: DiffLimits; signal?: AbortSignal } = {}): Promise<DiffResult> {
  const limits = options.limits ?? DEFAULT_DIFF_LIMITS;
  const { a, b } = input;
  const matches: MatchRun[] = [];
  const pageAligned: PageAlignedSpan[] = [];
  let replacedWhole = 0;
  let stepsLeft = limits.totalSteps;
  let anchorStepsLeft = limits.anchorSteps;
  const stack: Range[] = [{ a0: 0, a1: a.length, b0: 0, b1: b.length, pagePair: false }];
  let sliceStart = performance.now();

  while (stack.length > 0) {
    if (performance.now() - sliceStart > SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      if (options.signal?.aborted) throw new AbortedError();
      sliceStart = performance.now();
    }
    const range = stack.pop()!;
    let { a0, a1, b0, b1 } = range;
    // Common start and end.
    let n = 0;
    while (a0 + n < a1 && b0 + n < b1 && a[a0 + n] === b[b0 + n]) n++;
    if (n > 0) matches.push({ aStart: a0, bStart: b0, length: n });
    a0 += n;
    b0 += n;
    let m = 0;
    while (a1 - m > a0 && b1 - m > b0 && a[a1 - 1 - m] === b[b1 - 1 - m]) m++;
    if (m > 0) matches.push({ aStart: a1 - m, bStart: b1 - m, length: m });
    a1 -= m;
    b1 -= m;
    if (a0 === a1 || b0 === b1) continue;

    const words = a1 - a0 + b1 - b0;
    anchorStepsLeft -= words;
    const { anchors, shared } = anchorStepsLeft >= 0 ? uniqueAnchors(a, a0, a1, b, b0, b1) : { anchors: [], shared: true };
    // No word in common: the gap is replaced whole, exactly, without asking Myers to find out.
    if (!shared) continue;
    if (anchors.length > 0) {
      let pa = a0;
      let pb = b0;
      for (const [ai, bi] of anchors) {
        matches.push({ aStart: ai, bStart: bi, length: 1 });
        if (ai > pa || bi > pb) stack.push({ a0: pa, a1: ai, b0: pb, b1: bi, pagePair: range.pagePair });
        pa = ai + 1;
        pb = bi + 1;
      }
      if (a1 > pa || b1 > pb) stack.push({ a0: pa, a1, b0: pb, b1, pagePair: range.pagePair });
      continue;
    }

    const allowed = Math.min(limits.maxEdits, Math.floor(Math.min(limits.stepsPerRun, stepsLeft) / words));
    const found = allowed > 0 ? myersMatches(a, a0, a1, b, b0, b1, allowed) : { steps: 0 };
    stepsLeft -= found.steps;
    if (found.runs) {
      for (const run of found.runs) matches.push(run);
      continue;
    }
    const spansPages = input.aPage[a0] !== input.aPage[a1 - 1] && input.bPage[b0] !== input.bPage[b1 - 1];
    if (spansPages && !range.pagePair) {
      pageAligned.push({ oldPages: [input.aPage[a0]!, input.aPage[a1 - 1]!], newPages: [input.bPage[b0]!, input.bPage[b1 - 1]!] });
      for (const pair of pagePairs(input, a0, a1, b0, b1).reverse()) stack.push({ ...pair, pagePair: true });
    } else {
      replacedWhole++;
    }
  }

  matches.sort((x, y) => x.aStart - y.aStart);
  return { edits: editsBetween(matches, a.length, b.length), pageAligned: pageAligned.sort((x, y) => x.oldPages[0] - y.oldPages[0]), replacedWhole };
}

/** The edits between matched runs sorted by aStart (the runs never cross: each was found inside its own gap). */
export function editsBetween(matches: readonly MatchRun[], aLength: number, bLength: number): Edit[] {
  const edits: Edit[] = [];
  let pa = 0;
  let pb = 0;
  for (const run of matches) {
    if (run.length === 0) continue;
    if (run.aStart > pa || run.bStart > pb) edits.push({ aStart: pa, aEnd: run.aStart, bStart: pb, bEnd: run.bStart });
    pa = run.aStart + run.length;
    pb = run.bStart + run.length;
  }
  if (aLength > pa || bLength > pb) edits.push({ aStart: pa, aEnd: aLength, bStart: pb, bEnd: bLength });
  return edits;
}

/**
 * The words occurring once in a[a0, a1) and once in b[b0, b1), as [aIndex, bIndex] pairs: the longest chain of them
 * in increasing order on both sides (patience sorting, n log n); and whether the two share any word at all.
 */
export function uniqueAnchors(a: Int32Array, a0: number, a1: number, b: Int32Array, b0: number, b1: number): { anchors: Array<[number, number]>; shared: boolean } {
  // Per word: its count and position on each side; -2 marks "more than once".
  const inA = new Map<number, number>();
  for (let i = a0; i < a1; i++) inA.set(a[i]!, inA.has(a[i]!) ? -2 : i);
  const inB = new Map<number, number>();
  let shared = false;
  for (let j = b0; j < b1; j++) {
    const word = b[j]!;
    if (!inA.has(word)) continue;
    shared = true;
    if (inA.get(word) === -2) continue;
    inB.set(word, inB.has(word) ? -2 : j);
  }
  const candidates: Array<[number, number]> = [];
  for (let i = a0; i < a1; i++) {
    const j = inB.get(a[i]!);
    if (j !== undefined && j >= 0 && inA.get(a[i]!) === i) candidates.push([i, j]);
  }
  return { anchors: longestIncreasing(candidates), shared };
}

/** The longest subsequence of pairs (ascending in their first value) whose second values ascend too. */
function longestIncreasing(pairs: ReadonlyArray<[number, number]>): Array<[number, number]> {
  const tails: number[] = [];
  const previous = new Int32Array(pairs.length).fill(-1);
  for (let k = 0; k < pairs.length; k++) {
    const value = pairs[k]![1];
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (pairs[tails[mid]!]![1] < value) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) previous[k] = tails[lo - 1]!;
    tails[lo] = k;
  }
  const chain: Array<[number, number]> = [];
  for (let k = tails.length > 0 ? tails[tails.length - 1]! : -1; k >= 0; k = previous[k]!) chain.push(pairs[k]!);
  return chain.reverse();
}

/**
 * Myers' greedy algorithm on a[a0, a1) and b[b0, b1), giving up beyond maxEdits edits. Each round's furthest
 * reaches are kept (rounds 0 to D: D² numbers) to trace the path back; the matched runs are its diagonals.
 */
export function myersMatches(
  a: Int32Array,
  a0: number,
  a1: number,
  b: Int32Array,
  b0: number,
  b1: number,
  maxEdits: number,
): { runs?: MatchRun[]; steps: number } {
  const n = a1 - a0;
  const m = b1 - b0;
  const offset = maxEdits + 1;
  const v = new Int32Array(2 * maxEdits + 3);
  const rounds: Int32Array[] = [];
  let steps = 0;
  for (let d = 0; d <= maxEdits; d++) {
    for (let k = -d; k <= d; k += 2) {
      const start = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let x = start;
      let y = x - k;
      while (x < n && y < m && a[a0 + x] === b[b0 + y]) {
        x++;
        y++;
      }
      steps += 1 + x - start;
      v[offset + k] = x;
      if (x >= n && y >= m) {
        rounds.push(v.slice(offset - d, offset + d + 1));
        return { runs: traceBack(rounds, n, m, a0, b0), steps };
      }
    }
    rounds.push(v.slice(offset - d, offset + d + 1));
  }
  return { steps };
}

/** Walks the rounds back from the end, collecting each diagonal stretch as a matched run. */
function traceBack(rounds: readonly Int32Array[], n: number, m: number, a0: number, b0: number): MatchRun[] {
  const runs: MatchRun[] = [];
  let x = n;
  let y = m;
  for (let d = rounds.length - 1; d > 0; d--) {
    const before = rounds[d - 1]!;
    const at = (k: number) => before[k + d - 1]!;
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const prevK = down ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    // The move (down: a word of b inserted; right: a word of a deleted), then the diagonal to (x, y).
    const startX = down ? prevX : prevX + 1;
    const startY = down ? prevY + 1 : prevY;
    if (x > startX) runs.push({ aStart: a0 + startX, bStart: b0 + startY, length: x - startX });
    x = prevX;
    y = prevY;
  }
  if (x > 0) runs.push({ aStart: a0, bStart: b0, length: x });
  return runs.reverse();
}

/**
 * The k-th page of a[a0, a1) with the k-th page of b[b0, b1), then the pages left over on the longer side alone.
 */
function pagePairs(input: DiffInput, a0: number, a1: number, b0: number, b1: number): Array<Omit<Range, "pagePair">> {
  const aCuts = pageCuts(input.aPage, a0, a1);
  const bCuts = pageCuts(input.bPage, b0, b1);
  const pairs: Array<Omit<Range, "pagePair">> = [];
  const count = Math.max(aCuts.length, bCuts.length) - 1;
  for (let k = 0; k < count; k++) {
    const [pa0, pa1] = k + 1 < aCuts.length ? [aCuts[k]!, aCuts[k + 1]!] : [a1, a1];
    const [pb0, pb1] = k + 1 < bCuts.length ? [bCuts[k]!, bCuts[k + 1]!] : [b1, b1];
    pairs.push({ a0: pa0, a1: pa1, b0: pb0, b1: pb1 });
  }
  return pairs;
}

/** Where each page's words begin in [from, to), and `to` last. */
function pageCuts(pages: Int32Array, from: number, to: number): number[] {
  const cuts = [from];
  for (let i = from + 1; i < to; i++) if (pages[i] !== pages[i - 1]) cuts.push(i);
  cuts.push(to);
  return cuts;
}
