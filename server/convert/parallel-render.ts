import os from "node:os";
import path from "node:path";
import { setEngineConcurrency } from "../engines/process-runner.js";
import { POPPLER_ENGINE, renderPageRun, writtenPages, type PageRun, type PopplerImageOptions } from "../engines/poppler-render.js";
import { AbortedError } from "../errors.js";
import type { ProcessorContext } from "../work/types.js";

/**
 * Page images from poppler, with the pages split over several processes: one renderer process uses one core, and
 * a document's pages are independent of each other. The pages are cut into runs of consecutive pages, which the
 * processes take as each finishes its last, alternately from the front and from the back of what is left, each run
 * a share of what is left: one page can cost a hundred times its neighbours (a large figure, a shading), and
 * whatever is queued before it delays it, so the last pages must not wait for all the others, and runs shrink
 * towards the end so that the processes end together. A short document, where nothing is finished after the
 * renderer, is cut once instead, each process taking every other page of a part (interleavedRuns). Progress is
 * counted from the images appearing in the runs' folders.
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

/**
 * The most pages one run renders: a page that costs far more than the others starts at the latest when the runs
 * before it on its side are done. Each run costs a program start and a fresh read of the document (its fonts).
 */
const MAX_RUN_PAGES = 12;

/**
 * The fewest pages one run renders while more pages are left than processes: each run starts a sandbox and a
 * renderer (its libraries, its fonts' configuration, a first read of the document), which the last runs, one page
 * each, paid for every page. With as many pages left as processes or fewer, each takes one.
 */
const MIN_RUN_PAGES = 2;

/**
 * The pages still to render, as stretches of consecutive pages at one resolution, in page order (a page asked for
 * twice is rendered once), handed out as runs: with several processes, alternately from the front and from the
 * back, each about a share of 1 / (2 × processes) of the pages left, and no fewer than MIN_RUN_PAGES while more
 * pages are left than processes. Where asked to interleave, a single stretch of at most MAX_RUN_PAGES a process
 * is handed out at once instead, one run a process (see interleavedRuns).
 */
export class RunQueue {
  private readonly stretches: PageRun[] = [];
  private fromBack = false;
  private readonly planned: PageRun[] | undefined;

  /** startFromBack: the first page is being rendered already (renderAhead). */
  constructor(
    pages: readonly PlannedPage[],
    private readonly processes: number,
    startFromBack = false,
    interleave = false,
  ) {
    this.fromBack = startFromBack;
    const unique = [...new Map(pages.map((p) => [p.page, p])).values()].sort((a, b) => a.page - b.page);
    for (const { page, dpi } of unique) {
      const last = this.stretches.at(-1);
      if (last && last.last + 1 === page && last.dpi === dpi) last.last = page;
      else this.stretches.push({ first: page, last: page, dpi });
    }
    this.planned = interleave ? interleavedRuns(this.stretches, processes) : undefined;
  }

  /** The next run, or undefined once every page has been handed out. */
  take(): PageRun | undefined {
    if (this.planned) return this.planned.shift();
    const left = this.stretches.reduce((sum, s) => sum + s.last - s.first + 1, 0);
    if (left === 0) return undefined;
    const share = Math.ceil(left / (2 * this.processes));
    const size = Math.min(MAX_RUN_PAGES, left > this.processes ? Math.max(MIN_RUN_PAGES, share) : share);
    const back = this.processes > 1 && this.fromBack;
    this.fromBack = !this.fromBack;
    const stretch = back ? this.stretches.at(-1)! : this.stretches[0]!;
    const run = back
      ? { first: Math.max(stretch.first, stretch.last - size + 1), last: stretch.last, dpi: stretch.dpi }
      : { first: stretch.first, last: Math.min(stretch.last, stretch.first + size - 1), dpi: stretch.dpi };
    if (back) stretch.last = run.first - 1;
    else stretch.first = run.last + 1;
    if (stretch.first > stretch.last) this.stretches.splice(back ? -1 : 0, 1);
    return run;
  }
}

