import { UnrecoverableError, Worker, type Job as BullJob } from "bullmq";
import { AbortedError, UserError } from "../errors.js";
import { describeFailure } from "./job-failure.js";
import { wholePercentSteps } from "./progress.js";
import type { ProcessReply } from "./publish.js";
import type { JobRunner } from "./queue.js";
import { CANCEL_CHANNEL, cancelKey, connect, PREFIX, QUEUE_NAME } from "./redis-names.js";
import type { JobSpec } from "./spec.js";

export interface RedisWorkerOptions {
  url: string;
  concurrency: number;
  /** A worker that stops renewing its hold on a job (it died) loses it after this; another worker then retries it. */
  lockMs: number;
  log(msg: string): void;
}

/**
 * A BullMQ worker: takes job descriptions from Redis and runs them with the same runner as the in-process queue.
 * A job that stalls (its worker died) goes back to the queue once, then fails with a sentence the visitor reads;
 * a visitor's mistake or a cancellation is final at once; anything else is tried again.
 */
export async function startRedisWorker(run: JobRunner, options: RedisWorkerOptions): Promise<{ close(): Promise<void> }> {
  const redis = connect(options.url);
  const subscriber = connect(options.url);

  const processor = async (job: BullJob<JobSpec>, _token: string | undefined, signal: AbortSignal | undefined): Promise<ProcessReply> => {
    const abort = new AbortController();
    signal?.addEventListener("abort", () => abort.abort(new AbortedError()), { once: true });
    try {
      if (await redis.exists(cancelKey(job.data.id))) throw new AbortedError();
      const progress = wholePercentSteps((fraction) => void job.updateProgress(fraction).catch(() => undefined));
      return await run(job.data, { signal: abort.signal, progress });
    } catch (err) {
      const reason = describeFailure(abort.signal.aborted ? new AbortedError() : err);
      if (abort.signal.aborted || err instanceof AbortedError || err instanceof UserError) throw Object.assign(new UnrecoverableError(reason), { cause: err });
      options.log(`job ${job.id} failed unexpectedly: ${(err as Error).stack ?? String(err)}`);
      throw new Error(reason, { cause: err });
    }
  };

  const worker = new Worker<JobSpec, ProcessReply>(QUEUE_NAME, processor, {
    connection: connect(options.url),
    prefix: PREFIX,
    concurrency: options.concurrency,
    lockDuration: options.lockMs,
    stalledInterval: options.lockMs,
    maxStalledCount: 1,
  });
  worker.on("error", (err) => options.log(`worker error: ${err.message}`));
  worker.on("active", (job) => options.log(`job ${job.id} started (try ${job.attemptsStarted})`));
  worker.on("completed", (job) => options.log(`job ${job.id} done`));
  worker.on("failed", (job, err) => options.log(`job ${job?.id ?? "?"} failed: ${err.message}`));

  await subscriber.subscribe(CANCEL_CHANNEL);
  subscriber.on("message", (_channel: string, jobId: string) => {
    worker.cancelJob(jobId);
  });
  await worker.waitUntilReady();

  return {
    close: async () => {
      await worker.close();
      await run.close?.();
      subscriber.disconnect();
      redis.disconnect();
    },
  };
}
