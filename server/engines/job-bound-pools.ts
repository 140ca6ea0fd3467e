import path from "node:path";
import { AbortedError } from "../errors.js";
import { EnginePool, type EnginePoolLimits, type EnginePoolOptions, type TaskControls } from "./engine-pool.js";

/**
 * Engine children that each serve one job only, so that each can be sandboxed to that job's folder: the first task
 * of a job starts a child in the job's folder, later tasks of the job reuse it, and the job's end lets it go. At most
 * `size` jobs hold a child at once; a task of another job waits for one of them, and a job whose child is idle gives
 * it up to a job that needs one (its next task starts a fresh child), so a job that holds a child it does not use
 * never blocks the others.
 */

export interface JobBoundPoolsOptions {
  engine: string;
  child: EnginePoolOptions["child"];
  /** How many children may be alive at once, across all jobs. */
  size: number;
  limits: () => EnginePoolLimits;
  pollMs?: number;
}

interface Lease {
  pool: EnginePool;
  /** Tasks running or queued on it: a lease with none may be taken back. */
  tasks: number;
}

function contains(outer: string, inner: string): boolean {
  return inner === outer || inner.startsWith(outer + path.sep);
}

export class JobBoundPools {
  /** By job folder, least recently used first. */
  private readonly leases = new Map<string, Lease>();
  /** Children started ahead in folders whose job has run no task yet (see prepare), by folder; not counted in size. */
  private readonly ahead = new Map<string, EnginePool>();
  private waiting: Array<() => void> = [];

  constructor(private readonly options: JobBoundPoolsOptions) {}

  async run(jobFolder: string, task: string, args: unknown, controls: TaskControls): Promise<unknown> {
    if (controls.signal?.aborted) throw new AbortedError();
    const lease = await this.lease(path.resolve(jobFolder), controls.signal);
    try {
      return await lease.pool.run(task, args, controls);
    } finally {
      lease.tasks--;
      if (lease.tasks === 0) this.wake();
    }
  }

  /**
   * Starts a child in `folder` before its job has a task for it; the job's first task takes it over. Until then it
   * is not counted among the `size` children at work.
   */
  prepare(folder: string): void {
    const key = path.resolve(folder);
    if (this.leases.has(key) || this.ahead.has(key)) return;
    const pool = this.newPool(key);
    pool.warmUp();
    this.ahead.set(key, pool);
  }

  /**
   * Starts the child of the job in `jobFolder` before its first task, for a job that has other work to do first:
   * only where one of the `size` places is free (no other job's child is taken back for it), and counted among them
   * as the job's first task would count it. Another job's task may still take it back while it idles.
   */
  startEarly(jobFolder: string): void {
    const key = path.resolve(jobFolder);
    if (this.leases.has(key) || this.ahead.has(key) || this.leases.size >= this.options.size) return;
    const pool = this.newPool(key);
    pool.warmUp();
    this.leases.set(key, { pool, tasks: 0 });
  }

  /** Whether `folder` holds a child started ahead, alive, that no task has used. */
  unused(folder: string): boolean {
    return (this.ahead.get(path.resolve(folder))?.idlePids().length ?? 0) > 0;
  }

  /** Kills the children of the jobs whose folder is `folder` or inside it: the job ended. */
  release(folder: string): void {
    const outer = path.resolve(folder);
    for (const [key, lease] of this.leases) {
      if (!contains(outer, key)) continue;
      this.leases.delete(key);
      lease.pool.close();
    }
    for (const [key, pool] of this.ahead) {
      if (!contains(outer, key)) continue;
      this.ahead.delete(key);
      pool.close();
    }
    this.wake();
  }

  /** Lets every child go. */
  close(): void {
    for (const lease of this.leases.values()) lease.pool.close();
    for (const pool of this.ahead.values()) pool.close();
    this.leases.clear();
    this.ahead.clear();
    this.wake();
  }

  /** The process ids of the children started ahead that no job has used yet, for tests and diagnostics. */
  aheadPids(): number[] {
    return [...this.ahead.values()].flatMap((pool) => pool.idlePids());
  }

  /** The process ids of a job's idle children (or of every job's), for tests and diagnostics. */
  idlePids(jobFolder?: string): number[] {
    const key = jobFolder === undefined ? undefined : path.resolve(jobFolder);
    return [...this.leases].flatMap(([folder, lease]) => (key === undefined || folder === key ? lease.pool.idlePids() : []));
  }

  /** The job's lease, counted as in use before it is returned, so that nobody takes it back in between. */
  private async lease(folder: string, signal: AbortSignal | undefined): Promise<Lease> {
    for (;;) {
      let lease = this.leases.get(folder);
      if (!lease && this.leases.size >= this.options.size) this.takeBackIdle();
      if (!lease && this.leases.size < this.options.size) {
        const started = this.ahead.get(folder);
        this.ahead.delete(folder);
        lease = { pool: started ?? this.newPool(folder), tasks: 0 };
      }
      if (lease) {
        // Most recently used last.
        this.leases.delete(folder);
        this.leases.set(folder, lease);
        lease.tasks++;
        return lease;
      }
      await this.nextRelease(signal);
    }
  }

  private newPool(folder: string): EnginePool {
    const { engine, child, limits, pollMs } = this.options;
    // One child per job: the job's tasks take their turns on it.
    return new EnginePool({ engine, child, workDir: () => folder, size: 1, limits, pollMs, keepWarm: false });
  }

  /** Lets the least recently used idle job's child go. */
  private takeBackIdle(): void {
    for (const [folder, lease] of this.leases) {
      if (lease.tasks > 0) continue;
      this.leases.delete(folder);
      lease.pool.close();
      return;
    }
  }

  private nextRelease(signal: AbortSignal | undefined): Promise<void> {
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        this.waiting = this.waiting.filter((w) => w !== wake);
        reject(new AbortedError());
      };
      const wake = () => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.waiting.push(wake);
    });
  }

  /** Every waiting task looks again (in arrival order; the first ones take what is free). */
  private wake(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const wake of waiting) wake();
  }
}
