/** A small seeded generator (mulberry32): the same seed gives the same mutants on every machine. */
export interface Prng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max). */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
}

export function prng(seed: number): Prng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min));
  return { next, int, pick: (items) => items[int(0, items.length)]! };
}
