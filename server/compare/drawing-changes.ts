import fs from "node:fs/promises";
import path from "node:path";
import type { DrawingChange, Rect } from "../../catalog/compare-report.js";
import { renderPagesInParallel, type PlannedPage } from "../convert/parallel-render.js";
import { fittedDpi } from "../../pdf-ops/render/page-pixels.js";
import type { ProcessorContext } from "../work/types.js";
import { readPgm, type GreyImage } from "./pgm.js";

/**
 * Pages whose text is the same on both sides are drawn in grey at a low resolution by poppler and compared pixel by
 * pixel: what differs there is drawing (lines, shapes, pictures, where things stand).
 */

/** Fine enough to see a hairline moved by a millimetre, coarse enough that a page is a few hundred thousand pixels. */
const COMPARE_DPI = 50;
/** A very large page is drawn at a lower resolution so that it stays within this. */
const MAX_COMPARE_PIXELS = 4_000_000;
/** Grey levels two pixels may differ by and still count as the same (anti-aliasing of the same edge). */
const GREY_TOLERANCE = 48;
/** Differing pixels are gathered in square cells of this many pixels; touching cells make one region. */
const CELL_PIXELS = 8;
/** The most regions named a page; the smaller ones beyond are given as one rectangle around them all. */
const MAX_REGIONS = 20;
/** Page pairs drawn and compared at a time. */
const PAIRS_PER_BATCH = 100;
/** Pages whose sizes differ by more than this (points) are changed whatever they show. */
const SIZE_TOLERANCE = 0.5;

export interface PageSize {
  width: number;
  height: number;
}

export interface DrawingPair {
  old: number;
  new: number;
  oldSize: PageSize;
  newSize: PageSize;
}

/** The pairs that look different, with where; `threshold` is the share of the page (0 to 1) that must differ. */
export async function drawingChanges(
  oldPdf: string,
  newPdf: string,
  pairs: readonly DrawingPair[],
  threshold: number,
  ctx: ProcessorContext,
  progress: (fraction: number) => void,
): Promise<DrawingChange[]> {
  const resized = pairs.filter((p) => !sameSize(p.oldSize, p.newSize));
  const rendered = pairs.filter((p) => sameSize(p.oldSize, p.newSize));
  const found: DrawingChange[] = resized.map((p) => ({
    oldPage: p.old,
    newPage: p.new,
    changedShare: 1,
    regions: [[0, 0, p.newSize.width, p.newSize.height]],
    sizeChanged: true,
  }));
  const dpiOf = (p: DrawingPair) => Math.max(1, fittedDpi(p.oldSize.width, p.oldSize.height, COMPARE_DPI, MAX_COMPARE_PIXELS));
  // A batch at a time, each batch's images deleted once compared, so that a long document's renders never fill the disk.
  for (let from = 0; from < rendered.length; from += PAIRS_PER_BATCH) {
    const batch = rendered.slice(from, from + PAIRS_PER_BATCH);
    const share = (done: number) => (from + done * batch.length) / rendered.length;
    const step = (f: number) => progress(share(f));
    const oldImages = await renderGrey(oldPdf, batch.map((p) => ({ page: p.old, dpi: dpiOf(p) })), `compare-old-${from}`, ctx, (f) => step(0.45 * f));
    const newImages = await renderGrey(newPdf, batch.map((p) => ({ page: p.new, dpi: dpiOf(p) })), `compare-new-${from}`, ctx, (f) => step(0.45 + 0.45 * f));
    for (const pair of batch) {
      const difference = compareImages(await readPgm(oldImages.images.get(pair.old)!), await readPgm(newImages.images.get(pair.new)!), dpiOf(pair));
      if (difference.share >= threshold) {
        found.push({ oldPage: pair.old, newPage: pair.new, changedShare: Math.round(difference.share * 1e4) / 1e4, regions: difference.regions });
      }
    }
    await Promise.all([oldImages.folder, newImages.folder].map((folder) => fs.rm(folder, { recursive: true, force: true })));
    step(1);
  }
  return found.sort((x, y) => x.oldPage - y.oldPage);
}

