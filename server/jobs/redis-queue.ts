import { Queue, QueueEvents } from "bullmq";
import type { Redis } from "ioredis";
import { AbortedError, BusyError } from "../errors.js";
import { isId } from "../lib/ids.js";
import { JobHandle } from "./job-handle.js";
import { errorFromFailure } from "./job-failure.js";
import type { ProcessReply } from "./publish.js";
import type { Job, JobEnded, JobQueue } from "./queue.js";
import { CANCEL_CHANNEL, cancelKey, connect, PREFIX, QUEUE_NAME } from "./redis-names.js";
import type { JobSpec } from "./spec.js";

export interface RedisQueueOptions {
  url: string;
  /** Jobs waiting across all workers before new ones get a 429. */
  limit: number;
  /** Job records and cancel marks are kept in Redis no longer than files live. */
  ttlMs: number;
  /** Tries of a job whose worker threw something unexpected (a stalled job is retried apart from these). */
  attempts?: number;
  ended?: JobEnded;
}

/**
 * The API server's side of BullMQ: adds job descriptions, follows their state and progress through QueueEvents,
 * and cancels by publishing the job id, which every worker hears (a job still waiting is removed at once).
 */
export class RedisQueue implements JobQueue {
  private readonly handles = new Map<string, JobHandle<ProcessReply>>();

  private constructor(
    private readonly options: RedisQueueOptions,
    private readonly queue: Queue,
    private readonly events: QueueEvents,
    private readonly redis: Redis,
  ) {
    events.on("active", ({ jobId }) => this.handles.get(jobId)?.running());
    events.on("progress", ({ jobId, data }) => {
      if (typeof data === "number") this.handles.get(jobId)?.advance(data);
    });
    events.on("completed", ({ jobId, returnvalue }) => void this.finish(jobId, (handle) => handle.succeed(parseReply(returnvalue))));
    events.on("failed", ({ jobId, failedReason }) => void this.finish(jobId, (handle) => handle.fail(errorFromFailure(failedReason))));
  }

  static async open(options: RedisQueueOptions): Promise<RedisQueue> {
    const redis = connect(options.url);
    const queue = new Queue(QUEUE_NAME, { connection: connect(options.url), prefix: PREFIX });
    const events = new QueueEvents(QUEUE_NAME, { connection: connect(options.url), prefix: PREFIX });
    // Listening before the first job is added, so that no job can finish unheard.
    await Promise.all([queue.waitUntilReady(), events.waitUntilReady()]);
    return new RedisQueue(options, queue, events, redis);
  }

  async counts() {
    const counts = await this.queue.getJobCounts("active", "waiting");
    return { running: counts.active ?? 0, waiting: counts.waiting ?? 0 };
  }

  async ensureRoom(): Promise<void> {
    const { running, waiting } = await this.counts();
    // Several API servers may pass this check at the same moment: the bound can be overshot by a few jobs.
    if (waiting >= this.options.limit) throw new BusyError(Math.max(1, Math.ceil(waiting / Math.max(1, running))));
  }

  async submit(spec: JobSpec): Promise<JobHandle<ProcessReply>> {
    await this.ensureRoom();
    const handle = new JobHandle<ProcessReply>(
      spec.id,
      () => this.cancel(spec.id),
      () => this.options.ended?.(spec) ?? Promise.resolve(),
    );
    this.handles.set(spec.id, handle);
    const keepSeconds = Math.ceil(this.options.ttlMs / 1000);
    try {
      await this.queue.add("run", spec, {
        jobId: spec.id,
        attempts: this.options.attempts ?? 2,
        backoff: { type: "fixed", delay: 1000 },
        // A job's record names the visitor's files: it expires with them.
        removeOnComplete: { age: keepSeconds },
        removeOnFail: { age: keepSeconds },
      });
    } catch (err) {
      this.handles.delete(spec.id);
      throw err;
    }
    // In case the job ended between add and now (events are heard from the moment of listening), ask once.
    const state = await this.queue.getJobState(spec.id);
    if (state === "completed" || state === "failed") {
      const job = await this.queue.getJob(spec.id);
      await this.finish(spec.id, (found) =>
        state === "completed" ? found.succeed(job?.returnvalue as ProcessReply) : found.fail(errorFromFailure(job?.failedReason ?? "")),
      );
    }
    return handle;
  }

  async find(id: string): Promise<Job<ProcessReply> | undefined> {
    if (!isId(id)) return undefined;
    const known = this.handles.get(id);
    if (known) return known;
    // Listening before reading the state, so that nothing the job does in between goes unheard. Following is all
    // this server does: the server that accepted the job removes its uploads when it ends.
    const handle = new JobHandle<ProcessReply>(id, () => this.cancel(id));
    this.handles.set(id, handle);
    const job = await this.queue.getJob(id);
    const state = job ? await job.getState() : "unknown";
    if (!job || state === "unknown") {
      this.handles.delete(id);
      return undefined;
    }
    if (state === "active") {
      handle.running();
      if (typeof job.progress === "number") handle.advance(job.progress);
    } else if (state === "completed") {
      await this.finish(id, (found) => found.succeed(parseReply(job.returnvalue)));
    } else if (state === "failed") {
      await this.finish(id, (found) => found.fail(errorFromFailure(job.failedReason ?? "")));
    }
    return handle;
  }

  async close(): Promise<void> {
    await this.events.close();
    await this.queue.close();
    this.redis.disconnect();
  }

  private async cancel(jobId: string): Promise<void> {
    // Marked first: a worker that takes the job after the message went out still sees it cancelled.
    await this.redis.set(cancelKey(jobId), "1", "PX", this.options.ttlMs);
    await this.redis.publish(CANCEL_CHANNEL, jobId);
    const job = await this.queue.getJob(jobId);
    if (job && (await job.getState()) === "waiting") {
      // Removal fails if a worker took the job meanwhile; then that worker stops it.
      const removed = await job.remove().then(
        () => true,
        () => false,
      );
      if (removed) await this.finish(jobId, (handle) => handle.fail(new AbortedError()));
    }
  }

  private async finish(jobId: string, settle: (handle: JobHandle<ProcessReply>) => Promise<void>): Promise<void> {
    const handle = this.handles.get(jobId);
    if (!handle) return;
    this.handles.delete(jobId);
    await settle(handle);
  }
}

function parseReply(value: unknown): ProcessReply {
  return (typeof value === "string" ? JSON.parse(value) : value) as ProcessReply;
}
