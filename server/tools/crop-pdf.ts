import path from "node:path";
import { POINTS_PER, type CropOptions } from "../../catalog/options/crop.js";
import { formatPageList } from "../../catalog/page-ranges.js";
import { DamagedPdfError, failedWith, InvalidOptionsError } from "../errors.js";
import { runMupdf } from "../engines/mupdf/pool.js";
import { stemOf } from "../../pdf-ops/names.js";
import { openPdfInput, repairNote } from "../pdf/pdf-input.js";
import { selectPages } from "../../pdf-ops/page-selection.js";
import type { Processor } from "../work/types.js";
import { countOfPages, msg, type Said } from "../i18n/message.js";

/**
 * Crops pages by setting their crop box: nothing is cut out of the content, so a viewer shows less while the
 * file keeps all of it (as every PDF editor crops).
 */
export const cropPdf: Processor<CropOptions> = async ({ files, options }, ctx) => {
  const pdf = await openPdfInput(files[0]!, ctx);
  const pages = selectPages(options.pages, pdf.pageCount, "pages");
  const k = POINTS_PER[options.unit];
  const margins = { top: options.top * k, right: options.right * k, bottom: options.bottom * k, left: options.left * k };
  const out = path.join(ctx.workDir, "cropped.pdf");
  ctx.progress(0.05);
  let result;
  try {
    result = await runMupdf(
      "cropPages",
      { input: pdf.path, output: out, pages: pages.map((p) => p - 1), margins, autoCrop: options.autoCrop },
      ctx,
      (f) => ctx.progress(0.05 + 0.9 * f),
    );
  } catch (err) {
    if (failedWith(err, "damaged", "unsupported")) throw new DamagedPdfError(pdf.name);
    throw err;
  }
  if (result.tooSmall.length > 0) {
    throw new InvalidOptionsError(msg("crop.nothingLeft", { count: result.tooSmall.length, pages: formatPageList(result.tooSmall) }));
  }
  const key = `crop.cropped${pages.length === pdf.pageCount ? "Every" : ""}${options.autoCrop ? "ToContent" : ""}`;
  const notes: Said[] = [msg(key, { pages: countOfPages(pages.length) })];
  if (result.blank.length > 0) notes.push(msg("crop.blankLeft", { count: result.blank.length, pages: formatPageList(result.blank) }));
  const repaired = repairNote([pdf]);
  if (repaired) notes.push(repaired);
  return { files: [{ path: out, name: `${stemOf(pdf.name)}-cropped.pdf` }], message: notes };
};