function sameSize(a: PageSize, b: PageSize): boolean {
  return Math.abs(a.width - b.width) <= SIZE_TOLERANCE && Math.abs(a.height - b.height) <= SIZE_TOLERANCE;
}

async function renderGrey(
  pdf: string,
  pages: PlannedPage[],
  name: string,
  ctx: ProcessorContext,
  progress: (f: number) => void,
): Promise<{ folder: string; images: Map<number, string> }> {
  const folder = path.join(ctx.workDir, name);
  await fs.mkdir(folder);
  const images = await renderPagesInParallel(pdf, pages, folder, { format: "pgm", gray: true, quality: 100 }, ctx, progress);
  return { folder, images: new Map(images.map((image) => [image.page, image.path])) };
}

/** The share of pixels that differ and the regions where they do, in points. */
export function compareImages(a: GreyImage, b: GreyImage, dpi: number): { share: number; regions: Rect[] } {
  const width = Math.min(a.width, b.width);
  const height = Math.min(a.height, b.height);
  const columns = Math.ceil(width / CELL_PIXELS);
  const rows = Math.ceil(height / CELL_PIXELS);
  const cells = new Uint8Array(columns * rows);
  let differing = 0;
  for (let y = 0; y < height; y++) {
    const rowA = y * a.width;
    const rowB = y * b.width;
    for (let x = 0; x < width; x++) {
      if (Math.abs(a.pixels[rowA + x]! - b.pixels[rowB + x]!) > GREY_TOLERANCE) {
        differing++;
        cells[Math.floor(y / CELL_PIXELS) * columns + Math.floor(x / CELL_PIXELS)] = 1;
      }
    }
  }
  const share = differing / Math.max(1, width * height);
  const scale = 72 / dpi;
  const toPoints = ([x0, y0, x1, y1]: Rect): Rect => [
    round(x0 * CELL_PIXELS * scale),
    round(y0 * CELL_PIXELS * scale),
    round(Math.min(width, x1 * CELL_PIXELS) * scale),
    round(Math.min(height, y1 * CELL_PIXELS) * scale),
  ];
  return { share, regions: differing === 0 ? [] : limitRegions(cellRegions(cells, columns, rows)).map(toPoints) };
}

const round = (n: number) => Math.round(n * 100) / 100;

/** The bounding boxes, in cells ([x0, y0, x1, y1), end exclusive), of the groups of marked cells touching by side or corner. */
function cellRegions(cells: Uint8Array, columns: number, rows: number): Rect[] {
  const regions: Rect[] = [];
  const queue: number[] = [];
  for (let start = 0; start < cells.length; start++) {
    if (cells[start] !== 1) continue;
    cells[start] = 2;
    queue.push(start);
    const box: Rect = [columns, rows, 0, 0];
    while (queue.length > 0) {
      const cell = queue.pop()!;
      const cx = cell % columns;
      const cy = (cell - cx) / columns;
      box[0] = Math.min(box[0], cx);
      box[1] = Math.min(box[1], cy);
      box[2] = Math.max(box[2], cx + 1);
      box[3] = Math.max(box[3], cy + 1);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = cx + dx;
          const ny = cy + dy;
          if (nx < 0 || ny < 0 || nx >= columns || ny >= rows) continue;
          const next = ny * columns + nx;
          if (cells[next] === 1) {
            cells[next] = 2;
            queue.push(next);
          }
        }
      }
    }
    regions.push(box);
  }
  return regions;
}

/** The largest MAX_REGIONS - 1 regions, and one around all the others where there are more. */
function limitRegions(regions: Rect[]): Rect[] {
  if (regions.length <= MAX_REGIONS) return regions;
  const area = (r: Rect) => (r[2] - r[0]) * (r[3] - r[1]);
  const sorted = [...regions].sort((x, y) => area(y) - area(x));
  const rest = sorted.slice(MAX_REGIONS - 1);
  const around = rest.reduce<Rect>((u, r) => [Math.min(u[0], r[0]), Math.min(u[1], r[1]), Math.max(u[2], r[2]), Math.max(u[3], r[3])], [...rest[0]!]);
  return [...sorted.slice(0, MAX_REGIONS - 1), around];
}
