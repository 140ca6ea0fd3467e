import { InProcessQueue } from "./in-process-queue.js";
import type { JobQueue } from "./queue.js";
import { jobRunner, type JobSettings, type RunnerDeps } from "./run-job.js";
import type { JobSpec } from "./spec.js";

/** What choosing and sizing the queue needs of the configuration, besides what its jobs need. */
export interface QueueSettings extends JobSettings {
  redisUrl?: string;
  queueLimit: number;
  jobConcurrency: number;
  fileTtlMs: number;
}

/** The queue the configuration asks for: BullMQ over Redis when REDIS_URL is set (run `npm run worker`), else this process. */
export async function openQueue(deps: RunnerDeps<QueueSettings>): Promise<JobQueue> {
  const { config, store } = deps;
  // A job's uploads are kept until it ends (a retry needs them), then removed by the server that queued it.
  const ended = (spec: JobSpec) => store.removeInputs(spec.id);
  if (config.redisUrl) {
    const { RedisQueue } = await import("./redis-queue.js");
    return RedisQueue.open({ url: config.redisUrl, limit: config.queueLimit, ttlMs: config.fileTtlMs, ended });
  }
  return new InProcessQueue(config.jobConcurrency, config.queueLimit, jobRunner(deps), ended);
}
