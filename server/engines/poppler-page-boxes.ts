import { AbortedError, EngineFailure } from "../errors.js";
import type { EngineContext } from "./context.js";
import type { PageBox } from "./mupdf/tasks.js";
import { runProcess } from "./process-runner.js";

/**
 * Every page's crop box as poppler's pdfinfo reads it (clipped to the media box, as MuPDF's bounds are): what the
 * pixel budget needs, from one short program run instead of a MuPDF process of the job's own. Rotation does not
 * change a page's pixel count, so the boxes are given as stored.
 */

/**
 * A "Page N CropBox: x0 y0 x1 y1" line. pdfinfo prints the document's own strings (its title...) before the page
 * lines, so a title can imitate one: for each page the last such line, which is pdfinfo's own, counts.
 */
const CROP_BOX = /^Page +(\d{1,9}) CropBox: +(-?[\d.]+) +(-?[\d.]+) +(-?[\d.]+) +(-?[\d.]+)$/gm;

/**
 * The boxes of pages 1 to lastPage (pdfinfo stops at the document's last page), by one-based page number less one;
 * undefined where pdfinfo fails. A page it could not read is missing from the list.
 */
export async function popplerPageBoxes(file: string, lastPage: number, ctx: EngineContext): Promise<PageBox[] | undefined> {
  const stdout = await pdfinfoBoxes(file, lastPage, ctx);
  return stdout === undefined ? undefined : parseCropBoxes(stdout, lastPage);
}

/**
 * Every page's trim box as it is seen, turned by the page's /Rotate: the size qpdf fits an overlay into, as
 * MuPDF's bounds of the trim box give it, from one short program run instead of a MuPDF process of the job's own.
 */
export async function popplerVisibleTrimBoxes(file: string, lastPage: number, ctx: EngineContext): Promise<PageBox[] | undefined> {
  const stdout = await pdfinfoBoxes(file, lastPage, ctx);
  return stdout === undefined ? undefined : parseVisibleTrimBoxes(stdout, lastPage);
}

/** pdfinfo's page lines (sizes, rotations, boxes) for pages 1 to lastPage; undefined where it fails. */
async function pdfinfoBoxes(file: string, lastPage: number, ctx: EngineContext): Promise<string | undefined> {
  try {
    const result = await runProcess({
      engine: "poppler",
      command: "pdfinfo",
      args: ["-f", "1", "-l", String(lastPage), "-box", file],
      cwd: ctx.workDir,
      timeoutMs: ctx.timeoutMs,
      signal: ctx.signal,
      maxStdoutBytes: 64 * 1024 * 1024,
    });
    return result.stdout.toString("latin1");
  } catch (err) {
    if (err instanceof AbortedError || (err instanceof EngineFailure && err.kind === "timed-out")) throw err;
    return undefined;
  }
}

export function parseCropBoxes(output: string, lastPage: number): PageBox[] {
  const boxes: PageBox[] = [];
  for (const [, page, x0, y0, x1, y1] of output.matchAll(CROP_BOX)) {
    const index = Number(page) - 1;
    const [width, height] = [Math.abs(Number(x1) - Number(x0)), Math.abs(Number(y1) - Number(y0))];
    if (index < lastPage && Number.isFinite(width) && Number.isFinite(height)) boxes[index] = { width, height };
  }
  return boxes;
}

/** The first pageCount boxes where every one of them is there. */
export function everyPage(boxes: readonly PageBox[] | undefined, pageCount: number): PageBox[] | undefined {
  if (!boxes) return undefined;
  for (let i = 0; i < pageCount; i++) if (!boxes[i]) return undefined;
  return boxes.slice(0, pageCount);
}

/** "Page N TrimBox: x0 y0 x1 y1" and "Page N rot: 90" lines; for each page the last one counts (see CROP_BOX). */
const TRIM_BOX = /^Page +(\d{1,9}) TrimBox: +(-?[\d.]+) +(-?[\d.]+) +(-?[\d.]+) +(-?[\d.]+)$/gm;
const ROTATION = /^Page +(\d{1,9}) rot: +(-?\d{1,6})$/gm;

export function parseVisibleTrimBoxes(output: string, lastPage: number): PageBox[] {
  const turned = new Map<number, boolean>();
  for (const [, page, degrees] of output.matchAll(ROTATION)) turned.set(Number(page) - 1, Math.abs(Number(degrees)) % 180 === 90);
  const boxes: PageBox[] = [];
  for (const [, page, x0, y0, x1, y1] of output.matchAll(TRIM_BOX)) {
    const index = Number(page) - 1;
    const [width, height] = [Math.abs(Number(x1) - Number(x0)), Math.abs(Number(y1) - Number(y0))];
    if (index < lastPage && Number.isFinite(width) && Number.isFinite(height) && turned.has(index)) {
      boxes[index] = turned.get(index) ? { width: height, height: width } : { width, height };
    }
  }
  return boxes;
}
