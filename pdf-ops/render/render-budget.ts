import { UserError } from "../errors.js";
import { msg, type Message } from "../message.js";
import type { PageBox } from "../page-boxes.js";
import { fittedDpi, MAX_PAGE_PIXELS } from "./page-pixels.js";

/**
 * How many pixels a job may have rendered, decided from the page boxes before anything is rendered: a page's
 * pixels are its size times the resolution squared, so a few kilobytes of PDF can ask for billions. The server and
 * the visitor's browser refuse the same renders with the same sentences.
 */

/**
 * The most pixels one job renders, all pages together: about 1,100 A4 pages at 150 dpi or 280 at 300 dpi. It bounds
 * the time a job holds a renderer and the space its images fill.
 */
export const MAX_JOB_PIXELS = 2_500_000_000;
/** A page that would have to be rendered below this to fit MAX_PAGE_PIXELS is refused: nothing would be legible. */
export const MIN_RENDER_DPI = 10;

export function pixelsAt(box: PageBox, dpi: number): number {
  return Math.abs(box.width * box.height) * (dpi / 72) ** 2;
}

function inches(points: number): number {
  return Math.round(Math.abs(points) / 72);
}

function tooLarge(message: Message): UserError {
  return new UserError(message, 422, "too_large");
}

/**
 * Refuses, with the limit named, a render of these pages (one-based) at `dpi` that would pass the limits. `boxes`
 * are every page's visible boxes, as MuPDF renders them. Where the renderer lowers the resolution of a large page
 * (ours do), a page only has to fit at MIN_RENDER_DPI; where it cannot (OCRmyPDF), at `dpi` itself.
 */
export function checkRenderBudget(boxes: readonly PageBox[], pages: readonly number[], dpi: number, lowersResolution = true): void {
  let total = 0;
  for (const page of pages) {
    const box = boxes[page - 1];
    if (!box) continue;
    const size = { page, width: inches(box.width), height: inches(box.height), millions: MAX_PAGE_PIXELS / 1e6 };
    if (!lowersResolution && pixelsAt(box, dpi) > MAX_PAGE_PIXELS) throw tooLarge(msg("render.pageTooLargeAt", { ...size, dpi }));
    const fitted = fittedDpi(box.width, box.height, dpi);
    if (fitted < MIN_RENDER_DPI) throw tooLarge(msg("render.pageTooLarge", { ...size, dpi: MIN_RENDER_DPI }));
    total += pixelsAt(box, fitted);
  }
  if (total > MAX_JOB_PIXELS) {
    throw tooLarge(msg("render.tooManyPixels", { gigapixels: gigapixels(total), dpi, limit: gigapixels(MAX_JOB_PIXELS) }));
  }
}

function gigapixels(pixels: number): number {
  const g = pixels / 1e9;
  return g >= 10 ? Math.round(g) : Math.round(g * 10) / 10;
}
