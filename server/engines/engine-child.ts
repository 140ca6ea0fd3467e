import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { engineCommandLine } from "./process-runner.js";
import type { SandboxView } from "./sandbox.js";

/**
 * Long-lived engine processes: a Node.js program that serves tasks over an IPC channel. This is the one place that
 * starts them, through the same command-line building as every other engine, so the same confinement applies.
 */

export interface EngineChildOptions {
  /** The engine's name, for the confinement that applies to it. */
  engine: string;
  /** The script the child runs. */
  entry: string;
  /** Node.js options placed before the script (a loader for TypeScript sources in development). */
  execArgv?: readonly string[];
  /** The folder the child works in. */
  workDir: string;
  /** Paths outside workDir the child must read: the Node.js binary, its script, the libraries it loads. */
  readOnly?: SandboxView["readOnly"];
  /** Extra environment over the minimal one. */
  env?: Record<string, string>;
}

export function startEngineChild(options: EngineChildOptions): ChildProcess {
  const { command, args } = engineCommandLine(options.engine, process.execPath, [...(options.execArgv ?? []), options.entry], {
    workDir: options.workDir,
    readOnly: options.readOnly,
  });
  return spawn(command, args, {
    cwd: options.workDir,
    // A group of its own, so that a kill reaches whatever it may start, and a terminal's Ctrl-C does not.
    detached: true,
    // Standard error stays visible in the server's log: a child that dies says why there.
    stdio: ["ignore", "ignore", "inherit", "ipc"],
    env: {
      PATH: process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin",
      HOME: options.workDir,
      TMPDIR: options.workDir,
      LANG: "C.UTF-8",
      ...options.env,
    },
  });
}

/** Kills a child and anything it started; a child already gone is fine. */
export function killEngineChild(child: ChildProcess): void {
  try {
    if (child.pid) process.kill(-child.pid, "SIGKILL");
  } catch {
    child.kill("SIGKILL");
  }
}

/** The resident memory of a process, from /proc/<pid>/status (VmRSS); undefined once it is gone or where /proc is missing. */
export function residentBytes(pid: number): number | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = /^VmRSS:\s*(\d+) kB$/m.exec(status)?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined;
  }
}

/** The child processes of a process, from /proc/<pid>/task/<tid>/children; none once it is gone. */
function childrenOf(pid: number): number[] {
  try {
    return fs.readdirSync(`/proc/${pid}/task`).flatMap((tid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/task/${tid}/children`, "utf8").split(" ").filter(Boolean).map(Number);
      } catch {
        return [];
      }
    });
  } catch {
    return [];
  }
}

/**
 * The resident memory of a process and everything under it: a child started in the sandbox is bubblewrap, with the
 * engine a few processes below. Undefined once the process is gone.
 */
export function treeResidentBytes(pid: number): number | undefined {
  const own = residentBytes(pid);
  if (own === undefined) return undefined;
  let total = own;
  const queue = childrenOf(pid);
  for (let seen = 0; queue.length > 0 && seen < 64; seen++) {
    const next = queue.shift()!;
    total += residentBytes(next) ?? 0;
    queue.push(...childrenOf(next));
  }
  return total;
}
