import type { PageNumberOptions } from "../../catalog/options/page-numbers.js";
import { planPageNumbers } from "../../pdf-ops/stamp/page-numbers.js";
import { openPdfInput } from "../pdf/pdf-input.js";
import { serverUnicodeFont, stampOnServer, stampTarget } from "../pdf/stamp.js";
import type { Processor } from "../work/types.js";

/** The shared page-number plan (planPageNumbers), laid over the document with qpdf. */
export const addPageNumbers: Processor<PageNumberOptions> = async ({ files, options }, ctx) => {
  const pdf = await openPdfInput(files[0]!, ctx);
  return stampOnServer(pdf, await planPageNumbers(options, stampTarget(pdf, ctx), serverUnicodeFont), ctx);
};
