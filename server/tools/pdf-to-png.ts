import type { ImageConvertOptions } from "../../catalog/options/convert.js";
import { renderPdfToImages } from "../convert/page-images.js";
import type { Processor } from "../work/types.js";
import { msg, toolName } from "../i18n/message.js";

/**
 * Each page as a lossless PNG. The Convert screen sends one image format for all image targets; the format key
 * decides, except that TIFF (which no key names) is honoured here too.
 */
export const pdfToPng: Processor<ImageConvertOptions> = (input, ctx) => {
  const format = input.options.imageFormat === "tiff" ? "tiff" : "png";
  const notes = input.options.imageFormat === "jpg" ? [msg("pageImages.pngOnly", { jpgTool: toolName("pdf-to-jpg") })] : [];
  return renderPdfToImages(input, ctx, format, notes);
};
