import fs from "node:fs/promises";
import path from "node:path";
import type { CompareReport, PageInfo } from "../../catalog/compare-report.js";
import { renderPagesInParallel } from "../convert/parallel-render.js";
import { fittedDpi } from "../../pdf-ops/render/page-pixels.js";
import type { ProcessorContext } from "../work/types.js";
import type { ShownPagePair } from "./report-pdf.js";

/** Page pairs shown side by side at the end of the report; the JSON report and the screen have every one. */
export const MAX_SHOWN_PAGE_PAIRS = 20;
/** Sharp enough to read body text on a half sheet. */
const SHOWN_DPI = 100;
const MAX_SHOWN_PIXELS = 4_000_000;

/** The page pairs that hold a change, in document order, each once. */
export function changedPagePairs(report: CompareReport): Array<{ old: number; new: number }> {
  const pairs = new Map<string, { old: number; new: number }>();
  const add = (old: number, page: number) => pairs.set(`${old}:${page}`, { old, new: page });
  for (const change of report.changes) add(change.old.page, change.new.page);
  for (const drawn of report.drawingChanges) add(drawn.oldPage, drawn.newPage);
  return [...pairs.values()].sort((x, y) => x.old - y.old || x.new - y.new);
}

/** Both documents' pages of the pairs drawn as JPEG, for the report's last pages. */
export async function renderShownPages(
  oldPdf: string,
  newPdf: string,
  pairs: ReadonlyArray<{ old: number; new: number }>,
  report: CompareReport,
  ctx: ProcessorContext,
  progress: (fraction: number) => void,
): Promise<ShownPagePair[]> {
  const render = async (pdf: string, pages: number[], infos: readonly PageInfo[], name: string, step: (f: number) => void) => {
    const folder = path.join(ctx.workDir, name);
    await fs.mkdir(folder);
    const sizeOf = new Map(infos.map((p) => [p.page, p]));
    const planned = [...new Set(pages)].map((page) => {
      const size = sizeOf.get(page);
      return { page, dpi: Math.max(1, size ? fittedDpi(size.width, size.height, SHOWN_DPI, MAX_SHOWN_PIXELS) : SHOWN_DPI) };
    });
    const images = await renderPagesInParallel(pdf, planned, folder, { format: "jpeg", gray: false, quality: 75 }, ctx, step);
    return new Map(images.map((image) => [image.page, image.path]));
  };
  const oldImages = await render(oldPdf, pairs.map((p) => p.old), report.old.pages, "shown-old", (f) => progress(0.5 * f));
  const newImages = await render(newPdf, pairs.map((p) => p.new), report.new.pages, "shown-new", (f) => progress(0.5 + 0.5 * f));
  return pairs.map((p) => ({ ...p, oldImage: oldImages.get(p.old), newImage: newImages.get(p.new) }));
}
