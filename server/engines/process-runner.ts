import { spawn } from "node:child_process";
import os from "node:os";
import { AbortedError, EngineFailure, type EngineFailureKind } from "../errors.js";
import { Semaphore } from "../lib/semaphore.js";
import { withoutNetwork } from "./network-sandbox.js";
import { dyingWithParent } from "./parent-death.js";

/**
 * The only place that starts programs. Arguments go as an array (never through a shell), every run has a timeout,
 * an abort kills the whole process group, and each engine has its own cap on concurrent runs.
 */

export interface RunOptions {
  /** The engine's name, for its concurrency cap and for error messages. */
  engine: string;
  command: string;
  args: readonly string[];
  cwd: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Exit codes that mean success (qpdf uses 3 for "succeeded with warnings"). */
  okExitCodes?: readonly number[];
  /** Extra environment; the child otherwise sees only a minimal one. */
  env?: Record<string, string>;
  /** Standard output is kept up to this many bytes (the rest is dropped). */
  maxStdoutBytes?: number;
}

export interface RunResult {
  exitCode: number;
  stdout: Buffer;
  stderr: string;
}

/**
 * A program ran and failed, or could not be started (`missing`: it is not installed). Each engine's adapter reads
 * this once and turns it into an EngineFailure of the right kind; tools never read it.
 */
export class EngineError extends Error {
  constructor(
    readonly engine: string,
    readonly exitCode: number | null,
    readonly stderr: string,
    readonly missing = false,
    /** The signal that ended the program, when something other than us killed it (a crash, the OOM killer). */
    readonly signal?: NodeJS.Signals,
  ) {
    super(`${engine} failed (exit ${exitCode}): ${stderr.trim().split("\n").slice(-3).join(" | ").slice(0, 500)}`);
    this.name = "EngineError";
  }
}

const caps = new Map<string, Semaphore>();
const capLimits = new Map<string, number>();

let timeLimits = new Map<string, number>();

/** Operators' ceilings on any one run of an engine, replacing earlier ones; a run asking for less keeps its own. */
export function setEngineTimeLimits(limits: Readonly<Record<string, number>>): void {
  timeLimits = new Map(Object.entries(limits));
}

/** The time a run of `engine` gets: what its caller asks, within the engine's ceiling. */
export function timeLimitFor(engine: string, requestedMs: number): number {
  return Math.min(requestedMs, timeLimits.get(engine) || Infinity);
}

/** Sets how many runs of one engine may go at once (default: the number of cores). */
export function setEngineConcurrency(engine: string, limit: number): void {
  capLimits.set(engine, limit);
  caps.delete(engine);
}

function capFor(engine: string): Semaphore {
  let cap = caps.get(engine);
  if (!cap) {
    cap = new Semaphore(capLimits.get(engine) ?? os.availableParallelism());
    caps.set(engine, cap);
  }
  return cap;
}

const STDERR_LIMIT = 64 * 1024;

export async function runProcess(options: RunOptions): Promise<RunResult> {
  const { signal } = options;
  if (signal?.aborted) throw new AbortedError();
  const release = await capFor(options.engine).acquire(signal).catch(() => {
    throw new AbortedError();
  });
  try {
    return await spawnOnce(options);
  } finally {
    release();
  }
}

export interface EngineCommandOptions {
  /** The folder the engine works in: the only one it needs to write. */
  workDir: string;
  /** Paths outside workDir the engine must read (its program, scripts, libraries). */
  readOnly?: readonly string[];
}

/**
 * The command line that starts `command` for `engine` inside every confinement this machine offers: killed when
 * this process dies, and without a network. Every engine process, one-shot or long-lived, is started through this.
 */
export function engineCommandLine(
  engine: string,
  command: string,
  args: readonly string[],
  // Not read yet: the confinements so far do not depend on the folders.
  _folders: EngineCommandOptions,
): { command: string; args: readonly string[] } {
  const dying = dyingWithParent(command, args);
  return withoutNetwork(engine, dying.command, dying.args);
}

/** Whether a wrapper (unshare, setpriv) said it could not start the program: the program is not installed. */
function wrapperMissedProgram(exitCode: number, stderr: string): boolean {
  return exitCode === 127 && /^(unshare|setpriv): failed to execute/.test(stderr);
}

function spawnOnce(options: RunOptions): Promise<RunResult> {
  const okCodes = options.okExitCodes ?? [0];
  const maxStdout = options.maxStdoutBytes ?? 16 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    const { command, args } = engineCommandLine(options.engine, options.command, options.args, { workDir: options.cwd });
    const child = spawn(command, args, {
      cwd: options.cwd,
      // A fresh group, so that a kill reaches the program's own children too.
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        PATH: process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin",
        HOME: options.cwd,
        TMPDIR: options.cwd,
        LANG: "C.UTF-8",
        ...options.env,
      },
    });
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = "";
    let settled = false;
    let killedFor: "timeout" | "abort" | undefined;

    child.stdout.on("data", (chunk: Buffer) => {
      if (stdoutBytes < maxStdout) stdout.push(chunk);
      stdoutBytes += chunk.length;
    });
    child.stderr.on("data", (chunk: Buffer) => {
      if (stderr.length < STDERR_LIMIT) stderr += chunk.toString("utf8");
    });

    const killGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => {
      killedFor = "timeout";
      killGroup();
    }, timeLimitFor(options.engine, options.timeoutMs));
    const onAbort = () => {
      killedFor = "abort";
      killGroup();
    };
    options.signal?.addEventListener("abort", onAbort, { once: true });

    const finish = (error: Error | undefined, result?: RunResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      if (error) reject(error);
      else resolve(result!);
    };

    child.on("error", (err: NodeJS.ErrnoException) => {
      finish(
        err.code === "ENOENT"
          ? new EngineError(options.engine, null, `${options.command} is not installed`, true)
          : new EngineError(options.engine, null, err.message),
      );
    });
    child.on("close", (code, signal) => {
      if (killedFor === "timeout") return finish(new EngineFailure("timed-out", options.engine, `stopped after ${timeLimitFor(options.engine, options.timeoutMs)} ms`));
      if (killedFor === "abort") return finish(new AbortedError());
      const exitCode = code ?? -1;
      // Behind unshare or setpriv a missing program is their failure to start it, not the spawn error above.
      if (command !== options.command && wrapperMissedProgram(exitCode, stderr)) {
        return finish(new EngineError(options.engine, null, `${options.command} is not installed`, true));
      }
      if (!okCodes.includes(exitCode)) return finish(new EngineError(options.engine, exitCode, stderr, false, signal ?? undefined));
      finish(undefined, { exitCode, stdout: Buffer.concat(stdout), stderr });
    });
  });
}

/**
 * The EngineFailure a failed run stands for: the runner's own findings (not installed, killed by a signal) first,
 * then the adapter's reading of the engine's exit. What the adapter cannot place stays an EngineError: a server
 * error, as an engine failing in a way nobody foresaw is most likely our own mistake.
 */
export function classifyRunFailure(err: unknown, inputFault: (err: EngineError) => EngineFailureKind | undefined): unknown {
  if (!(err instanceof EngineError)) return err;
  if (err.missing) return new EngineFailure("not-installed", err.engine, err.message, { cause: err });
  if (err.signal) return new EngineFailure("crashed", err.engine, `ended by ${err.signal}`, { cause: err });
  const kind = inputFault(err);
  return kind ? new EngineFailure(kind, err.engine, err.message, { cause: err }) : err;
}
