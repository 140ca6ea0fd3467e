import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import type { ImageConvertOptions } from "../../catalog/options/convert.js";
import { runMupdf } from "../engines/mupdf/pool.js";
import type { RenderedPage } from "../engines/mupdf/convert-tasks.js";
import { stemOf } from "../../pdf-ops/names.js";
import { selectPages } from "../../pdf-ops/page-selection.js";
import { parsePageSpans } from "../../catalog/page-ranges.js";
import { repairNote, type ReadablePdf } from "../pdf/pdf-input.js";
import { openForRendering } from "../pdf/render-budget.js";
import { checkRenderBudget } from "../../pdf-ops/render/render-budget.js";
import { fittedDpi, MAX_PAGE_PIXELS } from "../../pdf-ops/render/page-pixels.js";
import { BW_THRESHOLD, pageImageName, pageImagesMessage, pageImagesZipName, type PageImagesPlan, type RasterFormat, type RenderColor } from "../../pdf-ops/render/page-images.js";
import type { PopplerImageOptions } from "../engines/poppler-render.js";
import { netpbmToPng } from "../lib/netpbm-to-png.js";
import { failedWith } from "../errors.js";
import type { ProcessorContext, ProcessorInput, ToolResult } from "../work/types.js";
import { renderAhead, renderPagesInParallel, type PlannedPage, type RasterPage, type RenderSteps, type RunAhead } from "./parallel-render.js";
import { ZipWriter, type ZipEntry } from "../lib/zip.js";


/**
 * Renders PDF pages to raster images with poppler, the pages split over several processes (parallel-render.ts):
 * JPEG in RGB or greyscale as poppler writes it, PNG (RGB, greyscale, black and white) from poppler's plain pixels
 * encoded here (netpbm-to-png.ts). What poppler does not give as asked (CMYK JPEG, black-and-white JPEG, TIFF) comes
 * from MuPDF, with libvips (sharp) finishing the pixels where MuPDF has no encoder either. Should poppler fail on a
 * file MuPDF's more forgiving parser still reads, MuPDF renders it.
 */

/** A rendered page image: its one-based page number, its file, and the resolution it was rendered at. */
interface PageImage {
  page: number;
  path: string;
  dpi: number;
}

export async function renderPdfToImages(
  { files, options }: ProcessorInput<ImageConvertOptions>,
  ctx: ProcessorContext,
  plan: PageImagesPlan,
): Promise<ToolResult> {
  const { format, color, bw } = plan;
  const poppler = popplerWay(format, color, bw, options.quality);
  const outDir = path.join(ctx.workDir, "images");
  await fs.mkdir(outDir);
  const upload = files[0]!;
  // The first page, where the range starts there in any document, renders while pdfinfo reads the pages.
  const ahead = poppler && startsAtFirstPage(options.pageRange) ? renderAhead(upload.path, { page: 1, dpi: options.imageResolution }, path.join(outDir, "ahead"), poppler.options, ctx) : undefined;
  let made: { pdf: ReadablePdf; pages: number[]; rendered: PageImage[]; zip?: ToolResult["zip"] };
  try {
    const { pdf, boxes } = await openForRendering(upload, ctx);
    const pages = selectPages(options.pageRange, pdf.pageCount, "pageRange");
    checkRenderBudget(boxes, pages, options.imageResolution);
    const request: RenderRequest = { input: pdf.path, outDir, pages, dpi: options.imageResolution, format, color, bw, quality: options.quality };
    const nameOf = (page: number) => pageImageName(stemOf(pdf.name), pages, page, format);
    made = { pdf, pages, rendered: [] };
    if (poppler) {
      try {
        const planned = pages.map((page) => {
          const box = boxes[page - 1];
          return { page, dpi: box ? fittedDpi(box.width, box.height, options.imageResolution) : options.imageResolution };
        });
        made = { pdf, pages, ...(await renderIntoZip(planned, request, poppler, nameOf, pdf.path === upload.path ? ahead : undefined, ctx)) };
      } catch (err) {
        if (!failedWith(err, "damaged")) throw err;
        made.rendered = await renderWithMupdf({ ...request, outDir: await freshFolder(outDir, "mupdf") }, ctx);
      }
    } else {
      made.rendered = await renderWithMupdf(request, ctx);
    }
  } finally {
    await ahead?.discard();
  }
  const { pdf, pages, rendered, zip } = made;
  const stem = stemOf(pdf.name);
  const outputs = rendered.map((page) => ({ path: page.path, name: pageImageName(stem, pages, page.page, format) }));
  const repaired = repairNote([pdf]);
  const message = pageImagesMessage(plan, options, rendered.map((page) => page.dpi), repaired ? [repaired] : []);
  return { files: outputs, zipName: pageImagesZipName(stem, format), zip, message };
}

/**
 * Whether a page range names page 1 first in every document it fits: no range (every page), or one whose first part
 * starts at 1 ("1-12", "-5", "1,4"), read without a page count. A document the range does not fit is refused once
 * its pages are known, and the page rendered ahead is dropped with it.
 */
export function startsAtFirstPage(range: string): boolean {
  if (range.trim() === "") return true;
  try {
    return parsePageSpans(range, Number.MAX_SAFE_INTEGER)[0]?.from === 1;
  } catch {
    return false;
  }
}

interface PopplerWay {
  options: PopplerImageOptions;
  finish?: RenderSteps["finish"];
}

/**
 * How poppler gives the images asked for, if it does: JPEG written by poppler in RGB or grey, PNG encoded here from
 * its plain pixels (and removed once encoded), thresholded for black and white.
 */
