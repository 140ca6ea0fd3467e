import type { TextConvertOptions } from "../../catalog/options/convert.js";
import { TooManyPagesError, UserError } from "../errors.js";
import { pageText } from "../mupdf-text.js";
import { selectPages } from "../page-selection.js";
import { extractTextMessage, textFileName } from "../text/extract-text.js";
import { unrecognisedScans } from "../text/scans.js";
import { bytesOf } from "./open.js";
import { openWithMupdf } from "./open-mupdf.js";
import type { DeviceOperation } from "./operation.js";
import { msg } from "../message.js";

/**
 * Extract Text on the device: MuPDF reads each page as the server's MuPDF processes do. Scanned pages need OCR,
 * which runs on the server only: with OCR on, such a document is handed back to the visitor with that reason.
 */
export const extractTextOnDevice: DeviceOperation<TextConvertOptions> = async ({ files, options }, ctx) => {
  const mupdf = await ctx.engines.mupdf();
  const file = files[0]!;
  const doc = openWithMupdf(mupdf, await bytesOf(file.data), file.name);
  try {
    const count = doc.countPages();
    if (count > ctx.maxPages) throw new TooManyPagesError(ctx.maxPages);
    const indexes = selectPages(options.pageRange, count, "pageRange").map((p) => p - 1);
    const texts: string[] = [];
    const empty: number[] = [];
    indexes.forEach((index, i) => {
      const text = pageText(doc, index, !options.preserveFormatting);
      if (text === "") empty.push(index);
      texts.push(text + "\n\f");
      ctx.progress((i + 1) / indexes.length);
    });
    if (empty.length > 0 && options.ocrEnabled) {
      throw new UserError(msg("text.scansNeedServer"), 422, "needs_ocr");
    }
    const notes = empty.length > 0 ? unrecognisedScans(indexes, empty) : [];
    const characters = texts.reduce((sum, t) => sum + t.length - 2, 0);
    return {
      files: [{ name: textFileName(file.name), data: new TextEncoder().encode(texts.join("")) }],
      message: extractTextMessage(characters, indexes.length, notes),
    };
  } finally {
    doc.destroy();
  }
};
