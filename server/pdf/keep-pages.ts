import path from "node:path";
import { formatPageList } from "../../catalog/page-ranges.js";
import { assemblePages } from "../engines/qpdf.js";
import { keptPagesArgs } from "../../pdf-ops/qpdf-args.js";
import type { ProcessorContext } from "../work/types.js";
import { keptOutline } from "../../pdf-ops/outline.js";
import { readOutline, writeOutline } from "./outline.js";

export interface KeptPages {
  path: string;
  /**
   * What became of the bookmarks: undefined where the document had none, and then `path` is qpdf's own copy of
   * the source's pages (sound where the source is).
   */
  bookmarks?: "kept" | "removed";
}

/**
 * A copy with only the one-based `kept` pages, in order, by qpdf. qpdf keeps the outline as it was, pointing at
 * pages that are gone: it is moved to the pages' new places (entries to removed pages dropped), or removed when
 * keepBookmarks is false.
 */
export async function keepPages(
  source: string,
  kept: readonly number[],
  ctx: ProcessorContext,
  options: { keepBookmarks: boolean; qpdfArgs?: readonly string[]; name: string },
): Promise<KeptPages> {
  const assembled = path.join(ctx.workDir, `${options.name}.pdf`);
  // The bookmarks are read while qpdf assembles: on two cores the check costs no time.
  const [, outline] = await Promise.all([
    assemblePages([{ file: source, pages: formatPageList(kept) }], assembled, ctx, options.qpdfArgs ?? keptPagesArgs(false)),
    readOutline(source, ctx),
  ]);
  if (outline.length === 0) return { path: assembled };
  const remapped = keptOutline(outline, kept, options.keepBookmarks);
  const fixed = path.join(ctx.workDir, `${options.name}-bookmarks.pdf`);
  await writeOutline(assembled, fixed, remapped, ctx);
  return { path: fixed, bookmarks: options.keepBookmarks ? "kept" : "removed" };
}
