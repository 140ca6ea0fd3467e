import { DamagedPdfError, failedWith, TooManyPagesError, UserError } from "../errors.js";
import { msg, type Message } from "../i18n/message.js";
import { runMupdf } from "../engines/mupdf/pool.js";
import { fittedDpi, MAX_PAGE_PIXELS } from "../engines/mupdf/page-pixels.js";
import { everyPage, popplerPageBoxes, popplerPageLayout } from "../engines/poppler-page-boxes.js";
import type { PageBox } from "../engines/mupdf/tasks.js";
import type { InputFile, ProcessorContext } from "../work/types.js";
import { openPdfInput, type ReadablePdf } from "./pdf-input.js";

/**
 * How many pixels a job may have rendered, decided from the page boxes before anything is rendered: a page's
 * pixels are its size times the resolution squared, so a few kilobytes of PDF can ask for billions.
 */

/**
 * The most pixels one job renders, all pages together: about 1,100 A4 pages at 150 dpi or 280 at 300 dpi. It bounds
 * the time a job holds a MuPDF worker and the disk its images fill.
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

/**
 * Every page's visible box (the crop box, after /Rotate), as MuPDF renders and annotates it. A page MuPDF cannot
 * load (a dictionary nested past its limits, a broken object) makes the file one it cannot work on: a 422.
 */
export async function readPageBoxes(pdf: { path: string; name: string }, ctx: ProcessorContext): Promise<PageBox[]> {
  try {
    return (await runMupdf("pageBoxes", { input: pdf.path, box: "CropBox" }, ctx)).pages;
  } catch (err) {
    if (failedWith(err, "damaged", "unsupported")) throw new DamagedPdfError(pdf.name);
    throw err;
  }
}

/**
 * The page boxes from poppler's pdfinfo where it reads every page, which costs one short program run; from MuPDF
 * otherwise, which starts the job's MuPDF process (where the sandbox gives each job its own) if it is not running.
 */
export async function readPageBoxesQuickly(pdf: ReadablePdf, ctx: ProcessorContext): Promise<PageBox[]> {
  return everyPage(await popplerPageBoxes(pdf.path, pdf.pageCount, ctx), pdf.pageCount) ?? (await readPageBoxes(pdf, ctx));
}

/**
 * A PDF to render with poppler, with every page's box: where pdfinfo reads the upload's page count and every page's
 * box, that one short run is all the opening it needs, as poppler's renderers read the file as pdfinfo does (a
 * file they then fail on is handed to MuPDF by the caller). Otherwise the file is opened as every tool opens it
 * (qpdf, repaired by MuPDF where needed), which also refuses files that need a password with their own sentence.
 */
export async function openForRendering(upload: InputFile, ctx: ProcessorContext): Promise<{ pdf: ReadablePdf; boxes: PageBox[] }> {
  const layout = await popplerPageLayout(upload.path, ctx.maxPages, ctx);
  if (layout && layout.pageCount > ctx.maxPages) throw new TooManyPagesError(ctx.maxPages);
  const boxes = layout && layout.pageCount > 0 ? everyPage(layout.boxes, layout.pageCount) : undefined;
  if (layout && boxes) {
    ctx.allowPages?.(layout.pageCount);
    return { pdf: { path: upload.path, name: upload.name, pageCount: layout.pageCount, repaired: false }, boxes };
  }
  const pdf = await openPdfInput(upload, ctx);
  return { pdf, boxes: await readPageBoxesQuickly(pdf, ctx) };
}

/** Reads the page boxes of a PDF that opened, then checks the render as checkRenderBudget does; returns the boxes. */
export async function ensureRenderBudget(
  pdf: { path: string; name: string },
  pages: readonly number[],
  dpi: number,
  ctx: ProcessorContext,
  lowersResolution = true,
): Promise<PageBox[]> {
  const boxes = await readPageBoxes(pdf, ctx);
  checkRenderBudget(boxes, pages, dpi, lowersResolution);
  return boxes;
}
