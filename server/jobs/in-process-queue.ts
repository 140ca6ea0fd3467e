import { AsyncResource } from "node:async_hooks";
import { AbortedError, BusyError } from "../errors.js";
import { JobHandle } from "./job-handle.js";
import { wholePercentSteps } from "./progress.js";
import type { JobEnded, JobQueue, JobRunner } from "./queue.js";
import type { ProcessReply } from "./publish.js";
import type { JobSpec } from "./spec.js";

/** The embedded default: runs at most `concurrency` jobs at once in this process and holds at most `limit` waiting. */
export class InProcessQueue implements JobQueue {
  private active = 0;
  private readonly backlog: Array<() => void> = [];
  /** Jobs not yet ended, so that closing can stop them and wait until their engines have let go of their folders. */
  private readonly unfinished = new Set<JobHandle<ProcessReply>>();
  /** Runs not yet returned: a job answered early may still be emptying its folder. */
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly concurrency: number,
    private readonly limit: number,
    private readonly run: JobRunner,
    private readonly ended: JobEnded = async () => {},
  ) {}

  /** Jobs run here are known only to this server, which already holds their records. */
  async find(): Promise<undefined> {
    return undefined;
  }

  async counts() {
    return { running: this.active, waiting: this.backlog.length };
  }

  /** Cancels every job and resolves once they have all ended, their engines stopped and their folders removed. */
  async close(): Promise<void> {
    const jobs = [...this.unfinished];
    await Promise.all(jobs.map((job) => job.cancel()));
    await Promise.allSettled(jobs.map((job) => job.done));
    await Promise.all([...this.running]);
    await this.run.close?.();
  }

  async ensureRoom(): Promise<void> {
    this.refuseWhenFull();
  }

  private refuseWhenFull(): void {
    if (this.active >= this.concurrency && this.backlog.length >= this.limit) {
      // A rough wait: the jobs ahead, shared among the slots, at about a second each.
      throw new BusyError(Math.max(1, Math.ceil(this.backlog.length / this.concurrency)));
    }
  }

  async submit(submitted: JobSpec): Promise<JobHandle<ProcessReply>> {
    this.refuseWhenFull();
    // Run what a worker would receive through Redis, so that a job that works here works there.
    const spec = JSON.parse(JSON.stringify(submitted)) as JobSpec;
    const abort = new AbortController();
    const handle = new JobHandle<ProcessReply>(
      spec.id,
      async () => {
        abort.abort(new AbortedError());
        // A job cancelled while waiting leaves the backlog at once; a running one ends when its engines stop.
        const waiting = this.backlog.indexOf(start);
        if (waiting >= 0) {
          this.backlog.splice(waiting, 1);
          await handle.fail(new AbortedError());
        }
      },
      () => this.ended(spec),
    );
    // Bound to the request that submitted it: whatever that request keeps per call (its timeline) follows its job,
    // also when another job's end starts it.
    const start = AsyncResource.bind(() => {
      this.active++;
      handle.running();
      const controls = {
        signal: abort.signal,
        progress: wholePercentSteps((f) => handle.advance(f)),
        // The visitor has the reply while the folder is emptied; the slot stays taken until that is done.
        published: (reply: ProcessReply) => void handle.succeed(reply),
      };
      const running: Promise<void> = this.run(spec, controls)
        .then(
          (reply) => handle.succeed(reply),
          (err: unknown) => handle.fail(abort.signal.aborted ? new AbortedError() : err),
        )
        .finally(() => {
          this.running.delete(running);
          this.active--;
          this.backlog.shift()?.();
        });
      this.running.add(running);
    });
    this.unfinished.add(handle);
    void handle.done.catch(() => undefined).finally(() => this.unfinished.delete(handle));
    if (this.active < this.concurrency) start();
    else this.backlog.push(start);
    return handle;
  }
}
