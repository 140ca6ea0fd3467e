import type { LayoutLine } from "../engines/mupdf/convert-tasks.js";

/** Shared small pieces of page geometry for the layout analysis. */

/** x0, y0, x1, y1 in points, y growing down the page. */
export type Box = readonly [number, number, number, number];

export function lineText(line: LayoutLine): string {
  return line.spans.map((s) => s.text).join("");
}

export const width = (b: Box) => b[2] - b[0];
export const height = (b: Box) => b[3] - b[1];
export const centreY = (b: Box) => (b[1] + b[3]) / 2;

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
}
