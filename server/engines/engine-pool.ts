import type { ChildProcess } from "node:child_process";
import { AbortedError, EngineFailure } from "../errors.js";
import { Semaphore } from "../lib/semaphore.js";
import { killEngineChild, startEngineChild, treeResidentBytes, type EngineChildOptions } from "./engine-child.js";
import type { TaskReply } from "./serve-tasks.js";

/**
 * Warm engine processes that serve tasks (see serve-tasks.ts for the child's side). A task that goes wrong costs
 * only itself: the child is killed at the task's deadline, on a cancel, or when its resident memory passes the cap,
 * and a child that exits, is killed by a signal or traps fails only the task it was running. Children are replaced
 * after a number of tasks, or when a task left them holding much memory (a WebAssembly heap never shrinks).
 */

export interface EnginePoolLimits {
  /** A child whose resident memory passes this while it works is killed, and its task fails as too large. */
  memoryLimitBytes: number;
  /** A child holding more than this after a task is replaced. */
  recycleBytes: number;
  /** A child is replaced after this many tasks. */
  tasksPerProcess: number;
}

export interface EnginePoolOptions {
  engine: string;
  /** How to start one child (entry script, Node.js options, folders it reads); workDir is asked at each start. */
  child: Omit<EngineChildOptions, "engine" | "workDir">;
  workDir: () => string;
  size: number;
  limits: () => EnginePoolLimits;
  /** How often resident memory is read while a task runs. */
  pollMs?: number;
  /** Start a replacement as soon as a child is let go (default); a pool bound to one job starts children on demand. */
  keepWarm?: boolean;
}

export interface TaskControls {
  signal?: AbortSignal;
  /** The task's deadline from its start. */
  timeoutMs: number;
  onProgress?: (fraction: number) => void;
}

interface Child {
  process: ChildProcess;
  tasks: number;
  /** The folder it was started in: a child is let go once the pool's folder changes (a new data folder). */
  workDir: string;
}

let nextTaskId = 1;

export class EnginePool {
  private readonly slots: Semaphore;
  private readonly idle: Child[] = [];
  private closed = false;

  constructor(private readonly options: EnginePoolOptions) {
    this.slots = new Semaphore(options.size);
  }

  /** Starts every child ahead of the first task: loading an engine takes a few hundred milliseconds. */
  warmUp(): void {
    while (this.idle.length < this.options.size) this.idle.push(this.start());
  }

  /** Lets every idle child go (busy ones end with their task); a closed pool starts no more children. */
  close(): void {
    this.closed = true;
    for (const child of this.idle.splice(0)) killEngineChild(child.process);
  }

  /** The process ids of the idle children, for tests and diagnostics. */
  idlePids(): number[] {
    return this.idle.flatMap((c) => (c.process.pid ? [c.process.pid] : []));
  }

  async run(task: string, args: unknown, controls: TaskControls): Promise<unknown> {
    if (controls.signal?.aborted) throw new AbortedError();
    if (this.closed) throw new Error(`the ${this.options.engine} pool is closed`);
    const release = await this.slots.acquire(controls.signal).catch(() => {
      throw new AbortedError();
    });
    let child: Child;
    try {
      child = this.takeIdle() ?? this.start();
    } catch (err) {
      // A child that cannot start (its folder is gone) must not hold the slot.
      release();
      throw err;
    }
    let reusable = false;
    try {
      const result = await this.runOn(child, task, args, controls);
      reusable = true;
      return result;
    } catch (err) {
      // A task that failed on its input leaves a sound child; anything else may not have.
      reusable = err instanceof EngineFailure && !["crashed", "timed-out", "too-large"].includes(err.kind) && child.process.exitCode === null;
      throw err;
    } finally {
      child.tasks++;
      const limits = this.options.limits();
      const rss = child.process.pid ? treeResidentBytes(child.process.pid) : undefined;
      const current = child.workDir === this.options.workDir();
      if (reusable && current && !this.closed && child.tasks < limits.tasksPerProcess && rss !== undefined && rss <= limits.recycleBytes) {
        this.idle.push(child);
      } else {
        this.retire(child);
        // A fresh child starts loading now, so the next task does not wait for it.
        if (!this.closed && this.options.keepWarm !== false && this.idle.length < this.options.size) this.idle.push(this.start());
      }
      release();
    }
  }

