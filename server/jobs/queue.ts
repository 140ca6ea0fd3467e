import type { ProcessReply } from "./publish.js";
import type { JobSpec } from "./spec.js";

/**
 * Jobs decouple HTTP from work: the HTTP layer submits a job description, a queue has it run and reports its state,
 * progress and outcome. The embedded default runs jobs in this process (in-process-queue.ts); with REDIS_URL they
 * run on BullMQ workers on any machine (redis-queue.ts). Both hold a bounded backlog and refuse more with a
 * BusyError (429 with Retry-After).
 */

export type JobState = "queued" | "running" | "succeeded" | "failed" | "cancelled";

export interface JobControls {
  signal: AbortSignal;
  progress(fraction: number): void;
  /**
   * Where the queue can answer before the runner has tidied up: called with the reply once it is published, while
   * the job's folder is still being emptied. The runner's promise still settles only after that, and the queue
   * counts the job as running until then.
   */
  published?(reply: ProcessReply): void;
}

export interface Job<T> {
  readonly id: string;
  readonly state: JobState;
  /** 0 to 1; real progress as the processor reports it. */
  readonly progress: number;
  readonly done: Promise<T>;
  /** Stops the job: a waiting one has ended when this resolves, a running one ends once its engines stop. */
  cancel(): Promise<void>;
  /** Calls back on every change of state or progress; returns the unsubscriber. */
  subscribe(listener: () => void): () => void;
}

export interface JobQueue {
  /** Throws a BusyError when the backlog is full. */
  ensureRoom(): Promise<void>;
  /** Queues a job (or throws a BusyError); its uploads are already in the file store. */
  submit(spec: JobSpec): Promise<Job<ProcessReply>>;
  counts(): Promise<{ running: number; waiting: number }>;
  /**
   * A job another API server accepted, where servers share the queue, so that a visitor behind a load balancer
   * can follow their job from any server. Undefined where the queue is this process's own, or there is no such job.
   */
  find(id: string): Promise<Job<ProcessReply> | undefined>;
  close(): Promise<void>;
}

/** Called by a queue once a job has ended, whatever the outcome, before the outcome is delivered. */
export type JobEnded = (spec: JobSpec) => Promise<void>;

/**
 * Runs one job description to its reply: the same function serves the in-process queue and the workers. `close`,
 * where there is one, lets go of what the runner keeps between jobs, once no job runs.
 */
export type JobRunner = ((spec: JobSpec, controls: JobControls) => Promise<ProcessReply>) & { close?(): Promise<void> };
