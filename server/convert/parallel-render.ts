import os from "node:os";
import path from "node:path";
import { setEngineConcurrency } from "../engines/process-runner.js";
import { POPPLER_ENGINE, renderPageRun, writtenPages, type PageRun, type PopplerImageOptions } from "../engines/poppler-render.js";
import { AbortedError } from "../errors.js";
import type { ProcessorContext } from "../work/types.js";

/**
 * Page images from poppler, with the pages split over several processes: one renderer process uses one core, and
 * a document's pages are independent of each other. The pages are cut into runs of consecutive pages, which the
 * processes take in page order as each finishes its last, so that a slow stretch of pages (a run of photographs in a
 * text) does not hold the others back, and no one run lasts long; progress is counted from the images appearing in
 * the runs' folders.
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

/** How often the runs' folders are counted for progress. */
const PROGRESS_INTERVAL_MS = 250;

/** Runs per process, about: enough for the processes to even out, few enough that starting them costs little. */
const RUNS_PER_PROCESS = 3;
/** The most pages one run renders, so that no run of a long document comes near an engine run's time limit. */
const MAX_RUN_PAGES = 40;

/**
 * Cuts pages into runs of consecutive pages at one resolution, in page order, about RUNS_PER_PROCESS for each of
 * `parts` processes. A page asked for twice is rendered once.
 */
export function planRuns(pages: readonly PlannedPage[], parts: number): PageRun[] {
  const unique = [...new Map(pages.map((p) => [p.page, p])).values()].sort((a, b) => a.page - b.page);
  const size = Math.min(MAX_RUN_PAGES, Math.max(1, Math.ceil(unique.length / (Math.max(1, parts) * RUNS_PER_PROCESS))));
  const runs: PageRun[] = [];
  for (const { page, dpi } of unique) {
    const last = runs.at(-1);
    if (last && last.last + 1 === page && last.dpi === dpi && last.last - last.first + 1 < size) last.last = page;
    else runs.push({ first: page, last: page, dpi });
  }
  return runs;
}

/**
 * Renders the pages into folders under outDir with poppler, several runs side by side, and returns them in the order
 * asked. `onReady` is given the pages in page order as they are done (a run's pages once it and every run before it
 * have ended), one call at a time. The first failure, of a run or of onReady, stops the other runs.
 */
export async function renderPagesInParallel(
  input: string,
  pages: readonly PlannedPage[],
  outDir: string,
  options: PopplerImageOptions,
  ctx: ProcessorContext,
  progress: (fraction: number) => void,
  onReady?: (ready: RasterPage[]) => Promise<void>,
): Promise<RasterPage[]> {
  const runs = planRuns(pages, processes);
  const total = runs.reduce((sum, run) => sum + run.last - run.first + 1, 0);
  const folders = runs.map((_, i) => path.join(outDir, `run-${i + 1}`));
  const stop = new AbortController();
  const signal = ctx.signal ? AbortSignal.any([ctx.signal, stop.signal]) : stop.signal;
  const files = new Map<number, string>();
  const counter = countProgress(folders, total, progress);
  const ended: boolean[] = [];
  let handedOver = 0;
  let handing = Promise.resolve();
  const handOver = () => {
    for (; handedOver < runs.length && ended[handedOver]; handedOver++) {
      const run = runs[handedOver]!;
      const ready = Array.from({ length: run.last - run.first + 1 }, (_, k) => ({ page: run.first + k, dpi: run.dpi, path: files.get(run.first + k)! }));
      handing = handing.then(() => onReady?.(ready));
      handing.catch(() => stop.abort());
    }
  };
  let next = 0;
  const worker = async () => {
    try {
      while (next < runs.length && !signal.aborted) {
        const i = next++;
        const written = await renderPageRun(input, runs[i]!, folders[i]!, options, { ...ctx, signal });
        for (const [page, file] of written) files.set(page, file);
        ended[i] = true;
        if (onReady) handOver();
      }
    } catch (err) {
      stop.abort();
      throw err;
    }
  };
  const outcomes = await Promise.allSettled(Array.from({ length: Math.min(processes, runs.length) }, worker));
  counter.stop();
  // Nothing may still be writing when this returns, the pages handed over included.
  const handingFailed = await handing.then(
    () => undefined,
    (err: unknown) => ({ err }),
  );
  // Every run has ended (no renderer still writes) before a failure is answered: the failure itself, not the
  // cancellation of the runs it stopped, unless the job itself was cancelled.
  if (ctx.signal?.aborted) throw new AbortedError();
  const failure = outcomes.find((o) => o.status === "rejected" && !(o.reason instanceof AbortedError));
  if (failure?.status === "rejected") throw failure.reason;
  if (handingFailed) throw handingFailed.err;
  progress(1);
  const dpiOf = new Map(pages.map((p) => [p.page, p.dpi]));
  return pages.map(({ page }) => ({ page, dpi: dpiOf.get(page)!, path: files.get(page)! }));
}

/** Reports the share of pages written so far, counted in the runs' folders, until stopped. */
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
