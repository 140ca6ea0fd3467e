import { i18n } from "../../i18n/i18n.js";
import type { RedactionArea } from "../../../../catalog/options/redact.js";
import type { PageSize, Point } from "../annotate/annotation-model.js";

/**
 * Areas as the redact screen keeps them: rectangles in PDF points from the top-left corner of the page as seen,
 * the unit the server cuts in (Annotate PDF's), with a one-based page number as the API takes it.
 */
export interface Area extends RedactionArea {
  id: number;
}

/** A drag shorter than this (points) either way draws no area: it was a click. */
export const MIN_AREA_SIDE = 3;
/** The area Enter adds in the middle of the page, for a keyboard. */
const KEYBOARD_AREA = { width: 200, height: 40 };

const clamp = (n: number, low: number, high: number) => Math.min(high, Math.max(low, n));

/** The rectangle between where a drag began and where it is, on the page, whichever way it went. */
export function areaFromDrag(page: number, from: Point, to: Point, size: PageSize): RedactionArea | null {
  const [x0, x1] = [clamp(from[0], 0, size.width), clamp(to[0], 0, size.width)].sort((a, b) => a - b) as [number, number];
  const [y0, y1] = [clamp(from[1], 0, size.height), clamp(to[1], 0, size.height)].sort((a, b) => a - b) as [number, number];
  if (x1 - x0 < MIN_AREA_SIDE || y1 - y0 < MIN_AREA_SIDE) return null;
  return { page, x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** An area in the middle of the page, as large as the page allows. */
export function centredArea(page: number, size: PageSize): RedactionArea {
  const width = Math.min(KEYBOARD_AREA.width, size.width);
  const height = Math.min(KEYBOARD_AREA.height, size.height);
  return { page, x: (size.width - width) / 2, y: (size.height - height) / 2, width, height };
}

/** What the server is sent: the area without the screen's id, to a hundredth of a point, never past the bounds. */
export function toRequest({ id: _id, ...a }: Area): RedactionArea {
  const round = (n: number) => Math.round(n * 100) / 100;
  return { page: a.page, x: round(a.x), y: round(a.y), width: Math.max(1, round(a.width)), height: Math.max(1, round(a.height)) };
}

/** "Page 2: 120 × 40 pt", the name an area goes by in the list and for screen readers. */
export function describeArea(a: RedactionArea): string {
  return i18n.t("tool:redact.area", { page: a.page, width: Math.round(a.width), height: Math.round(a.height) });
}
