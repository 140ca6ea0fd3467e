import { spawn, type ChildProcess } from "node:child_process";
import { dyingWithParent } from "./parent-death.js";
import { PROGRAM_LAUNCHER_SOURCE } from "./program-launcher-source.js";

/**
 * Starts engine programs from a small process of its own (program-launcher-source.ts). Starting a program from the
 * server copied the server, and the copy's cost grows with its memory: each start took milliseconds of the kernel's
 * time, and one start waited for the other, which bounded how many light jobs a second the server could finish. The
 * launcher starts programs without copying itself. The server learns each program's id at once (to kill its
 * group) and gets its output and exit when it is done.
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

/** What the launcher says of a program, one JSON line each; its output comes in base64. */
type ProgramEvent =
  | { id: number; kind: "started"; pid: number }
  | { id: number; kind: "ended"; exitCode: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }
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

/** Debian's own Python, whatever else is first on PATH; -I -S: no user or site packages, nothing from the environment. */
const PYTHON = "/usr/bin/python3";

let launcher: ChildProcess | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();

/** Lets this process end while no program runs, and keeps it alive while one does. */
function holdOpen(child: ChildProcess, hold: boolean): void {
  for (const handle of [child, child.stdin, child.stdout] as Array<{ ref(): unknown; unref(): unknown } | null>) {
    if (hold) handle?.ref();
    else handle?.unref();
  }
}

function received(child: ChildProcess, event: ProgramEvent): void {
  const waiting = pending.get(event.id);
  if (!waiting) return;
  if (event.kind === "started") return waiting.started(event.pid);
  pending.delete(event.id);
  if (pending.size === 0) holdOpen(child, false);
  if (event.kind === "failed") return waiting.settle({ kind: "failed", code: event.code ?? undefined, message: event.message });
  waiting.settle({ ...event, stdout: Buffer.from(event.stdout, "base64") });
}

function programLauncher(): ChildProcess {
  if (launcher) return launcher;
  // It dies with this process (and its programs with it), even when this one is killed outright.
  const { command, args } = dyingWithParent(PYTHON, ["-I", "-S", "-c", PROGRAM_LAUNCHER_SOURCE]);
  const child = spawn(command, args, { stdio: ["pipe", "pipe", "inherit"] });
  // A line can be megabytes (a program's output): its pieces are joined once, when its end comes.
  let pieces: string[] = [];
  child.stdout!.setEncoding("utf8");
  child.stdout!.on("data", (chunk: string) => {
    let from = 0;
    for (let end = chunk.indexOf("\n"); end !== -1; end = chunk.indexOf("\n", from)) {
      const line = pieces.join("") + chunk.slice(from, end);
      pieces = [];
      from = end + 1;
      if (line) received(child, JSON.parse(line) as ProgramEvent);
    }
    if (from < chunk.length) pieces.push(chunk.slice(from));
  });
  // A launcher that fails takes only the programs it was waiting for; the next program starts a new one.
  const lost = (message: string) => {
    if (launcher === child) launcher = undefined;
    for (const waiting of pending.values()) waiting.settle({ kind: "failed", message });
    pending.clear();
  };
  child.on("error", (err) => lost(`the process starting programs failed: ${err.message}`));
  child.on("exit", (code, signal) => lost(`the process starting programs ended (${signal ?? code})`));
  // Written to a launcher that has just ended: its exit above already answers every program.
  child.stdin!.on("error", () => undefined);
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
  child.stdin!.write(`${JSON.stringify({ ...request, id } satisfies ProgramRequest)}\n`);
  return {
    onStart(listener) {
      if (pid !== undefined) listener(pid);
      else startListeners.push(listener);
    },
    outcome,
  };
}
