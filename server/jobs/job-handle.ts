import { AbortedError } from "../errors.js";
import type { Job, JobState } from "./queue.js";

/** The server's view of one job, whichever queue runs it: state and progress that listeners follow, and the outcome. */
export class JobHandle<T> implements Job<T> {
  state: JobState = "queued";
  progress = 0;
  readonly done: Promise<T>;
  private readonly listeners = new Set<() => void>();
  /** Set once the outcome is known; the state changes only when it is delivered, together with the outcome. */
  private ending = false;
  private settle!: { resolve(value: T): void; reject(err: unknown): void };

  /**
   * `stop` is the queue's way to stop the work; `ended` runs once the outcome is known and before it is delivered
   * (the uploads go then, so that a visitor holding the reply knows they are gone).
   */
  constructor(
    readonly id: string,
    private readonly stop: () => Promise<void>,
    private readonly ended: () => Promise<void> = async () => {},
  ) {
    this.done = new Promise<T>((resolve, reject) => {
      this.settle = { resolve, reject };
    });
    // The outcome is also delivered through `done` to whoever awaits it; this keeps an unobserved failure quiet.
    this.done.catch(() => undefined);
  }

  cancel(): Promise<void> {
    return this.stop();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  running(): void {
    if (this.state !== "queued") return;
    this.state = "running";
    this.notify();
  }

  /** Progress never goes back, also when a retry starts over. */
  advance(fraction: number): void {
    if (fraction <= this.progress || this.ending) return;
    // Progress means the work has started, even if the word that it did has not arrived yet.
    if (this.state === "queued") this.state = "running";
    this.progress = Math.min(1, fraction);
    this.notify();
  }

  /** Resolves once the outcome is delivered. */
  succeed(value: T): Promise<void> {
    return this.deliver(() => {
      this.state = "succeeded";
      this.progress = 1;
      this.settle.resolve(value);
    });
  }

  fail(err: unknown): Promise<void> {
    return this.deliver(() => {
      this.state = err instanceof AbortedError ? "cancelled" : "failed";
      this.settle.reject(err);
    });
  }

  private async deliver(settle: () => void): Promise<void> {
    if (this.ending) return;
    this.ending = true;
    await this.ended().catch(() => undefined);
    settle();
    this.notify();
  }

  private notify(): void {
    this.listeners.forEach((listener) => listener());
  }
}
