import os from "node:os";
import { Worker } from "node:worker_threads";
import { AbortedError, EngineTimeoutError } from "../../errors.js";
import { Semaphore } from "../../lib/semaphore.js";
import type { EngineContext } from "../context.js";
import { timeLimitFor } from "../process-runner.js";
import type { TaskArgs, TaskName, TaskResult } from "./tasks.js";

/**
 * A small pool of worker threads, each with MuPDF loaded once. A task that is aborted or runs past its time has
 * its worker terminated (the only way to stop WebAssembly mid-run) and a fresh one takes its place.
 */

export class MupdfTaskError extends Error {
  constructor(
    readonly task: string,
    readonly detail: string,
  ) {
    super(`mupdf ${task} failed: ${detail}`);
    this.name = "MupdfTaskError";
  }
}

// Sources run under tsx in development and tests; the build runs plain JavaScript.
const runningFromSource = import.meta.url.endsWith(".ts");
const workerUrl = new URL(runningFromSource ? "./worker-from-source.mjs" : "./worker.js", import.meta.url);

const size = Math.max(1, os.availableParallelism());
const slots = new Semaphore(size);
const idle: Worker[] = [];
let nextId = 1;

function createWorker(): Worker {
  const worker = new Worker(workerUrl);
  // Idle workers must not keep the process alive.
  worker.unref();
  return worker;
}

/** Starts the pool's workers ahead of the first task: loading MuPDF takes a few hundred milliseconds a worker. */
export function warmUpMupdf(): void {
  while (idle.length < size) idle.push(createWorker());
}

export async function runMupdf<T extends TaskName>(
  task: T,
  args: TaskArgs<T>,
  ctx: Pick<EngineContext, "signal" | "timeoutMs">,
  onProgress?: (fraction: number) => void,
): Promise<TaskResult<T>> {
  if (ctx.signal?.aborted) throw new AbortedError();
  const release = await slots.acquire(ctx.signal).catch(() => {
    throw new AbortedError();
  });
  const worker = idle.pop() ?? createWorker();
  let reusable = true;
  try {
    return await new Promise<TaskResult<T>>((resolve, reject) => {
      const id = nextId++;
      const cleanup = () => {
        clearTimeout(timer);
        ctx.signal?.removeEventListener("abort", onAbort);
        worker.off("message", onMessage);
        worker.off("error", onError);
      };
      const stop = (error: Error) => {
        reusable = false;
        cleanup();
        void worker.terminate();
        reject(error);
      };
      const onAbort = () => stop(new AbortedError());
      const timer = setTimeout(() => stop(new EngineTimeoutError()), timeLimitFor("mupdf", ctx.timeoutMs));
      const onError = (err: Error) => stop(new MupdfTaskError(task, err.message));
      const onMessage = (msg: { id: number; ok?: boolean; result?: unknown; error?: string; progress?: number; retire?: boolean }) => {
        if (msg.id !== id) return;
        if (msg.progress !== undefined) {
          onProgress?.(msg.progress);
          return;
        }
        cleanup();
        if (msg.retire) {
          reusable = false;
          void worker.terminate();
          // A fresh worker starts loading now, so the next task does not wait for it.
          idle.push(createWorker());
        }
        if (msg.ok) resolve(msg.result as TaskResult<T>);
        else reject(new MupdfTaskError(task, msg.error ?? "unknown error"));
      };
      ctx.signal?.addEventListener("abort", onAbort, { once: true });
      worker.on("message", onMessage);
      worker.on("error", onError);
      worker.postMessage({ id, task, args });
    });
  } finally {
    if (reusable) idle.push(worker);
    release();
  }
}
