/**
 * The sweeps of the test run (corpus files through tools, hostile files through tools) each send a case through a
 * share of the tools only, to keep within the run's time. Which share turns with the day, so that the runs of a few
 * days send every case through every tool; the full sweeps of `npm run bench` do it in one go. SWEEP_TURN=n repeats
 * a run's turn: each sweep prints the one it took.
 */
export const SWEEP_TURN = process.env.SWEEP_TURN ? Number(process.env.SWEEP_TURN) : Math.floor(Date.now() / 86_400_000);

/** Whether case `index` meets the item at `position` of a list this run, each case meeting one item in `every`. */
export function inTurn(index: number, position: number, every: number): boolean {
  return (index + position + SWEEP_TURN) % every === 0;
}

/** This run's one of `cases`, in turn. */
export function oneInTurn<T>(cases: readonly T[]): T {
  return cases[SWEEP_TURN % cases.length]!;
}

/** The first of `cases` (the defaults, say) on every run, and one of the others in turn. */
export function firstAndOneInTurn<T>(cases: readonly T[]): T[] {
  return cases.length <= 2 ? [...cases] : [cases[0]!, oneInTurn(cases.slice(1))];
}

/** This run's `count` of `cases`, next to each other in the list (wrapping round), in turn. */
export function someInTurn<T>(cases: readonly T[], count: number): T[] {
  if (count >= cases.length) return [...cases];
  const start = (SWEEP_TURN * count) % cases.length;
  return Array.from({ length: count }, (_, i) => cases[(start + i) % cases.length]!);
}
