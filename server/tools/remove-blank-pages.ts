import type { BlankPagesOptions } from "../../catalog/options/blank-pages.js";
import { formatPageList } from "../../catalog/page-ranges.js";
import { DamagedPdfError, failedWith, UserError } from "../errors.js";
import { runMupdf } from "../engines/mupdf/pool.js";
import { stemOf } from "../../pdf-ops/names.js";
import { plural } from "../../pdf-ops/plural.js";
import { keepPages } from "../pdf/keep-pages.js";
import { openPdfInput, repairNote } from "../pdf/pdf-input.js";
import type { Processor } from "./types.js";

/** Removes the pages with no text whose render is blank within the tolerance; the reply names them. */
export const removeBlankPages: Processor<BlankPagesOptions> = async ({ files, options }, ctx) => {
  const pdf = await openPdfInput(files[0]!, ctx);
  ctx.progress(0.05);
  let blank: number[];
  try {
    ({ blank } = await runMupdf("findBlankPages", { input: pdf.path, maxMarkedShare: options.threshold / 100 }, ctx, (f) =>
      ctx.progress(0.05 + 0.75 * f),
    ));
  } catch (err) {
    if (failedWith(err, "damaged", "unsupported")) throw new DamagedPdfError(pdf.name);
    throw err;
  }
  if (blank.length === pdf.pageCount) {
    throw new UserError("Every page of this document is blank: removing them would leave nothing.", 422, "all_blank");
  }
  const name = `${stemOf(pdf.name)}-no-blank-pages.pdf`;
  const repaired = repairNote([pdf]);
  if (blank.length === 0) {
    return { files: [{ path: pdf.path, name }], message: ["No blank pages were found; the document is unchanged.", repaired].filter(Boolean).join(" ") };
  }
  const gone = new Set(blank);
  const kept = Array.from({ length: pdf.pageCount }, (_, i) => i + 1).filter((p) => !gone.has(p));
  const result = await keepPages(pdf.path, kept, ctx, { keepBookmarks: options.keepBookmarks, name: "blank-removed" });
  const notes = [`Removed ${plural(blank.length, "blank page")} (${blank.length === 1 ? "page" : "pages"} ${formatPageList(blank)}); ${kept.length} remain.`];
  if (result.bookmarks) notes.push(result.bookmarks === "kept" ? "Bookmarks to the remaining pages were kept." : "Bookmarks were removed.");
  if (repaired) notes.push(repaired);
  return { files: [{ path: result.path, name }], message: notes.join(" ") };
};
