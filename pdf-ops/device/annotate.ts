import type { AnnotateOptions } from "../../catalog/options/annotate.js";
import { annotatedResult, planAnnotations } from "../annotate/plan.js";
import { annotatedBytes } from "../annotate/write.js";
import { DamagedPdfError } from "../errors.js";
import { visibleBoxes } from "../page-boxes.js";
import { openOneOnDevice } from "./open.js";
import type { DeviceOperation } from "./operation.js";

/**
 * Annotate PDF on the device: the file checked by qpdf as the server checks it, then the server's plan and MuPDF
 * code on the WebAssembly MuPDF, reading the crop boxes the server reads and saving incrementally as it does.
 */
export const annotateOnDevice: DeviceOperation<AnnotateOptions> = async ({ files, options }, ctx) => {
  const { pdf } = await openOneOnDevice(files[0]!, ctx);
  ctx.progress(0.2);
  const mupdf = await ctx.engines.mupdf();
  let doc;
  try {
    doc = mupdf.Document.openDocument(pdf.data, "application/pdf").asPDF();
  } catch {
    doc = null;
  }
  if (!doc) throw new DamagedPdfError(pdf.name);
  try {
    const annotations = planAnnotations(options, visibleBoxes(doc, "CropBox"));
    ctx.progress(0.5);
    let data;
    try {
      data = annotatedBytes(doc, annotations);
    } catch (err) {
      if (err instanceof RangeError) throw err;
      // As on the server: a page qpdf could read but MuPDF reads as null cannot carry annotations.
      throw new DamagedPdfError(pdf.name);
    }
    const { name, message } = annotatedResult(pdf.name, options);
    return { files: [{ name, data }], message };
  } finally {
    doc.destroy();
  }
};
