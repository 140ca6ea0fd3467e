import type { ImageConvertOptions } from "../../catalog/options/convert.js";
import { msg, toolName, type Said, type Text } from "../message.js";
import { qualityNotApplied } from "../quality-note.js";
import { MAX_PAGE_PIXELS } from "./page-pixels.js";

/**
 * PDF to JPG and PDF to PNG as planned before any page is rendered, and what they say once it is: shared by the
 * server (poppler and MuPDF processes) and the visitor's browser (MuPDF as WebAssembly), so that both name the same
 * files and say the same sentences.
 */

export type RasterFormat = "jpg" | "png" | "tiff";
export type RenderColor = "rgb" | "cmyk" | "gray";

/** Grey levels at or above this become white in black-and-white output. */
export const BW_THRESHOLD = 128;

export interface PageImagesPlan {
  format: RasterFormat;
  color: RenderColor;
  /** Black and white: rendered grey, then thresholded at BW_THRESHOLD. */
  bw: boolean;
  /** Sentences about settings changed or not applied, said beside the result. */
  notes: Said[];
}

/** PDF to JPG: the format the call asks for (JPG unless it names PNG or TIFF). */
export function jpgPlan(options: ImageConvertOptions): PageImagesPlan {
  return planPageImages(options, options.imageFormat, []);
}

/**
 * PDF to PNG: the Convert screen sends one image format for all image targets; the format key decides, except that
 * TIFF (which no key names) is honoured here too.
 */
export function pngPlan(options: ImageConvertOptions): PageImagesPlan {
  const format = options.imageFormat === "tiff" ? "tiff" : "png";
  const notes = options.imageFormat === "jpg" ? [msg("pageImages.pngOnly", { jpgTool: toolName("pdf-to-jpg") })] : [];
  return planPageImages(options, format, notes);
}

function planPageImages(options: ImageConvertOptions, format: RasterFormat, notes: Said[]): PageImagesPlan {
  const bw = options.colorSpace === "bw";
  let color: RenderColor = bw || options.colorSpace === "grayscale" ? "gray" : options.colorSpace === "cmyk" ? "cmyk" : "rgb";
  if (color === "cmyk" && format === "png") {
    color = "rgb";
    notes = [...notes, msg("pageImages.noCmykInPng")];
  }
  return { format, color, bw, notes };
}

/** One page is named after the document; several carry their page numbers, in a ZIP named by pageImagesZipName. */
export function pageImageName(stem: string, pages: readonly number[], page: number, format: RasterFormat): string {
  return pages.length === 1 ? `${stem}.${format}` : `${stem}-page-${page}.${format}`;
}

export function pageImagesZipName(stem: string, format: RasterFormat): string {
  return `${stem}-${format}.zip`;
}

/**
 * What the tool says once the pages are rendered: how many, at what resolution and colour, then the plan's notes,
 * pages rendered below the resolution asked for (to fit MAX_PAGE_PIXELS), settings without effect, and `extra`.
 */
export function pageImagesMessage(plan: PageImagesPlan, options: ImageConvertOptions, renderedDpis: readonly number[], extra: Said[] = []): Said {
  const notes: Said[] = [...plan.notes];
  const lowered = renderedDpis.filter((dpi) => dpi < options.imageResolution);
  if (lowered.length > 0) notes.push(msg("pageImages.lowered", { count: lowered.length, dpi: Math.min(...lowered), millions: MAX_PAGE_PIXELS / 1e6 }));
  if (plan.format !== "jpg") notes.push(...qualityNotApplied(options.quality, "lossless", { format: plan.format.toUpperCase() }));
  if (options.ocrEnabled) notes.push(msg("pageImages.noOcr"));
  notes.push(...extra);
  const summary = msg("images.rendered", { count: renderedDpis.length, format: plan.format.toUpperCase(), dpi: options.imageResolution, colour: describeColor(plan) });
  return [summary, ...notes];
}

function describeColor({ color, bw }: PageImagesPlan): Text {
  if (bw) return msg("images.blackAndWhite");
  return color === "gray" ? msg("images.greyscale") : color.toUpperCase();
}
