import type { BlankPagesOptions } from "../../catalog/options/blank-pages.js";
import { formatPageList } from "../../catalog/page-ranges.js";
import { DamagedPdfError, failedWith, UserError } from "../errors.js";
import { runMupdf } from "../engines/mupdf/pool.js";
import { stemOf } from "../../pdf-ops/names.js";
import { keepPages } from "../pdf/keep-pages.js";
import { openPdfInput, repairNote } from "../pdf/pdf-input.js";
import type { Processor } from "../work/types.js";
import { msg, type Said } from "../i18n/message.js";

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
    throw new UserError(msg("blankPages.allBlank"), 422, "all_blank");
  }
  const name = `${stemOf(pdf.name)}-no-blank-pages.pdf`;
  const repaired = repairNote([pdf]);
  if (blank.length === 0) {
    return { files: [{ path: pdf.path, name }], message: [msg("blankPages.noneFound"), repaired ?? ""] };
  }
  const gone = new Set(blank);
  const kept = Array.from({ length: pdf.pageCount }, (_, i) => i + 1).filter((p) => !gone.has(p));
  const result = await keepPages(pdf.path, kept, ctx, { keepBookmarks: options.keepBookmarks, name: "blank-removed" });
  const notes: Said[] = [msg("blankPages.removed", { count: blank.length, pages: formatPageList(blank), remaining: msg("results.remaining", { count: kept.length }) })];
  if (result.bookmarks) notes.push(msg(result.bookmarks === "kept" ? "results.bookmarksOfRemainingKept" : "results.bookmarksRemoved"));
  if (repaired) notes.push(repaired);
  return { files: [{ path: result.path, name }], message: notes };
};
