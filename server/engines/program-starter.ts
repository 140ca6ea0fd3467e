import { Worker } from "node:worker_threads";

/**
 * Starts engine programs from a thread of their own. Starting a program copies this process and then waits until
 * the copy has become the program, and on a machine whose cores are busy (with the engines of other jobs) that wait
 * is several milliseconds: done on the event loop it would hold up every other request each time. The thread does
 * the waiting; this side learns the program's id at once (to kill it) and gets its output and exit when it is done.
 */

export interface ProgramRequest {
  id: number;
  command: string;
  args: readonly string[];
  cwd: string;
  env: Record<string, string>;
  maxStdoutBytes: number;
  maxStderrChars: number;
}

export type ProgramEvent =
  | { id: number; kind: "started"; pid: number }
  | { id: number; kind: "ended"; exitCode: number | null; signal: NodeJS.Signals | null; stdout: ArrayBuffer; stderr: string }
  | { id: number; kind: "failed"; code?: string; message: string };

export type ProgramOutcome =
  | { kind: "ended"; exitCode: number | null; signal: NodeJS.Signals | null; stdout: Buffer; stderr: string }
  | { kind: "failed"; code?: string; message: string };

export interface StartedProgram {
  /** Called with the program's process id as soon as it runs (never for a program that could not start). */
  onStart(listener: (pid: number) => void): void;
  outcome: Promise<ProgramOutcome>;
}

interface Pending {
  started: (pid: number) => void;
  settle: (outcome: ProgramOutcome) => void;
}

// Sources run under tsx in development and tests; the build runs plain JavaScript.
const runningFromSource = import.meta.url.endsWith(".ts");
const workerUrl = new URL(runningFromSource ? "./program-starter-worker-from-source.mjs" : "./program-starter-worker.js", import.meta.url);

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();

function starterThread(): Worker {
  if (worker) return worker;
  // None of this process's Node.js options: the thread needs none, and some (--input-type) stop it from starting.
  const thread = new Worker(workerUrl, { execArgv: [] });
  thread.on("message", (event: ProgramEvent) => {
    const waiting = pending.get(event.id);
    if (!waiting) return;
    if (event.kind === "started") return waiting.started(event.pid);
    pending.delete(event.id);
    if (pending.size === 0) thread.unref();
    waiting.settle(event.kind === "ended" ? { ...event, stdout: Buffer.from(event.stdout) } : event);
  });
  // A thread that fails takes only the programs it was waiting for; the next program starts a new one.
  const lost = (message: string) => {
    if (worker === thread) worker = undefined;
    for (const waiting of pending.values()) waiting.settle({ kind: "failed", message });
    pending.clear();
  };
  thread.on("error", (err) => lost(`the thread starting programs failed: ${err.message}`));
  thread.on("exit", (code) => lost(`the thread starting programs ended (${code})`));
  worker = thread;
  return thread;
}

export function startProgram(request: Omit<ProgramRequest, "id">): StartedProgram {
  const id = ++nextId;
  const startListeners: Array<(pid: number) => void> = [];
  let pid: number | undefined;
  const outcome = new Promise<ProgramOutcome>((settle) => {
    pending.set(id, {
      started: (started) => {
        pid = started;
        for (const listener of startListeners) listener(started);
      },
      settle,
    });
  });
  const thread = starterThread();
  // The thread keeps the process alive only while it has programs running.
  thread.ref();
  thread.postMessage({ ...request, id } satisfies ProgramRequest);
  return {
    onStart(listener) {
      if (pid !== undefined) listener(pid);
      else startListeners.push(listener);
    },
    outcome,
  };
}
