import type { Text } from "../i18n/message.js";
import type { Job, JobState } from "./queue.js";

/** What a client polling or listening to a job is told. */
export interface JobSnapshot<R> {
  jobId: string;
  state: JobState;
  progress: number;
  result?: R;
  error?: Text;
}

interface JobRecord<R> {
  job: Job<R>;
  createdAt: number;
  result?: R;
  error?: Text;
}

/**
 * The jobs clients may ask about by id, with their outcome once they finish. Records are forgotten after the same
 * time to live as files, so nothing about a visitor's job outlives their files.
 */
export class JobRecords<R> {
  private readonly records = new Map<string, JobRecord<R>>();

  constructor(private readonly ttlMs: number) {}

  add(job: Job<R>, describeError: (err: unknown, jobId: string) => Text, now = Date.now()): void {
    this.forgetExpired(now);
    const record: JobRecord<R> = { job, createdAt: now };
    this.records.set(job.id, record);
    job.done.then(
      (result) => {
        record.result = result;
      },
      (err: unknown) => {
        record.error = describeError(err, job.id);
      },
    );
  }

  get(id: string): Job<R> | undefined {
    return this.records.get(id)?.job;
  }

  snapshot(id: string): JobSnapshot<R> | undefined {
    const record = this.records.get(id);
    if (!record) return undefined;
    const { job } = record;
    return {
      jobId: job.id,
      state: job.state,
      progress: job.progress,
      ...(record.result !== undefined ? { result: record.result } : {}),
      ...(record.error !== undefined ? { error: record.error } : {}),
    };
  }

  private forgetExpired(now: number): void {
    for (const [id, record] of this.records) {
      if (now - record.createdAt > this.ttlMs) this.records.delete(id);
    }
  }
}