  /** An idle child started in the pool's current folder; those started elsewhere are let go on the way. */
  private takeIdle(): Child | undefined {
    for (let child = this.idle.pop(); child; child = this.idle.pop()) {
      if (child.workDir === this.options.workDir()) return child;
      this.retire(child);
    }
    return undefined;
  }

  private start(): Child {
    const workDir = this.options.workDir();
    const proc = startEngineChild({ ...this.options.child, engine: this.options.engine, workDir });
    const child: Child = { process: proc, tasks: 0, workDir };
    // Every failure is also seen by the task that is running, if any; these keep the server up in every case.
    proc.on("error", () => this.forget(child));
    proc.on("exit", () => this.forget(child));
    proc.channel?.on("error", () => this.forget(child));
    // An idle child must not keep the server's process alive.
    proc.unref();
    proc.channel?.unref();
    return child;
  }

  private forget(child: Child): void {
    const i = this.idle.indexOf(child);
    if (i !== -1) this.idle.splice(i, 1);
  }

  private retire(child: Child): void {
    this.forget(child);
    killEngineChild(child.process);
  }

  private runOn(child: Child, task: string, args: unknown, controls: TaskControls): Promise<unknown> {
    const { engine, pollMs = 100 } = this.options;
    const proc = child.process;
    const id = nextTaskId++;
    return new Promise((resolve, reject) => {
      let settled = false;
      const settle = (error: Error | undefined, result?: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        clearInterval(poll);
        controls.signal?.removeEventListener("abort", onAbort);
        proc.off("message", onMessage);
        proc.off("exit", onExit);
        proc.off("error", onError);
        if (error) reject(error);
        else resolve(result);
      };
      const stop = (error: Error) => {
        killEngineChild(proc);
        settle(error);
      };
      const onAbort = () => stop(new AbortedError());
      const deadline = setTimeout(() => stop(new EngineFailure("timed-out", engine, `${task} ran past ${controls.timeoutMs} ms`)), controls.timeoutMs);
      const poll = setInterval(() => {
        const rss = proc.pid ? treeResidentBytes(proc.pid) : undefined;
        const cap = this.options.limits().memoryLimitBytes;
        if (rss !== undefined && rss > cap) stop(new EngineFailure("too-large", engine, `${task} held ${Math.round(rss / 1048576)} MB, past the ${Math.round(cap / 1048576)} MB cap`));
      }, pollMs);
      const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
        settle(new EngineFailure("crashed", engine, `${task}: the process ended (${signal ?? `exit code ${code}`})`));
      const onError = (err: Error) => stop(new EngineFailure("crashed", engine, `${task}: ${err.message}`, { cause: err }));
      const onMessage = (reply: TaskReply) => {
        if (reply.id !== id) return;
        if ("progress" in reply) {
          controls.onProgress?.(reply.progress);
          return;
        }
        if (reply.ok) return settle(undefined, reply.result);
        if (reply.kind === "bug") return settle(new Error(`${engine} ${task} failed: ${reply.error}`));
        settle(new EngineFailure(reply.kind, engine, `${task}: ${reply.error}`));
      };
      controls.signal?.addEventListener("abort", onAbort, { once: true });
      proc.on("message", onMessage);
      proc.on("exit", onExit);
      proc.on("error", onError);
      if (proc.exitCode !== null || proc.signalCode !== null || !proc.connected) {
        return settle(new EngineFailure("crashed", engine, `${task}: the process had already ended`));
      }
      proc.send({ id, task, args }, (err) => {
        if (err) stop(new EngineFailure("crashed", engine, `${task}: ${err.message}`, { cause: err }));
      });
    });
  }
}