/**
 * One run a process for a single stretch of more pages than processes and at most MAX_RUN_PAGES a process, or
 * undefined for any other pages. Each run starts a sandbox and a renderer that reads the document afresh, which
 * for a photograph's page costs a good part of such a page again, so a short document is best cut once; cut into
 * halves it would end unevenly wherever the pages' costs drift along it (photographs in one half, text in the
 * other). So two processes share a part of the stretch as its odd and its even pages, which cost about the same
 * where neighbouring pages do; with an odd number of processes, the last one takes a part of its own, half as
 * long. A page far costlier than the rest then waits for at most the MAX_RUN_PAGES - 1 pages before it in its run,
 * as in a run of the queue.
 */
export function interleavedRuns(stretches: readonly PageRun[], processes: number): PageRun[] | undefined {
  const stretch = stretches.length === 1 ? stretches[0]! : undefined;
  const pages = stretch ? stretch.last - stretch.first + 1 : 0;
  if (!stretch || processes < 2 || pages <= processes || pages > processes * MAX_RUN_PAGES) return undefined;
  const runs: PageRun[] = [];
  let first = stretch.first;
  // Parts in processes' shares: two for a pair, one for a process on its own.
  for (let share = 0; share < processes; ) {
    const width = processes - share >= 2 ? 2 : 1;
    share += width;
    const last = stretch.first + Math.round((pages * share) / processes) - 1;
    if (width === 1 || first === last) runs.push({ first, last, dpi: stretch.dpi });
    else {
      for (const start of [first, first + 1]) runs.push({ first: start, last: (last - start) % 2 === 0 ? last : last - 1, dpi: stretch.dpi, every: 2 });
    }
    first = last + 1;
  }
  return runs;
}

export interface RenderSteps {
  /**
   * Makes the final image of a page the renderer wrote (an encoding of its plain pixels) and returns its path, in
   * the same folder. Each run's pages go through it as soon as the run ends, by the process slot that rendered them.
   */
  finish?: (page: RasterPage) => Promise<string>;
  /** Given each run's pages, in page order, once it has ended and they are finished, one call at a time. */
  onReady?: (ready: RasterPage[]) => Promise<void>;
  /** A page started before the pages were known (renderAhead): used where the plan has it at its resolution. */
  ahead?: RunAhead;
}

/** One page rendering in a folder of its own while the job still reads the document. */
export interface RunAhead {
  run: PageRun;
  folder: string;
  written: Promise<Map<number, string>>;
  /** Stops the run if it still goes, and waits until nothing writes in its folder. */
  discard(): Promise<void>;
}

/**
 * Starts rendering one page (one-based) into `folder` (created here, inside the job's folder) before the job knows
 * the document's pages, so that a short document's render does not wait for the look at its pages: the caller
 * hands it to renderPagesInParallel, or discards it. Reading a page's size first is what keeps a render within the
 * pixel limits, so the page must be discarded, unused, when the size says otherwise; until then the renderer runs
 * under its engine's memory limit like any other.
 */
export function renderAhead(input: string, page: PlannedPage, folder: string, options: PopplerImageOptions, ctx: ProcessorContext): RunAhead {
  const stop = new AbortController();
  const signal = ctx.signal ? AbortSignal.any([ctx.signal, stop.signal]) : stop.signal;
  const run = { first: page.page, last: page.page, dpi: page.dpi };
  const written = renderPageRun(input, run, folder, options, { ...ctx, signal });
  written.catch(() => undefined);
  return {
    run,
    folder,
    written,
    discard: async () => {
      stop.abort();
      await written.catch(() => undefined);
    },
  };
}

/**
 * Renders the pages into folders under outDir with poppler, several runs side by side, and returns them in the order
 * asked. The first failure, of a run or of a step, stops the other runs.
 */
