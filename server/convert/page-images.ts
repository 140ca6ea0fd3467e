import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import type { ImageConvertOptions } from "../../catalog/options/convert.js";
import { runMupdf } from "../engines/mupdf/pool.js";
import type { RenderColor, RenderedPage } from "../engines/mupdf/convert-tasks.js";
import { stemOf } from "../lib/file-names.js";
import { selectPages } from "../pdf/page-selection.js";
import { openPdfInput, repairNote } from "../pdf/pdf-input.js";
import { ensureRenderBudget } from "../pdf/render-budget.js";
import { MAX_PAGE_PIXELS } from "../engines/mupdf/page-pixels.js";
import type { ProcessorContext, ProcessorInput, ToolResult } from "../tools/types.js";
import { qualityNotApplied } from "./quality-note.js";

/**
 * Renders PDF pages to raster images with MuPDF (JPEG and PNG encoded in the worker) and, where MuPDF has no
 * encoder for what was asked (TIFF, 1-bit black and white, CMYK TIFF), finishes the pixels with libvips (sharp).
 */

export type RasterFormat = "jpg" | "png" | "tiff";

/** Grey levels at or above this become white in black-and-white output. */
const BW_THRESHOLD = 128;

export async function renderPdfToImages(
  { files, options }: ProcessorInput<ImageConvertOptions>,
  ctx: ProcessorContext,
  format: RasterFormat,
  notes: string[],
): Promise<ToolResult> {
  const pdf = await openPdfInput(files[0]!, ctx);
  const pages = selectPages(options.pageRange, pdf.pageCount, "pageRange");
  await ensureRenderBudget(pdf, pages, options.imageResolution, ctx);
  const outDir = path.join(ctx.workDir, "images");
  await fs.mkdir(outDir);

  const bw = options.colorSpace === "bw";
  let color: RenderColor = bw || options.colorSpace === "grayscale" ? "gray" : options.colorSpace === "cmyk" ? "cmyk" : "rgb";
  if (color === "cmyk" && format === "png") {
    color = "rgb";
    notes.push("PNG has no CMYK colour model: the images are RGB. Choose JPG or TIFF for CMYK.");
  }
  // CMYK TIFF is converted from RGB by libvips with its CMYK profile; MuPDF's own CMYK pixels have no TIFF encoder.
  const renderColor: RenderColor = color === "cmyk" && format === "tiff" ? "rgb" : color;
  const encodeInWorker = !bw && format !== "tiff";
  const { pages: rendered } = await runMupdf(
    "renderPages",
    {
      input: pdf.path,
      outDir,
      pages: pages.map((p) => p - 1),
      dpi: options.imageResolution,
      color: renderColor,
      encoding: encodeInWorker ? (format === "jpg" ? "jpeg" : "png") : "raw",
      quality: options.quality,
      maxPixels: MAX_PAGE_PIXELS,
    },
    ctx,
    (f) => ctx.progress(encodeInWorker ? f : f * 0.8),
  );

  const stem = stemOf(pdf.name);
  const outputs = [];
  for (const [i, page] of rendered.entries()) {
    const file = encodeInWorker ? page.path : await encodeRaw(page, format, color, bw, options.quality);
    const name = rendered.length === 1 ? `${stem}.${format}` : `${stem}-page-${page.page}.${format}`;
    outputs.push({ path: file, name });
    if (!encodeInWorker) ctx.progress(0.8 + (0.2 * (i + 1)) / rendered.length);
  }

  const lowered = rendered.filter((p) => p.dpi < options.imageResolution);
  if (lowered.length > 0) {
    notes.push(`${lowered.length} very large page${lowered.length === 1 ? " was" : "s were"} rendered at ${Math.min(...lowered.map((p) => p.dpi))} dpi to stay within ${MAX_PAGE_PIXELS / 1e6} million pixels.`);
  }
  if (format !== "jpg") notes.push(...qualityNotApplied(options.quality, `${format.toUpperCase()} is lossless`));
  if (options.ocrEnabled) notes.push("OCR does not apply to images.");
  const repaired = repairNote([pdf]);
  if (repaired) notes.push(repaired);
  const summary = `Rendered ${rendered.length} page${rendered.length === 1 ? "" : "s"} as ${format.toUpperCase()} at ${options.imageResolution} dpi (${describeColor(color, bw)}).`;
  return { files: outputs, zipName: `${stem}-${format}.zip`, message: [summary, ...notes].join(" ") };
}

function describeColor(color: RenderColor, bw: boolean): string {
  if (bw) return "black and white";
  return color === "gray" ? "greyscale" : color.toUpperCase();
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
