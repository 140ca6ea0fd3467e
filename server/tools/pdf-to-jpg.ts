import type { ImageConvertOptions } from "../../catalog/options/convert.js";
import { jpgPlan } from "../../pdf-ops/render/page-images.js";
import { renderPdfToImages } from "../convert/page-images.js";
import type { Processor } from "../work/types.js";

/** Each page as a JPG (or, on request, PNG or TIFF) image at the chosen resolution and colour space. */
export const pdfToJpg: Processor<ImageConvertOptions> = (input, ctx) => renderPdfToImages(input, ctx, jpgPlan(input.options));
