import { annotateOnDevice } from "./annotate.js";
import { deletePagesOnDevice } from "./delete-pages.js";
import { extractTextOnDevice } from "./extract-text.js";
import { mergeOnDevice } from "./merge.js";
import type { DeviceOperation } from "./operation.js";
import { organizeOnDevice } from "./organize.js";
import { pdfToJpgOnDevice, pdfToPngOnDevice } from "./page-images.js";
import { protectOnDevice } from "./protect.js";
import { rotateOnDevice } from "./rotate.js";
import { splitOnDevice } from "./split.js";
import { unlockOnDevice } from "./unlock.js";

/** An operation whose code (and the libraries it needs) loads only when it first runs. */
function loadedWhenRun(load: () => Promise<DeviceOperation<never>>): DeviceOperation<never> {
  return async (input, ctx) => (await load())(input, ctx);
}

/** The tools that run in the visitor's browser, by the id of the tool that does the work (processorIdOf). */
export const DEVICE_OPERATIONS: Readonly<Record<string, DeviceOperation<never>>> = {
  "merge-pdf": mergeOnDevice,
  "split-pdf": splitOnDevice,
  "rotate-pdf": rotateOnDevice,
  "delete-pages": deletePagesOnDevice,
  "organize-pdf": organizeOnDevice,
  "protect-pdf": protectOnDevice,
  "pdf-to-text": extractTextOnDevice,
  "unlock-pdf": unlockOnDevice,
  "pdf-to-jpg": pdfToJpgOnDevice,
  "pdf-to-png": pdfToPngOnDevice,
  "annotate-pdf": annotateOnDevice,
  "sign-pdf": loadedWhenRun(async () => (await import("./sign.js")).signOnDevice as DeviceOperation<never>),
  // pdf-lib draws their stamps (and signatures) and makes JPG to PDF's document: it stays out of the worker's script until one of them runs.
  "add-watermark": loadedWhenRun(async () => (await import("./stamp.js")).addWatermarkOnDevice as DeviceOperation<never>),
  "add-page-numbers": loadedWhenRun(async () => (await import("./stamp.js")).addPageNumbersOnDevice as DeviceOperation<never>),
  "jpg-to-pdf": loadedWhenRun(async () => (await import("./images-to-pdf.js")).jpgToPdfOnDevice as DeviceOperation<never>),
};

export type DeviceEngineName = "qpdf" | "mupdf";

/**
 * The WebAssembly engine each tool's run starts with, which the worker loads and compiles while the visitor is still
 * choosing settings. An engine needed only now and then (MuPDF for a merge's bookmarks) loads when it is needed.
 */
export const ENGINE_FIRST_NEEDED: Readonly<Record<string, DeviceEngineName | undefined>> = {
  "merge-pdf": "qpdf",
  "split-pdf": "qpdf",
  "rotate-pdf": "qpdf",
  "delete-pages": "qpdf",
  "organize-pdf": "qpdf",
  "protect-pdf": "qpdf",
  "unlock-pdf": "qpdf",
  "pdf-to-text": "mupdf",
  "pdf-to-jpg": "mupdf",
  "pdf-to-png": "mupdf",
  "annotate-pdf": "mupdf",
  "sign-pdf": "mupdf",
  "add-watermark": "mupdf",
  "add-page-numbers": "mupdf",
  // pdf-lib's own JavaScript makes the document.
  "jpg-to-pdf": undefined,
};
