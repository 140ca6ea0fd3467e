import type { ImageConvertOptions } from "../../catalog/options/convert.js";
import { pngPlan } from "../../pdf-ops/render/page-images.js";
import { renderPdfToImages } from "../convert/page-images.js";
import type { Processor } from "../work/types.js";

/** Each page as a lossless PNG (or TIFF, which no format key names, when the call asks for it). */
export const pdfToPng: Processor<ImageConvertOptions> = (input, ctx) => renderPdfToImages(input, ctx, pngPlan(input.options));
