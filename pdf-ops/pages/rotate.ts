import type { RotateOptions } from "../../catalog/options/pages.js";
import { formatPageList } from "../../catalog/page-ranges.js";
import { stemOf } from "../names.js";
import { selectPages } from "../page-selection.js";
import { msg } from "../message.js";
import { rotateArg, STREAMS_AS_THEY_ARE } from "../qpdf-args.js";

/**
 * Turns pages by changing their /Rotate only: the content is not touched, so nothing is lost or resampled. One qpdf
 * run does it; the name and the sentence are the same wherever it runs.
 */
export function planRotate(options: RotateOptions, pdf: { name: string; pageCount: number }) {
  const pages = selectPages(options.pages, pdf.pageCount, "pages");
  return {
    /** qpdf's options between the input and the output. */
    args: [STREAMS_AS_THEY_ARE, rotateArg(options.angle, formatPageList(pages))],
    name: `${stemOf(pdf.name)}-rotated.pdf`,
    message:
      pages.length === pdf.pageCount
        ? msg("results.rotatedAll", { angle: options.angle })
        : msg("results.rotatedSome", { count: pages.length, total: pdf.pageCount, angle: options.angle }),
  };
}
