import { DamagedPdfError, failedWith, TooManyPagesError } from "../errors.js";
import { runMupdf } from "../engines/mupdf/pool.js";
import { checkRenderBudget } from "../../pdf-ops/render/render-budget.js";
import { everyPage, popplerPageBoxes, popplerPageLayout } from "../engines/poppler-page-boxes.js";
import type { PageBox } from "../engines/mupdf/tasks.js";
import type { InputFile, ProcessorContext } from "../work/types.js";
import { openPdfInput, type ReadablePdf } from "./pdf-input.js";
import { statedCropBoxes } from "./stated-page-layout.js";

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
 * The page boxes as the file's page tree states them, read in this process where it can be; else from poppler's
 * pdfinfo where it reads every page, which costs one short program run; from MuPDF otherwise, which starts the job's
 * MuPDF process (where the sandbox gives each job its own) if it is not running.
 */
export async function readPageBoxesQuickly(pdf: ReadablePdf, ctx: ProcessorContext): Promise<PageBox[]> {
  const stated = await statedCropBoxes(pdf.path, pdf.pageCount);
  if (stated?.pageCount === pdf.pageCount) return stated.boxes;
  return everyPage(await popplerPageBoxes(pdf.path, pdf.pageCount, ctx), pdf.pageCount) ?? (await readPageBoxes(pdf, ctx));
}

/**
 * A PDF to render with poppler, with every page's box: where this process reads the upload's page tree (an
 * unencrypted file laid out as written, stated-page-layout.ts), or else pdfinfo reads its page count and every
 * page's box in one short run, that is all the opening it needs: poppler's renderers read the file as pdfinfo does,
 * and a file they then fail on is handed to MuPDF by the caller. Otherwise the file is opened as every tool opens it
 * (qpdf, repaired by MuPDF where needed), which also refuses files that need a password with their own sentence.
 */
export async function openForRendering(upload: InputFile, ctx: ProcessorContext): Promise<{ pdf: ReadablePdf; boxes: PageBox[] }> {
  const layout = (await statedCropBoxes(upload.path, ctx.maxPages)) ?? (await popplerPageLayout(upload.path, ctx.maxPages, ctx));
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