function popplerWay(format: RasterFormat, color: RenderColor, bw: boolean, quality: number): PopplerWay | undefined {
  const gray = color === "gray";
  if (format === "jpg") return bw || color === "cmyk" ? undefined : { options: { format: "jpeg", gray, quality } };
  if (format !== "png") return undefined;
  const threshold = bw ? BW_THRESHOLD : undefined;
  const finish = async (page: RasterPage) => {
    const png = page.path.replace(/\.p[gp]m$/, ".png");
    await netpbmToPng(page.path, png, { dpi: page.dpi, threshold });
    await fs.rm(page.path);
    return png;
  };
  return { options: { format: "ppm", gray, quality }, finish };
}

/**
 * Renders the pages with poppler; where there are several, in page order, they go into the ZIP as they are
 * rendered (in whatever order the runs end; the ZIP lists them in page order), so that it is all but written when
 * the last page is.
 */
async function renderIntoZip(
  planned: PlannedPage[],
  request: RenderRequest,
  poppler: PopplerWay,
  nameOf: (page: number) => string,
  ahead: RunAhead | undefined,
  ctx: ProcessorContext,
): Promise<{ rendered: PageImage[]; zip?: ToolResult["zip"] }> {
  const zipPath = path.join(ctx.workDir, "images.zip");
  const zipping = inPageOrder(request.pages) ? await ZipWriter.create(zipPath) : undefined;
  const holds: ZipEntry[] = [];
  const place = new Map(request.pages.map((page, i) => [page, i]));
  const onReady = zipping && (async (ready: PageImage[]) => {
    const entries = ready.map((page) => ({ path: page.path, name: nameOf(page.page) }));
    await zipping.add(
      entries,
      ready.map((page) => place.get(page.page)!),
    );
    for (const [i, entry] of entries.entries()) holds[place.get(ready[i]!.page)!] = entry;
  });
  try {
    const rendered = await renderPagesInParallel(request.input, planned, request.outDir, poppler.options, ctx, (f) => ctx.progress(f), { finish: poppler.finish, onReady, ahead });
    if (!zipping) return { rendered };
    await zipping.finish();
    return { rendered, zip: { path: zipPath, holds } };
  } finally {
    await zipping?.close();
  }
}

/** Pages asked for once each, first to last: the order of the files, which the ZIP written as pages come lists. */
function inPageOrder(pages: readonly number[]): boolean {
  return pages.length > 1 && pages.every((page, i) => i === 0 || page > pages[i - 1]!);
}

interface RenderRequest {
  input: string;
  outDir: string;
  /** One-based. */
  pages: number[];
  dpi: number;
  format: RasterFormat;
  color: RenderColor;
  bw: boolean;
  quality: number;
}

async function freshFolder(parent: string, name: string): Promise<string> {
  const dir = path.join(parent, name);
  await fs.mkdir(dir);
  return dir;
}

/** MuPDF's rendering, encoding JPEG and PNG itself and leaving TIFF and 1-bit images to libvips. */
async function renderWithMupdf(request: RenderRequest, ctx: ProcessorContext): Promise<PageImage[]> {
  const { format, color, bw } = request;
  // CMYK TIFF is converted from RGB by libvips with its CMYK profile; MuPDF's own CMYK pixels have no TIFF encoder.
  const renderColor: RenderColor = color === "cmyk" && format === "tiff" ? "rgb" : color;
  const encodeInWorker = !bw && format !== "tiff";
  const { pages: rendered } = await runMupdf(
    "renderPages",
    {
      input: request.input,
      outDir: request.outDir,
      pages: request.pages.map((p) => p - 1),
      dpi: request.dpi,
      color: renderColor,
      encoding: encodeInWorker ? (format === "jpg" ? "jpeg" : "png") : "raw",
      quality: request.quality,
      maxPixels: MAX_PAGE_PIXELS,
    },
    ctx,
    (f) => ctx.progress(encodeInWorker ? f : f * 0.8),
  );
  if (encodeInWorker) return rendered;
  const images: PageImage[] = [];
  for (const [i, page] of rendered.entries()) {
    images.push({ page: page.page, dpi: page.dpi, path: await encodeRaw(page, format, color, bw, request.quality) });
    ctx.progress(0.8 + (0.2 * (i + 1)) / rendered.length);
  }
  return images;
}

/** Encodes packed pixels written by the worker, then deletes them. */
async function encodeRaw(page: RenderedPage, format: RasterFormat, color: RenderColor, bw: boolean, quality: number): Promise<string> {
  const pixels = await fs.readFile(page.path);
  let image = sharp(pixels, { raw: { width: page.width, height: page.height, channels: page.channels as 1 | 3 | 4 } });
  // "b-w" makes libvips treat the thresholded band as one bit, which the 1-bit encoders below require.
  if (bw) image = image.threshold(BW_THRESHOLD).toColourspace("b-w");
  else if (color === "cmyk") image = image.toColourspace("cmyk");
  const out = page.path.replace(/\.raw$/, `.${format}`);
  const density = { density: page.dpi };
  if (format === "jpg") await image.withMetadata(density).jpeg({ quality }).toFile(out);
  // One bit a pixel: a two-colour palette for PNG, CCITT Group 4 (what fax and scanners use) for TIFF.
  else if (format === "png") await image.withMetadata(density).png({ palette: true, colours: 2 }).toFile(out);
  else {
    // TIFF resolution is given in pixels per millimetre; withMetadata would convert CMYK back to sRGB.
    const res = { xres: page.dpi / 25.4, yres: page.dpi / 25.4 };
    await image.tiff(bw ? { ...res, bitdepth: 1, compression: "ccittfax4" } : { ...res, compression: "lzw" }).toFile(out);
  }
  await fs.rm(page.path);
  return out;
}
