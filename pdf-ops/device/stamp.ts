import type { PageNumberOptions } from "../../catalog/options/page-numbers.js";
import type { WatermarkOptions } from "../../catalog/options/watermark.js";
import { DamagedPdfError } from "../errors.js";
import { visibleBoxes } from "../page-boxes.js";
import { overlayArgs } from "../qpdf-args.js";
import { overlayPairing, stampBytes, type StampPlan, type StampTarget } from "../stamp/draw.js";
import { planPageNumbers } from "../stamp/page-numbers.js";
import { planWatermark } from "../stamp/watermark.js";
import { answered, openOneOnDevice } from "./open.js";
import type { DeviceContext, DeviceOperation, DeviceRun } from "./operation.js";
import { IN, OUT } from "./qpdf-wasm.js";

type StampPlanner<O> = (options: O, pdf: StampTarget, ctx: DeviceContext, run: DeviceRun<O>) => Promise<StampPlan>;

/**
 * A stamping tool (or a visible signature) on the device: the server's plan drawn with pdf-lib, page sizes read with MuPDF as the server
 * reads them, and the stamp laid over the document by the WebAssembly qpdf with the server's command line.
 */
export function stampOnDevice<O>(plan: StampPlanner<O>): DeviceOperation<O> {
  return async (input, ctx) => {
    const { session, pdf } = await openOneOnDevice(input.files[0]!, ctx);
    ctx.progress(0.1);
    const target: StampTarget = { name: pdf.name, pageCount: pdf.pageCount, boxes: () => pageBoxes(pdf, ctx) };
    const planned = await plan(input.options, target, ctx, input);
    if (!planned.stamp) return { files: [{ name: planned.name, data: pdf.data }], message: planned.message };
    session.addInput("stamp.pdf", await stampBytes(planned.stamp.doc));
    const run = await answered(pdf.name, () =>
      session.run({
        args: overlayArgs(pdf.path, `${IN}/stamp.pdf`, `${OUT}/stamped.pdf`, overlayPairing(planned.stamp!.placement)),
        onProgress: (fraction) => ctx.progress(0.3 + 0.7 * fraction),
        expectedOutput: { name: "stamped.pdf", bytes: pdf.data.length },
      }),
    );
    return { files: [{ name: planned.name, data: run.take("stamped.pdf") }], message: planned.message };
  };
}

/** The pages' visible sizes from MuPDF, which the server asks too (qpdf fits a stamp into that box). */
async function pageBoxes(pdf: { name: string; data: Uint8Array }, ctx: DeviceContext) {
  const mupdf = await ctx.engines.mupdf();
  let doc;
  try {
    doc = mupdf.Document.openDocument(pdf.data, "application/pdf");
  } catch {
    throw new DamagedPdfError(pdf.name);
  }
  try {
    const boxes = visibleBoxes(doc);
    ctx.progress(0.3);
    return boxes;
  } finally {
    doc.destroy();
  }
}

export const addWatermarkOnDevice = stampOnDevice<WatermarkOptions>((options, pdf, ctx) => planWatermark(options, pdf, ctx.engines.unicodeFont));
export const addPageNumbersOnDevice = stampOnDevice<PageNumberOptions>((options, pdf, ctx) => planPageNumbers(options, pdf, ctx.engines.unicodeFont));
