import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import type { ImageConvertOptions } from "../../catalog/options/convert.js";
import { runMupdf } from "../engines/mupdf/pool.js";
import type { RenderColor, RenderedPage } from "../engines/mupdf/convert-tasks.js";
import { stemOf } from "../../pdf-ops/names.js";
import { selectPages } from "../../pdf-ops/page-selection.js";
import { openPdfInput, repairNote } from "../pdf/pdf-input.js";
import { checkRenderBudget, readPageBoxesQuickly } from "../pdf/render-budget.js";
import { fittedDpi, MAX_PAGE_PIXELS } from "../engines/mupdf/page-pixels.js";
import { popplerPageBoxes } from "../engines/poppler-page-boxes.js";
import { failedWith } from "../errors.js";
import type { ProcessorContext, ProcessorInput, ToolResult } from "../work/types.js";
import { renderPagesInParallel } from "./parallel-render.js";
import { ZipWriter, type ZipEntry } from "../lib/zip.js";
import { qualityNotApplied } from "./quality-note.js";
import { msg, type Said, type Text } from "../i18n/message.js";

/**
 * Renders PDF pages to raster images. JPEG in RGB or greyscale comes from poppler, the pages split over several
 * processes (parallel-render.ts). Everything else comes from MuPDF: PNG too, as poppler writes PNG at zlib's
 * highest compression, which costs more than its faster rendering saves; and what poppler does not write as asked
 * (CMYK JPEG, 1-bit black and white, TIFF), with libvips (sharp) finishing the pixels where MuPDF has no encoder
 * either. Should poppler fail on a file MuPDF's more forgiving parser still reads, MuPDF renders it.
 */

export type RasterFormat = "jpg" | "png" | "tiff";

/** Grey levels at or above this become white in black-and-white output. */
const BW_THRESHOLD = 128;

/** A rendered page image: its one-based page number, its file, and the resolution it was rendered at. */
interface PageImage {
  page: number;
  path: string;
  dpi: number;
}

export async function renderPdfToImages(
  { files, options }: ProcessorInput<ImageConvertOptions>,
  ctx: ProcessorContext,
  format: RasterFormat,
  notes: Said[],
): Promise<ToolResult> {
  const upload = files[0]!;
  // pdfinfo reads the page sizes while qpdf checks the file; they serve unless the file had to be repaired.
  const early = { path: upload.path, boxes: popplerPageBoxes(upload.path, ctx.maxPages, ctx) };
  early.boxes.catch(() => undefined);
  const pdf = await openPdfInput(upload, ctx);
  const pages = selectPages(options.pageRange, pdf.pageCount, "pageRange");
  const boxes = await readPageBoxesQuickly(pdf, ctx, early);
  checkRenderBudget(boxes, pages, options.imageResolution);
  const outDir = path.join(ctx.workDir, "images");
  await fs.mkdir(outDir);

  const bw = options.colorSpace === "bw";
  let color: RenderColor = bw || options.colorSpace === "grayscale" ? "gray" : options.colorSpace === "cmyk" ? "cmyk" : "rgb";
  if (color === "cmyk" && format === "png") {
    color = "rgb";
    notes.push(msg("pageImages.noCmykInPng"));
  }
  const request: RenderRequest = { input: pdf.path, outDir, pages, dpi: options.imageResolution, format, color, bw, quality: options.quality };
  const stem = stemOf(pdf.name);
  const nameOf = (page: number) => (pages.length === 1 ? `${stem}.${format}` : `${stem}-page-${page}.${format}`);
  let rendered: PageImage[];
  let zip: ToolResult["zip"];
  if (format === "jpg" && !bw && color !== "cmyk") {
    const planned = pages.map((page) => {
      const box = boxes[page - 1];
      return { page, dpi: box ? fittedDpi(box.width, box.height, options.imageResolution) : options.imageResolution };
    });
    const poppler = { format: format === "jpg" ? "jpeg" : "png", gray: color === "gray", quality: options.quality } as const;
    const zipping = inPageOrder(pages) ? await ZipWriter.create(path.join(ctx.workDir, "images.zip")) : undefined;
    const holds: ZipEntry[] = [];
    // The pages go into the ZIP as they are rendered, so that it is all but written when the last page is.
    const addToZip = zipping && (async (ready: PageImage[]) => {
      const entries = ready.map((page) => ({ path: page.path, name: nameOf(page.page) }));
      await zipping.add(entries);
      holds.push(...entries);
    });
    try {
      rendered = await renderPagesInParallel(pdf.path, planned, outDir, poppler, ctx, (f) => ctx.progress(f), addToZip);
      if (zipping) {
        await zipping.finish();
        zip = { path: path.join(ctx.workDir, "images.zip"), holds };
      }
    } catch (err) {
      if (!failedWith(err, "damaged")) throw err;
      rendered = await renderWithMupdf({ ...request, outDir: await freshFolder(outDir, "mupdf") }, ctx);
    } finally {
      await zipping?.close();
    }
  } else {
    rendered = await renderWithMupdf(request, ctx);
  }

  const outputs = rendered.map((page) => ({ path: page.path, name: nameOf(page.page) }));

  const lowered = rendered.filter((p) => p.dpi < options.imageResolution);
  if (lowered.length > 0) {
    notes.push(msg("pageImages.lowered", { count: lowered.length, dpi: Math.min(...lowered.map((p) => p.dpi)), millions: MAX_PAGE_PIXELS / 1e6 }));
  }
  if (format !== "jpg") notes.push(...qualityNotApplied(options.quality, "lossless", { format: format.toUpperCase() }));
  if (options.ocrEnabled) notes.push(msg("pageImages.noOcr"));
  const repaired = repairNote([pdf]);
  if (repaired) notes.push(repaired);
  const summary = msg("images.rendered", { count: rendered.length, format: format.toUpperCase(), dpi: options.imageResolution, colour: describeColor(color, bw) });
  return { files: outputs, zipName: `${stem}-${format}.zip`, zip, message: [summary, ...notes] };
}

/** Pages asked for once each, first to last: the order in which they are rendered. */
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

function describeColor(color: RenderColor, bw: boolean): Text {
  if (bw) return msg("images.blackAndWhite");
  return color === "gray" ? msg("images.greyscale") : color.toUpperCase();
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
