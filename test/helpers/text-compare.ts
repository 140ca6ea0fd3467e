/** Word-level comparison of texts, for fidelity checks of conversions. */

export const words = (text: string): string[] => text.split(/\s+/).filter(Boolean);

/** How many of expected's words actual holds, counting repeats (a multiset comparison). */
export function commonWordCount(expected: readonly string[], actual: readonly string[]): number {
  const pool = new Map<string, number>();
  for (const w of actual) pool.set(w, (pool.get(w) ?? 0) + 1);
  let found = 0;
  for (const w of expected) {
    const n = pool.get(w) ?? 0;
    if (n > 0) {
      found++;
      pool.set(w, n - 1);
    }
  }
  return found;
}

/** The share of expected words found in actual, counting repeats. */
export function wordRecall(expected: readonly string[], actual: readonly string[]): number {
  return commonWordCount(expected, actual) / expected.length;
}
