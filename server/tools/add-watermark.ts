import type { WatermarkOptions } from "../../catalog/options/watermark.js";
import { planWatermark } from "../../pdf-ops/stamp/watermark.js";
import { openPdfInput } from "../pdf/pdf-input.js";
import { serverUnicodeFont, stampOnServer, stampTarget } from "../pdf/stamp.js";
import type { Processor } from "../work/types.js";

/** The shared watermark plan (planWatermark), laid over the document with qpdf. */
export const addWatermark: Processor<WatermarkOptions> = async ({ files, options }, ctx) => {
  const pdf = await openPdfInput(files[0]!, ctx);
  return stampOnServer(pdf, await planWatermark(options, stampTarget(pdf, ctx), serverUnicodeFont), ctx);
};
