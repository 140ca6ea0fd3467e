/**
 * organize-pdf's page edits as pure functions over zero-based page indexes, in the shape the server takes:
 * pageOrder, pagesToDelete, pagesToExtract and pageRotations (cumulative degrees, keyed by the original index).
 */
export type Rotations = Record<string, number>;

export function initialOrder(pageCount: number): number[] {
  return Array.from({ length: pageCount }, (_, i) => i);
}

export function movePage(order: readonly number[], from: number, to: number): number[] {
  if (from === to || to < 0 || to >= order.length) return [...order];
  const next = [...order];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/** Adds the page to the list, or takes it out when it is there (delete / cancel deletion, extract / remove). */
export function togglePage(list: readonly number[], page: number): number[] {
  return list.includes(page) ? list.filter((p) => p !== page) : [...list, page].sort((a, b) => a - b);
}

/** Turns a page by a quarter (+90 right, -90 left); a page back at a whole turn is left out of the map. */
export function rotatePage(rotations: Rotations, page: number, delta: 90 | -90): Rotations {
  const next = { ...rotations };
  const degrees = (next[page] ?? 0) + delta;
  if (degrees % 360 === 0) delete next[page];
  else next[page] = degrees;
  return next;
}
