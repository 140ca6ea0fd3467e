import fs from "node:fs";
import * as mupdf from "mupdf";

/**
 * Vector drawings (charts, diagrams, shaded boxes) have no text form: their area of the page is rendered as a
 * picture, so that a rebuilt document shows them in their place instead of dropping them. Shapes close together
 * are one drawing; specks, and shapes covering most of the page (a coloured page background), are left out.
 */

type Box = [number, number, number, number];

/** Shapes closer than this (points) belong to one drawing. */
const JOIN = 6;
/** A drawing smaller than this on either side is a mark, a bullet or an underline. */
const MIN_SIDE = 16;
/** A drawing covering more of the page than this is its background. */
const MAX_PAGE_SHARE = 0.6;
/** At most this many drawings a page are rendered: beyond that the page is one big figure of small parts. */
const MAX_DRAWINGS = 12;
/** Room around a drawing's shapes, for line widths and arrow heads. */
const PAD = 2;
/** Crops are rendered at this resolution: sharp on screen, small in the file. */
export const DRAWING_DPI = 120;

const near = (a: Box, b: Box) => a[0] - JOIN <= b[2] && b[0] - JOIN <= a[2] && a[1] - JOIN <= b[3] && b[1] - JOIN <= a[3];

/**
 * Shapes joined into drawings: overlapping or near boxes merged until none are. Lines (a chart's axes and
 * gridlines) join the shapes they touch into one drawing, but lines alone make none.
 */
export function drawingRegions(shapes: readonly Box[], lines: readonly Box[], page: Box): Box[] {
  let regions = [...shapes.map((b) => ({ box: [...b] as Box, shape: true })), ...lines.map((b) => ({ box: [...b] as Box, shape: false }))];
  for (let merged = true; merged && regions.length > 1 && regions.length <= 2000; ) {
    merged = false;
    const out: typeof regions = [];
    for (const region of regions) {
      const hit = out.find((o) => near(o.box, region.box));
      if (hit) {
        const [a, b] = [hit.box, region.box];
        hit.box = [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
        hit.shape ||= region.shape;
        merged = true;
      } else out.push(region);
    }
    regions = out;
  }
  const area = (page[2] - page[0]) * (page[3] - page[1]);
  return regions
    .filter((r) => r.shape)
    .map(({ box: b }): Box => [Math.max(page[0], b[0] - PAD), Math.max(page[1], b[1] - PAD), Math.min(page[2], b[2] + PAD), Math.min(page[3], b[3] + PAD)])
    .filter((b) => b[2] - b[0] >= MIN_SIDE && b[3] - b[1] >= MIN_SIDE && (b[2] - b[0]) * (b[3] - b[1]) <= area * MAX_PAGE_SHARE)
    .sort((a, b) => (b[2] - b[0]) * (b[3] - b[1]) - (a[2] - a[0]) * (a[3] - a[1]))
    .slice(0, MAX_DRAWINGS);
}

/** How far (points) from a drawing a label may sit: tick labels beside an axis, a caption line under bars. */
const LABEL_REACH = 14;
/** A line of this many words is a sentence, not a label. */
const LABEL_WORDS = 7;
/** A label is narrower than this share of its drawing: a line as wide is the text's, running past it. */
const LABEL_WIDTH = 0.6;
/** A figure's caption stays text. */
const CAPTION = /^(?:fig(?:ure)?|abb(?:ildung)?|table|tab(?:elle)?)\.?\s/i;

type Line = { bbox: Box; text: string };

const union = (a: Box, b: Box): Box => [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];

/** A drawing grown to take in the short lines of text just outside it (axis ticks, category names, a title). */
function grown(region: Box, lines: readonly Line[]): Box {
  let box: Box = [...region];
  const labels = lines.filter((l) => l.text.trim().split(/\s+/).length < LABEL_WORDS && !CAPTION.test(l.text.trim()));
  for (let changed = true; changed; ) {
    changed = false;
    for (const { bbox } of labels) {
      if (bbox[2] - bbox[0] > (box[2] - box[0]) * LABEL_WIDTH) continue;
      // Above or below the drawing and within its width, or beside it and within its height: a line that starts
      // further out is the text's (a heading, a paragraph's end), not a label.
      const spanX = bbox[0] >= box[0] - PAD && bbox[2] <= box[2] + PAD;
      const spanY = bbox[1] >= box[1] - PAD && bbox[3] <= box[3] + PAD;
      const reach =
        bbox[0] - LABEL_REACH <= box[2] && box[0] - LABEL_REACH <= bbox[2] && bbox[1] - LABEL_REACH <= box[3] && box[1] - LABEL_REACH <= bbox[3] && (spanX || spanY);
      const within = bbox[0] >= box[0] && bbox[1] >= box[1] && bbox[2] <= box[2] && bbox[3] <= box[3];
      if (reach && !within) {
        box = union(box, [bbox[0] - PAD, bbox[1] - PAD, bbox[2] + PAD, bbox[3] + PAD]);
        changed = true;
      }
    }
  }
  return box;
}

/**
 * Drawings grown over their labels, so that the picture shows them (lines inside a drawing are in it already);
 * drawings that then meet (panels of one figure sharing labels) become one.
 */
export function withLabels(regions: readonly Box[], lines: readonly Line[]): Box[] {
  let boxes = regions.map((r) => grown(r, lines));
  for (let merged = true; merged; ) {
    merged = false;
    const out: Box[] = [];
    for (const box of boxes) {
      const i = out.findIndex((o) => near(o, box));
      if (i >= 0) {
        out[i] = grown(union(out[i]!, box), lines);
        merged = true;
      } else out.push(box);
    }
    boxes = out;
  }
  return boxes;
}

/**
 * Renders the page's box (in points) at DRAWING_DPI as PNG into path; returns the pixel size. A page with several
 * boxes to render is best given as its display list: the page's content is then read once, not once a box.
 */
export function renderCrop(page: Pick<mupdf.DisplayList, "run">, box: Box, path: string): { width: number; height: number } {
  const scale = DRAWING_DPI / 72;
  const matrix = mupdf.Matrix.scale(scale, scale);
  const pixels = [Math.floor(box[0] * scale), Math.floor(box[1] * scale), Math.ceil(box[2] * scale), Math.ceil(box[3] * scale)] as [number, number, number, number];
  const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, pixels, false);
  pixmap.clear(255);
  const device = new mupdf.DrawDevice(mupdf.Matrix.identity, pixmap);
  page.run(device, matrix);
  device.close();
  fs.writeFileSync(path, pixmap.asPNG());
  const size = { width: pixmap.getWidth(), height: pixmap.getHeight() };
  pixmap.destroy();
  return size;
}