export async function renderPagesInParallel(
  input: string,
  pages: readonly PlannedPage[],
  outDir: string,
  options: PopplerImageOptions,
  ctx: ProcessorContext,
  progress: (fraction: number) => void,
  { finish, onReady, ahead }: RenderSteps = {},
): Promise<RasterPage[]> {
  const dpiOf = new Map(pages.map((p) => [p.page, p.dpi]));
  // The page ahead is the first of the runs only if no page before it is asked for.
  const usable = ahead && dpiOf.get(ahead.run.first) === ahead.run.dpi && pages.every((p) => p.page >= ahead.run.first) ? ahead : undefined;
  if (ahead && !usable) await ahead.discard();
  // Pages finished here (encoded from plain pixels) come in shorter runs, so that finishing one run's pages goes on
  // beside the rendering of the next rather than after all of it.
  const queue = new RunQueue(usable ? pages.filter((p) => p.page !== usable.run.first) : pages, processes, Boolean(usable), !finish);
  const total = new Set(pages.map((p) => p.page)).size;
  const stop = new AbortController();
  const signal = ctx.signal ? AbortSignal.any([ctx.signal, stop.signal]) : stop.signal;
  if (usable) signal.addEventListener("abort", () => void usable.discard(), { once: true });
  const files = new Map<number, string>();
  // With a finishing step a page is half done once rendered, done once finished.
  const counter = new ProgressCount(total, progress, finish ? finishedShare : () => 1);
  if (usable) counter.started(usable.folder);
  let runs = 0;
  let handing = Promise.resolve();
  let aheadTaken = false;
  const worker = async () => {
    try {
      while (!signal.aborted) {
        const ahead = usable && !aheadTaken;
        aheadTaken = true;
        const run = ahead ? usable.run : queue.take();
        if (!run) break;
        let written: Map<number, string>;
        const folder = ahead ? usable.folder : path.join(outDir, `run-${++runs}`);
        if (ahead) written = await usable.written;
        else {
          counter.started(folder);
          written = await renderPageRun(input, run, folder, options, { ...ctx, signal });
        }
        const ready: RasterPage[] = [];
        for (const [page, file] of [...written].sort(([a], [b]) => a - b)) {
          if (signal.aborted) throw new AbortedError();
          const done = finish ? await finish({ page, dpi: run.dpi, path: file }) : file;
          files.set(page, done);
          ready.push({ page, dpi: run.dpi, path: done });
        }
        counter.ended(folder, ready.length);
        if (onReady) {
          handing = handing.then(() => onReady(ready));
          handing.catch(() => stop.abort());
        }
      }
    } catch (err) {
      stop.abort();
      throw err;
    }
  };
  const outcomes = await Promise.allSettled(Array.from({ length: Math.min(processes, total) }, worker));
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
  return pages.map(({ page }) => ({ page, dpi: dpiOf.get(page)!, path: files.get(page)! }));
}

/** How much of a page's work a file in a run's folder stands for, where the renderer's plain pixels are finished. */
function finishedShare(file: string): number {
  return /\.p[gp]m$/.test(file) ? 0.5 : 1;
}

/**
 * The share of pages done so far, reported every PROGRESS_INTERVAL_MS until stopped: the pages of runs that ended,
 * and the pages written so far in the folders of runs still going (only those are read again).
 */
class ProgressCount {
  private readonly going = new Set<string>();
  private endedPages = 0;
  private counting = false;
  private stopped = false;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly total: number,
    private readonly report: (fraction: number) => void,
    private readonly share: (file: string) => number,
  ) {
    this.timer = setInterval(() => this.count(), PROGRESS_INTERVAL_MS);
  }

  started(folder: string): void {
    this.going.add(folder);
  }

  /** A run's pages, every one done. */
  ended(folder: string, pages: number): void {
    this.going.delete(folder);
    this.endedPages += pages;
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
  }

  private count(): void {
    if (this.counting) return;
    this.counting = true;
    // A run that ends while its folder is read is counted by its files this time, by its pages the next.
    const ended = this.endedPages;
    void Promise.all([...this.going].map(writtenPages))
      .then((found) => {
        const written = found.reduce((sum, pages) => sum + [...pages.values()].reduce((n, file) => n + this.share(file), 0), 0);
        if (!this.stopped) this.report(Math.min(1, (ended + written) / this.total));
      })
      .finally(() => (this.counting = false));
  }
}
