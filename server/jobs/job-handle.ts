import { AbortedError } from "../errors.js";
import type { Job, JobState } from "./queue.js";

/** The server's view of one job, whichever queue runs it: state and progress that listeners follow, and the outcome. */
export class JobHandle<T> implements Job<T> {
  state: JobState = "queued";
  progress = 0;
  readonly done: Promise<T>;
  private readonly listeners = new Set<() => void>();
  private settle!: { resolve(value: T): void; reject(err: unknown): void };

  /**
   * `stop` is the queue's way to stop the work; `ended` runs once the outcome is known and before it is delivered
   * (the uploads go then, so that a visitor holding the reply knows they are gone).
   */
  constructor(
    readonly id: string,
    private readonly stop: () => void,
    private readonly ended: () => Promise<void> = async () => {},
  ) {
    this.done = new Promise<T>((resolve, reject) => {
      this.settle = { resolve, reject };
    });
    // The outcome is also delivered through `done` to whoever awaits it; this keeps an unobserved failure quiet.
    this.done.catch(() => undefined);
  }

  cancel(): void {
    this.stop();
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
    if (fraction <= this.progress || this.isFinal()) return;
    // Progress means the work has started, even if the word that it did has not arrived yet.
    if (this.state === "queued") this.state = "running";
    this.progress = Math.min(1, fraction);
    this.notify();
  }

  succeed(value: T): void {
    if (this.isFinal()) return;
    this.state = "succeeded";
    this.progress = 1;
    this.deliver(() => this.settle.resolve(value));
  }

  fail(err: unknown): void {
    if (this.isFinal()) return;
    this.state = err instanceof AbortedError ? "cancelled" : "failed";
    this.deliver(() => this.settle.reject(err));
  }

  private deliver(settle: () => void): void {
    void this.ended()
      .catch(() => undefined)
      .then(() => {
        settle();
        this.notify();
      });
  }

  private isFinal(): boolean {
    return this.state === "succeeded" || this.state === "failed" || this.state === "cancelled";
  }

  private notify(): void {
    this.listeners.forEach((listener) => listener());
  }
}
