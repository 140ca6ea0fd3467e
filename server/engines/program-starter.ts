import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { dyingWithParent } from "./parent-death.js";

/**
 * Starts engine programs from a small process of its own (program-launcher.ts). Starting a program copies the
 * process that starts it, and the copy's cost grows with that process's memory: from the server, with its hundreds
 * of megabytes, each start took milliseconds of the kernel's time and one start waited for the other, which bounded
 * how many light jobs a second the server could finish. The launcher is a tenth of its size. The server learns each
 * program's id at once (to kill its group) and gets its output and exit when it is done.
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
  | { id: number; kind: "ended"; exitCode: number | null; signal: NodeJS.Signals | null; stdout: Uint8Array; stderr: string }
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
const launcherPath = fileURLToPath(new URL(runningFromSource ? "./program-launcher-from-source.mjs" : "./program-launcher.js", import.meta.url));

let launcher: ChildProcess | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();

/** Lets this process end while no program runs, and keeps it alive while one does. */
function holdOpen(child: ChildProcess, hold: boolean): void {
  if (hold) {
    child.ref();
    child.channel?.ref();
  } else {
    child.unref();
    child.channel?.unref();
  }
}

function programLauncher(): ChildProcess {
  if (launcher) return launcher;
  // It dies with this process (and its programs with it), even when this one is killed outright. None of this
  // process's Node.js options: the launcher needs none.
  const { command, args } = dyingWithParent(process.execPath, [launcherPath]);
  const child = spawn(command, args, { stdio: ["ignore", "inherit", "inherit", "ipc"], serialization: "advanced" });
  child.on("message", (event: ProgramEvent) => {
    const waiting = pending.get(event.id);
    if (!waiting) return;
    if (event.kind === "started") return waiting.started(event.pid);
    pending.delete(event.id);
    if (pending.size === 0) holdOpen(child, false);
    if (event.kind === "failed") return waiting.settle(event);
    const { stdout } = event;
    waiting.settle({ ...event, stdout: Buffer.from(stdout.buffer, stdout.byteOffset, stdout.byteLength) });
  });
  // A launcher that fails takes only the programs it was waiting for; the next program starts a new one.
  const lost = (message: string) => {
    if (launcher === child) launcher = undefined;
    for (const waiting of pending.values()) waiting.settle({ kind: "failed", message });
    pending.clear();
  };
  child.on("error", (err) => lost(`the process starting programs failed: ${err.message}`));
  child.on("exit", (code, signal) => lost(`the process starting programs ended (${signal ?? code})`));
  launcher = child;
  return child;
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
  const child = programLauncher();
  holdOpen(child, true);
  child.send({ ...request, id } satisfies ProgramRequest);
  return {
    onStart(listener) {
      if (pid !== undefined) listener(pid);
      else startListeners.push(listener);
    },
    outcome,
  };
}
