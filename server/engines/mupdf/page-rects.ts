import type * as mupdf from "mupdf";

/** [x0, y0, x1, y1] with x0 ≤ x1 and y0 ≤ y1. */
export type Rect = [number, number, number, number];

/** A box array of the file, normalised; undefined where it is not four numbers. */
export function rectOf(obj: mupdf.PDFObject): Rect | undefined {
  if (!obj.isArray() || obj.length !== 4) return undefined;
  const v = [0, 1, 2, 3].map((i) => obj.get(i).asNumber());
  return [Math.min(v[0]!, v[2]!), Math.min(v[1]!, v[3]!), Math.max(v[0]!, v[2]!), Math.max(v[1]!, v[3]!)];
}

export function intersect(a: Rect, b: Rect): Rect {
  return [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
}

/** A page's /Rotate as 0, 90, 180 or 270 (inherited; other values rounded down to a quarter turn). */
export function pageRotation(page: mupdf.PDFObject): number {
  const obj = page.getInheritable("Rotate");
  const turned = (((obj.isNumber() ? obj.asNumber() : 0) % 360) + 360) % 360;
  return turned - (turned % 90);
}
