import * as mupdf from "mupdf";

/**
 * The straight horizontal and vertical rules a page draws (stroked lines, hairline rectangles and the sides of
 * stroked rectangles), for finding the cells of ruled tables; and the areas of the other vector drawings (curves,
 * filled shapes), which text formats cannot carry and show as pictures instead.
 */

export interface PageRule {
  /** "h": y0 === y1; "v": x0 === x1. */
  dir: "h" | "v";
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A rectangle filled with one colour. */
export interface PageFill {
  box: [number, number, number, number];
  /** "rrggbb", blended with white paper where the paint is translucent. */
  color: string;
}

export interface PageVectors {
  rules: PageRule[];
  /** Bounding boxes of drawn shapes that are not rules and not white paint. */
  drawings: Array<[number, number, number, number]>;
  /** Rectangles filled with a colour other than white. */
  fills: PageFill[];
}

/** A colour as "rrggbb" from grey, RGB or CMYK components, over white paper at the given opacity. */
export function hexColor(color: ArrayLike<number>, alpha = 1): string {
  const c = Array.from(color);
  const rgb = c.length === 1 ? [c[0]!, c[0]!, c[0]!] : c.length === 4 ? [0, 1, 2].map((i) => (1 - c[i]!) * (1 - c[3]!)) : c;
  return rgb.map((v) => Math.round((Math.max(0, Math.min(1, v ?? 0)) * alpha + 1 - alpha) * 255).toString(16).padStart(2, "0")).join("");
}

/** A filled rectangle thinner than this (points) is a drawn line. */
const HAIRLINE = 2.5;
/** A segment shorter than this is a tick, a bullet or a letter's part, not a rule. */
const MIN_RULE = 6;
/** Off-axis slack, in points, for a segment still to count as horizontal or vertical. */
const AXIS_SLACK = 0.8;
/** Paths are read up to this many; a page of more is a drawing, not a form with a table. */
const MAX_PATHS = 20_000;

type Point = [number, number];

function transform(m: mupdf.Matrix, x: number, y: number): Point {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/** The path's pieces as polylines in page space, and whether it holds curves. */
function polylines(path: mupdf.Path, ctm: mupdf.Matrix): { lines: Point[][]; curved: boolean; closed: boolean[] } {
  const lines: Point[][] = [];
  const closed: boolean[] = [];
  let curved = false;
  let current: Point[] | undefined;
  path.walk({
    moveTo(x, y) {
      current = [transform(ctm, x, y)];
      lines.push(current);
      closed.push(false);
    },
    lineTo(x, y) {
      current?.push(transform(ctm, x, y));
    },
    curveTo(_x1, _y1, _x2, _y2, x3, y3) {
      curved = true;
      current?.push(transform(ctm, x3, y3));
    },
    closePath() {
      if (current && current.length > 0) {
        current.push(current[0]!);
        closed[closed.length - 1] = true;
      }
    },
  });
  return { lines, curved, closed };
}

function ruleOf(a: Point, b: Point): PageRule | undefined {
  const [ax, ay] = a;
  const [bx, by] = b;
  if (Math.abs(ay - by) <= AXIS_SLACK && Math.abs(ax - bx) >= MIN_RULE) {
    const y = (ay + by) / 2;
    return { dir: "h", x0: Math.min(ax, bx), y0: y, x1: Math.max(ax, bx), y1: y };
  }
  if (Math.abs(ax - bx) <= AXIS_SLACK && Math.abs(ay - by) >= MIN_RULE) {
    const x = (ax + bx) / 2;
    return { dir: "v", x0: x, y0: Math.min(ay, by), x1: x, y1: Math.max(ay, by) };
  }
  return undefined;
}

function boundsOf(points: readonly Point[]): [number, number, number, number] {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/**
 * An axis-aligned rectangle: a run of sides each horizontal or vertical, turning at most four times (a path may
 * start in the middle of a side, and close there).
 */
function rectangle(points: readonly Point[]): [number, number, number, number] | undefined {
  if (points.length < 4 || points.length > 8) return undefined;
  let turns = 0;
  let previous: "h" | "v" | undefined;
  for (let i = 1; i < points.length; i++) {
    const [ax, ay] = points[i - 1]!;
    const [bx, by] = points[i]!;
    const flat = Math.abs(ay - by) <= AXIS_SLACK;
    const upright = Math.abs(ax - bx) <= AXIS_SLACK;
    if (!flat && !upright) return undefined;
    if (flat && upright) continue;
    const direction = flat ? "h" : "v";
    if (previous && direction !== previous) turns++;
    previous = direction;
  }
  return turns <= 4 ? boundsOf(points) : undefined;
}

const isWhite = (color: ArrayLike<number>, n: number) =>
  n === 4 ? Array.from(color).slice(0, 4).every((v) => v < 0.03) : Array.from(color).every((v) => v > 0.97);

export function readPageVectors(page: mupdf.Page): PageVectors {
  const rules: PageRule[] = [];
  const drawings: Array<[number, number, number, number]> = [];
  const fills: PageFill[] = [];
  let paths = 0;
  const device = new mupdf.Device({
    strokePath(path, _stroke, ctm, colorspace, color) {
      if (++paths > MAX_PATHS) return;
      const { lines, curved } = polylines(path, ctm);
      const found: PageRule[] = [];
      let other = curved;
      for (const line of lines)
        for (let i = 1; i < line.length; i++) {
          // A path closed where it started (or drawn twice over a point) has segments of no length.
          if (Math.hypot(line[i]![0] - line[i - 1]![0], line[i]![1] - line[i - 1]![1]) < 0.01) continue;
          const rule = ruleOf(line[i - 1]!, line[i]!);
          if (rule) found.push(rule);
          else other = true;
        }
      if (isWhite(color, colorspace.getNumberOfComponents())) return;
      if (!other) rules.push(...found);
      else if (lines.some((l) => l.length > 1)) drawings.push(boundsOf(lines.flat()));
    },
    fillPath(path, _evenOdd, ctm, colorspace, color, alpha) {
      if (++paths > MAX_PATHS) return;
      if (isWhite(color, colorspace.getNumberOfComponents())) return;
      const { lines, curved } = polylines(path, ctm);
      const points = lines.flat();
      if (points.length < 3) return;
      const box = curved || lines.length !== 1 ? undefined : rectangle(lines[0]!);
      if (box) {
        const [x0, y0, x1, y1] = box;
        if (y1 - y0 <= HAIRLINE && x1 - x0 >= MIN_RULE) {
          rules.push({ dir: "h", x0, y0: (y0 + y1) / 2, x1, y1: (y0 + y1) / 2 });
          return;
        }
        if (x1 - x0 <= HAIRLINE && y1 - y0 >= MIN_RULE) {
          rules.push({ dir: "v", x0: (x0 + x1) / 2, y0, x1: (x0 + x1) / 2, y1 });
          return;
        }
        if (x1 - x0 > HAIRLINE && y1 - y0 > HAIRLINE && alpha > 0) fills.push({ box, color: hexColor(color, alpha) });
      }
      drawings.push(boundsOf(points));
    },
  });
  page.run(device, mupdf.Matrix.identity);
  device.close();
  return { rules, drawings, fills };
}
