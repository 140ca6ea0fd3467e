import os from "node:os";
import path from "node:path";
import { setEngineConcurrency } from "../engines/process-runner.js";
import { POPPLER_ENGINE, renderPageRun, writtenPages, type PageRun, type PopplerImageOptions } from "../engines/poppler-render.js";
import { AbortedError } from "../errors.js";
import type { ProcessorContext } from "../tools/types.js";

/**
 * Page images from poppler, with the pages split over several processes: one renderer process uses one core, and
 * a document's pages are independent of each other. Each process takes a share of consecutive pages, so that it
 * reads the document once for many pages; progress is counted from the images appearing in the shares' folders.
 */

let processes = os.availableParallelism();

/**
 * How many renderer processes one job splits its pages over, which is also the most that run at once over all jobs
 * (RENDER_PROCESSES; default: the number of cores).
 */
export function configurePageRendering(settings: { processes: number }): void {
  processes = Math.max(1, Math.floor(settings.processes));
  setEngineConcurrency(POPPLER_ENGINE, processes);
}

/** A page to render (one-based) at its resolution: the one asked for, or lower for a page too large for it. */
export interface PlannedPage {
  page: number;
  dpi: number;
}

export interface RasterPage extends PlannedPage {
  path: string;
}

/** How often the shares' folders are counted for progress. */
const PROGRESS_INTERVAL_MS = 250;

/**
 * Splits pages into at most `parts` shares of about equal page counts, each a list of runs of consecutive pages at
 * one resolution, in page order. A page asked for twice is rendered once.
 */
export function planShares(pages: readonly PlannedPage[], parts: number): PageRun[][] {
  const unique = [...new Map(pages.map((p) => [p.page, p])).values()].sort((a, b) => a.page - b.page);
  const runs: PageRun[] = [];
  for (const { page, dpi } of unique) {
    const last = runs.at(-1);
    if (last && last.last + 1 === page && last.dpi === dpi) last.last = page;
    else runs.push({ first: page, last: page, dpi });
  }
  const quota = Math.ceil(unique.length / Math.max(1, Math.min(parts, unique.length)));
  const shares: PageRun[][] = [];
  let share: PageRun[] = [];
  let filled = 0;
  for (const run of runs) {
    for (let from = run.first; from <= run.last; ) {
      const take = Math.min(run.last - from + 1, quota - filled);
      share.push({ first: from, last: from + take - 1, dpi: run.dpi });
      filled += take;
      from += take;
      if (filled === quota) {
        shares.push(share);
        share = [];
        filled = 0;
      }
    }
  }
  if (share.length > 0) shares.push(share);
  return shares;
}

/**
 * Renders the pages into folders under outDir with poppler, the shares side by side, and returns them in the order
 * asked. The first failure stops the other shares.
 */
export async function renderPagesInParallel(
  input: string,
  pages: readonly PlannedPage[],
  outDir: string,
  options: PopplerImageOptions,
  ctx: ProcessorContext,
  progress: (fraction: number) => void,
): Promise<RasterPage[]> {
  const shares = planShares(pages, processes);
  const total = shares.flat().reduce((sum, run) => sum + run.last - run.first + 1, 0);
  const folders = shares.map((share, s) => share.map((_, r) => path.join(outDir, `part-${s + 1}-${r + 1}`)));
  const stop = new AbortController();
  const signal = ctx.signal ? AbortSignal.any([ctx.signal, stop.signal]) : stop.signal;
  const files = new Map<number, string>();
  const counter = countProgress(folders.flat(), total, progress);
  const outcomes = await Promise.allSettled(
    shares.map(async (share, s) => {
      try {
        for (const [r, run] of share.entries()) {
          const written = await renderPageRun(input, run, folders[s]![r]!, options, { ...ctx, signal });
          for (const [page, file] of written) files.set(page, file);
        }
      } catch (err) {
        stop.abort();
        throw err;
      }
    }),
  );
  counter.stop();
  // Every share has ended (no renderer still writes) before a failure is answered: the failure itself, not the
  // cancellation of the shares it stopped, unless the job itself was cancelled.
  if (ctx.signal?.aborted) throw new AbortedError();
  const failure = outcomes.find((o) => o.status === "rejected" && !(o.reason instanceof AbortedError));
  if (failure?.status === "rejected") throw failure.reason;
  progress(1);
  const dpiOf = new Map(pages.map((p) => [p.page, p.dpi]));
  return pages.map(({ page }) => ({ page, dpi: dpiOf.get(page)!, path: files.get(page)! }));
}

/** Reports the share of pages written so far, counted in the shares' folders, until stopped. */
function countProgress(folders: readonly string[], total: number, progress: (fraction: number) => void): { stop(): void } {
  let counting = false;
  let stopped = false;
  const timer = setInterval(() => {
    if (counting) return;
    counting = true;
    void Promise.all(folders.map(writtenPages))
      .then((found) => stopped || progress(Math.min(1, found.reduce((sum, pages) => sum + pages.size, 0) / total)))
      .finally(() => (counting = false));
  }, PROGRESS_INTERVAL_MS);
  return {
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}
