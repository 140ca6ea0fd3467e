import { setMaxListeners } from "node:events";
import { AbortedError, EngineTimeoutError } from "../errors.js";

/**
 * Every job has a deadline, whatever its engines do: each engine run has its own time limit, but a job made of many
 * runs (or a run that no engine limit catches, such as an in-process step) could otherwise go on for as long as
 * their sum. The deadline grows with the input: a base, a share for each megabyte uploaded, and a share for each
 * page once a processor has counted them, never beyond the cap. Past it the job's signal fires, which kills its
 * engines' process groups and stops its MuPDF tasks, and the job fails with the "took too long" sentence.
 */

export interface DeadlineSettings {
  baseMs: number;
  perMbMs: number;
  perPageMs: number;
  maxMs: number;
}

const MB = 1024 * 1024;

/** The time a job with this much input gets, within the cap. */
export function deadlineMs(settings: DeadlineSettings, inputBytes: number, pages: number): number {
  const scaled = settings.baseMs + (settings.perMbMs * inputBytes) / MB + settings.perPageMs * pages;
  return Math.round(Math.min(settings.maxMs, scaled));
}

/** The most engine runs of one job that may wait on its signal at once, with room to spare. */
const ENGINE_RUNS_LISTENING = 100;

export class JobDeadline {
  private readonly controller = new AbortController();
  private readonly startedAt = Date.now();
  private pages = 0;
  private budgetMs: number;
  private timer: NodeJS.Timeout | undefined;
  private readonly onOuterAbort = () => this.stop(new AbortedError());

  /** `outer` is the job's own signal (cancel): it still stops the job, as a cancellation. */
  constructor(
    private readonly settings: DeadlineSettings,
    private readonly inputBytes: number,
    private readonly outer?: AbortSignal,
  ) {
    this.budgetMs = deadlineMs(settings, inputBytes, 0);
    // Each engine run of the job listens to this signal while it runs (and stops listening when it ends): a merge
    // checks all of its uploads at once, more than Node's default ten before it warns of a leak.
    setMaxListeners(ENGINE_RUNS_LISTENING, this.controller.signal);
    if (outer?.aborted) this.stop(new AbortedError());
    else outer?.addEventListener("abort", this.onOuterAbort, { once: true });
    this.schedule();
  }

  /** Fires at the deadline or when the job is cancelled: the signal to hand to every engine. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** The deadline passed (as opposed to the job being cancelled). */
  get expired(): boolean {
    return this.controller.signal.reason instanceof EngineTimeoutError;
  }

  /** Milliseconds the job has in all, as it stands. */
  get allowedMs(): number {
    return this.budgetMs;
  }

  /** A processor counted `pages` more pages in its input: the job gets their share of time, within the cap. */
  allowPages(pages: number): void {
    if (!(pages > 0) || this.controller.signal.aborted) return;
    this.pages += pages;
    this.budgetMs = deadlineMs(this.settings, this.inputBytes, this.pages);
    this.schedule();
  }

  /** The error a failure stands for: past the deadline, whatever an engine said when it was stopped, "too long". */
  explain(err: unknown): unknown {
    return this.expired ? this.controller.signal.reason : err;
  }

  /** Stops the clock once the job has ended. */
  dispose(): void {
    clearTimeout(this.timer);
    this.outer?.removeEventListener("abort", this.onOuterAbort);
  }

  private schedule(): void {
    clearTimeout(this.timer);
    if (this.controller.signal.aborted) return;
    const left = Math.max(0, this.startedAt + this.budgetMs - Date.now());
    this.timer = setTimeout(() => this.stop(new EngineTimeoutError()), left);
  }

  private stop(reason: Error): void {
    clearTimeout(this.timer);
    if (!this.controller.signal.aborted) this.controller.abort(reason);
  }
}
