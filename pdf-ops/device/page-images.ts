import type * as Mupdf from "mupdf";
import type { ImageConvertOptions } from "../../catalog/options/convert.js";
import { TooManyPagesError, UserError } from "../errors.js";
import { msg } from "../message.js";
import { stemOf } from "../names.js";
import { visibleBoxes } from "../page-boxes.js";
import { selectPages } from "../page-selection.js";
import { jpgPlan, pageImageName, pageImagesMessage, pageImagesZipName, pngPlan, type PageImagesPlan, type RenderColor } from "../render/page-images.js";
import { fittedDpi } from "../render/page-pixels.js";
import { checkRenderBudget } from "../render/render-budget.js";
import { bytesOf } from "./open.js";
import { openWithMupdf } from "./open-mupdf.js";
import type { DeviceOperation, DeviceOutput } from "./operation.js";

/**
 * PDF to JPG and PDF to PNG on the device: the server's plan, budget and names, each page rendered by MuPDF (as the
 * server's MuPDF renders the pages poppler does not) and encoded by MuPDF's own JPEG and PNG writers. What MuPDF
 * cannot encode as the server does (TIFF, one-bit black and white) is handed back to the server with that reason.
 */
function pageImagesOnDevice(planFor: (options: ImageConvertOptions) => PageImagesPlan): DeviceOperation<ImageConvertOptions> {
  return async ({ files, options }, ctx) => {
    const plan = planFor(options);
    if (plan.format === "tiff") throw new UserError(msg("common:device.tiffOnServer"), 422, "needs_server");
    if (plan.bw) throw new UserError(msg("common:device.blackAndWhiteOnServer"), 422, "needs_server");
    const mupdf = await ctx.engines.mupdf();
    const file = files[0]!;
    const doc = openWithMupdf(mupdf, await bytesOf(file.data), file.name);
    try {
      // The server repairs such a file with its own tools first, and says so.
      if (doc.wasRepaired()) throw new UserError(msg("common:device.recoveryOnServer", { name: file.name }), 422, "needs_repair");
      const count = doc.countPages();
      if (count > ctx.maxPages) throw new TooManyPagesError(ctx.maxPages);
      const pages = selectPages(options.pageRange, count, "pageRange");
      checkRenderBudget(visibleBoxes(doc, "CropBox"), pages, options.imageResolution);
      const stem = stemOf(file.name);
      const outputs: DeviceOutput[] = [];
      const keep = ctx.emit ?? ((output: DeviceOutput) => outputs.push(output));
      const dpis: number[] = [];
      for (const [i, page] of pages.entries()) {
        const { data, dpi } = renderPage(mupdf, doc, page - 1, plan, options);
        keep({ name: pageImageName(stem, pages, page, plan.format), data });
        dpis.push(dpi);
        ctx.progress((i + 1) / pages.length);
      }
      return { files: outputs, zipName: pageImagesZipName(stem, plan.format), message: pageImagesMessage(plan, options, dpis) };
    } finally {
      doc.destroy();
    }
  };
}

const COLOR_SPACES = (mupdf: typeof Mupdf): Record<RenderColor, Mupdf.ColorSpace> => ({
  rgb: mupdf.ColorSpace.DeviceRGB,
  cmyk: mupdf.ColorSpace.DeviceCMYK,
  gray: mupdf.ColorSpace.DeviceGray,
});

/** One page (zero-based) as the server's MuPDF renders it: opaque, annotations shown, lowered to fit the pixel limit. */
function renderPage(mupdf: typeof Mupdf, doc: Mupdf.PDFDocument, index: number, plan: PageImagesPlan, options: ImageConvertOptions): { data: Uint8Array; dpi: number } {
  const page = doc.loadPage(index);
  try {
    const [x0, y0, x1, y1] = page.getBounds();
    const dpi = fittedDpi(x1 - x0, y1 - y0, options.imageResolution);
    const pixmap = page.toPixmap(mupdf.Matrix.scale(dpi / 72, dpi / 72), COLOR_SPACES(mupdf)[plan.color], false, true);
    try {
      // Written into the file's header, so that the image prints at the page's size.
      pixmap.setResolution(dpi, dpi);
      // CMYK JPEGs are written inverted, the Adobe convention that every browser and Photoshop expect.
      const data = plan.format === "jpg" ? pixmap.asJPEG(options.quality, plan.color === "cmyk") : pixmap.asPNG();
      return { data: data.slice(), dpi };
    } finally {
      pixmap.destroy();
    }
  } finally {
    page.destroy();
  }
}

export const pdfToJpgOnDevice = pageImagesOnDevice(jpgPlan);
export const pdfToPngOnDevice = pageImagesOnDevice(pngPlan);
