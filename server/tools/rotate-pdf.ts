import path from "node:path";
import type { RotateOptions } from "../../catalog/options/pages.js";
import { formatPageList } from "../../catalog/page-ranges.js";
import { qpdf, rotateArg } from "../engines/qpdf.js";
import { stemOf } from "../lib/file-names.js";
import { openPdfInput } from "../pdf/pdf-input.js";
import { selectPages } from "../pdf/page-selection.js";
import type { Processor } from "./types.js";
import { msg } from "../i18n/message.js";

/** Turns pages by changing their /Rotate only: the content is not touched, so nothing is lost or resampled. */
export const rotatePdf: Processor<RotateOptions> = async ({ files, options }, ctx) => {
  const pdf = await openPdfInput(files[0]!, ctx, { check: true });
  const pages = selectPages(options.pages, pdf.pageCount, "pages");
  const out = path.join(ctx.workDir, "rotated.pdf");
  await qpdf([pdf.path, rotateArg(options.angle, formatPageList(pages)), out], ctx);
  return {
    files: [{ path: out, name: `${stemOf(pdf.name)}-rotated.pdf`, copiedByQpdfFrom: [pdf.path] }],
    message:
      pages.length === pdf.pageCount
        ? msg("results.rotatedAll", { angle: options.angle })
        : msg("results.rotatedSome", { count: pages.length, total: pdf.pageCount, angle: options.angle }),
  };
};
