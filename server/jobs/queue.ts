import { AbortedError, BusyError } from "../errors.js";
import { newId } from "../lib/ids.js";

/**
 * Jobs decouple HTTP from work: the HTTP layer submits, the queue runs at most `concurrency` jobs at once and holds
 * at most `limit` waiting. This in-process queue is the embedded default; another implementation of the same
 * interface can run jobs on other machines.
 */

export type JobState = "queued" | "running" | "succeeded" | "failed" | "cancelled";

export interface JobControls {
  signal: AbortSignal;
  progress(fraction: number): void;
}

export interface Job<T> {
  readonly id: string;
  readonly state: JobState;
  /** 0 to 1; real progress as the processor reports it. */
  readonly progress: number;
  readonly done: Promise<T>;
  cancel(): void;
  /** Calls back on every change of state or progress; returns the unsubscriber. */
  subscribe(listener: () => void): () => void;
}

export interface JobQueue {
  submit<T>(work: (controls: JobControls) => Promise<T>): Job<T>;
  readonly running: number;
  readonly waiting: number;
}

export class InProcessQueue implements JobQueue {
  private active = 0;
  private readonly backlog: Array<() => void> = [];

  constructor(
    private readonly concurrency: number,
    private readonly limit: number,
  ) {}

  get running(): number {
    return this.active;
  }

  get waiting(): number {
    return this.backlog.length;
  }

  submit<T>(work: (controls: JobControls) => Promise<T>): Job<T> {
    if (this.backlog.length >= this.limit) throw new BusyError(Math.max(1, Math.ceil(this.backlog.length / this.concurrency)));
    const abort = new AbortController();
    let state: JobState = "queued";
    let progress = 0;
    const listeners = new Set<() => void>();
    const notify = () => listeners.forEach((listener) => listener());
    const start = () => {
      this.active++;
      state = "running";
      notify();
      return work({
        signal: abort.signal,
        progress: (fraction) => {
          const next = Math.max(progress, Math.min(1, fraction));
          // Whole percents are enough for a progress bar and keep event streams small.
          if (Math.floor(next * 100) > Math.floor(progress * 100)) {
            progress = next;
            notify();
          }
        },
      }).finally(() => {
        this.active--;
        this.backlog.shift()?.();
      });
    };
    const done = new Promise<T>((resolve, reject) => {
      const run = () => {
        if (abort.signal.aborted) {
          this.backlog.shift()?.();
          return reject(new AbortedError());
        }
        start().then(resolve, reject);
      };
      if (this.active < this.concurrency) run();
      else this.backlog.push(run);
    }).then(
      (value) => {
        state = "succeeded";
        progress = 1;
        notify();
        return value;
      },
      (err: unknown) => {
        state = abort.signal.aborted ? "cancelled" : "failed";
        notify();
        throw err;
      },
    );
    return {
      id: newId(),
      get state() {
        return state;
      },
      get progress() {
        return progress;
      },
      done,
      cancel: () => abort.abort(new AbortedError()),
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
  }
}
