import type { LayoutLine, LayoutPage } from "../engines/mupdf/convert-tasks.js";
import type { PageFill } from "../engines/mupdf/page-rules.js";
import { centreY, height, width, type Box } from "./geometry.js";
import { ruleFrames } from "./ruled-tables.js";
import type { FoundTable } from "./tables.js";

/**
 * Colour and boxes behind text. A rectangle filled with a colour behind a paragraph or a table cell is its
 * shading, which the rebuilt document keeps. A rectangle (filled, or framed with four rules) around some lines
 * with other text beside it and running past it above or below is a text box set into the page, a sidebar: its
 * lines are read as a unit after the paragraph it stands beside, not threaded into that paragraph's lines.
 */

/** A fill covering more of the page than this is its background, not a paragraph's shading. */
const BACKGROUND_SHARE = 0.6;
/** Two boxes whose edges are this close (points) are one (a frame drawn around a fill). */
const SAME_EDGE = 3;
/** A page with more boxes holding text than this is a form or a grid of boxes, not text with boxes set into it. */
const MAX_BOXES = 64;

export interface TextBox {
  box: Box;
  fill?: string;
  /** The lines inside it (those of a smaller box inside it excepted). */
  lines: LayoutLine[];
}

const area = (b: Box) => width(b) * height(b);
const holds = (box: Box, x: number, y: number) => x >= box[0] - 1 && x <= box[2] + 1 && y >= box[1] - 1 && y <= box[3] + 1;
const centre = (b: Box): [number, number] => [(b[0] + b[2]) / 2, centreY(b)];

/** The page's fills that may shade text: not its background, smallest first. */
export function shadingFills(page: LayoutPage): PageFill[] {
  const pageArea = page.width * page.height;
  return page.fills.filter((f) => area(f.box) <= pageArea * BACKGROUND_SHARE).sort((a, b) => area(a.box) - area(b.box));
}

/** The colour painted behind all the given boxes: that of the smallest fill holding all their centres. */
export function fillBehind(fills: readonly PageFill[], boxes: readonly Box[]): string | undefined {
  if (boxes.length === 0) return undefined;
  return fills.find((f) => boxes.every((b) => holds(f.box, ...centre(b))))?.color;
}

/** Rectangles around text, from fills and from frames of rules, each with the lines inside it. */
export function textBoxes(page: LayoutPage, lines: readonly LayoutLine[], tables: readonly FoundTable[], fills: readonly PageFill[]): TextBox[] {
  const overTable = (b: Box) => tables.some((t) => Math.max(0, Math.min(t.bbox[2], b[2]) - Math.max(t.bbox[0], b[0])) * Math.max(0, Math.min(t.bbox[3], b[3]) - Math.max(t.bbox[1], b[1])) > area(b) * 0.5);
  const candidates: Array<{ box: Box; fill?: string }> = fills.filter((f) => !overTable(f.box)).map((f) => ({ box: f.box, fill: f.color }));
  const pageArea = page.width * page.height;
  for (const frame of ruleFrames(page.rules)) {
    if (overTable(frame) || area(frame) > pageArea * BACKGROUND_SHARE) continue;
    const same = candidates.find((c) => c.box.every((v, i) => Math.abs(v - frame[i]!) <= SAME_EDGE));
    if (!same) candidates.push({ box: frame });
  }
  candidates.sort((a, b) => area(a.box) - area(b.box));
  // Each line belongs to the smallest box that holds it.
  const owned = new Map<LayoutLine, number>();
  for (const line of lines) {
    const i = candidates.findIndex((c) => holds(c.box, ...centre(line.bbox)) && line.bbox[0] >= c.box[0] - SAME_EDGE && line.bbox[2] <= c.box[2] + SAME_EDGE);
    if (i >= 0) owned.set(line, i);
  }
  const boxes = candidates.map((c): TextBox => ({ ...c, lines: [] }));
  for (const [line, i] of owned) boxes[i]!.lines.push(line);
  // A box around all the page's text is a page border, not a box in the text.
  const holding = boxes.filter((b) => b.lines.length > 0 && b.lines.length < lines.length);
  return holding.length > MAX_BOXES ? [] : holding;
}

const besideOf = (box: Box, line: LayoutLine) => {
  const cy = centreY(line.bbox);
  return cy > box[1] && cy < box[3] && (line.bbox[2] <= box[0] + 1 || line.bbox[0] >= box[2] - 1);
};
const overlapsX = (a: Box, b: Box) => Math.min(a[2], b[2]) > Math.max(a[0], b[0]);

/**
 * Whether a text box is set into running text: lines stand beside it, and a line just above or below it runs
 * across both its width and theirs (the text wraps around it), as opposed to a box that has a column to itself.
 */
export function floats(box: TextBox, others: readonly LayoutLine[]): boolean {
  const inBox = new Set(box.lines);
  const rest = others.filter((l) => !inBox.has(l));
  const beside = rest.filter((l) => besideOf(box.box, l));
  if (beside.length === 0) return false;
  const reach = 3 * Math.max(...beside.map((l) => height(l.bbox)));
  return rest.some(
    (l) =>
      !beside.includes(l) &&
      (Math.abs(l.bbox[3] - box.box[1]) <= reach || Math.abs(l.bbox[1] - box.box[3]) <= reach) &&
      overlapsX(l.bbox, box.box) &&
      beside.some((b) => overlapsX(l.bbox, b.bbox)),
  );
}
