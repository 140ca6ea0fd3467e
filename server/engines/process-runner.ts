import { spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { AbortedError, EngineFailure, type EngineFailureKind } from "../errors.js";
import { requestTimeline } from "../lib/request-timeline.js";
import { Semaphore } from "../lib/semaphore.js";
import { prlimitArgs } from "./engine-limits.js";
import { withoutNetwork } from "./network-sandbox.js";
import { dyingWithParent } from "./parent-death.js";
import { startProgram } from "./program-starter.js";
import { bwrapArgs, engineSandboxState, SANDBOX_PATH, type SandboxView } from "./sandbox.js";

/**
 * The only place that starts programs (through the small launcher process of program-starter.ts). Arguments go as an array
 * (never through a shell), every run has a timeout, an abort kills the whole process group, and each engine has its
 * own cap on concurrent runs.
 */

export interface RunOptions {
  /** The engine's name, for its concurrency cap and for error messages. */
  engine: string;
  command: string;
  args: readonly string[];
  /** Where the program starts: the job's own folder or a folder inside it. */
  cwd: string;
  /**
   * The job's own folder, which the sandbox binds read-write (default: cwd). Every file on the command line must be
   * inside it, or be a system file under /usr.
   */
  workDir?: string;
  /** Bind the job's folder as the program's /tmp instead of at its own path (see SandboxView). */
  workDirAsTmp?: boolean;
  /** Extra files or folders the program may read (see SandboxView). */
  readOnly?: SandboxView["readOnly"];
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
  const timeline = requestTimeline();
  timeline?.mark(`${options.engine} turn`);
  try {
    // Cancelled while it waited for its turn (an abort event that came before the run listens is not heard again).
    if (signal?.aborted) throw new AbortedError();
    return await spawnOnce(options, () => timeline?.mark(`${options.engine} started`));
  } finally {
    timeline?.mark(`${options.engine} ended`);
    release();
  }
}

/** Programs that handle no visitor's file and run outside the sandbox: the probe of installed engines, which runs
 * fixed `--version` commands from / and should tell what is installed, not what the sandbox lets through. */
const UNSANDBOXED = new Set(["probe"]);

/**
 * Engines that read none of the system's configuration, only their program and its libraries: their sandbox shows
 * them no more of it (SandboxView's systemFiles). qpdf runs two or three times for every small request, djpeg once
 * for each scanned page compressed.
 */
const LIBRARIES_ONLY = new Set(["qpdf", "djpeg"]);

/**
 * Engines that read of the system's configuration only the fonts' and the local time: poppler's programs, which
 * run twice for a one-page image (its size, its render) and once a run of pages.
 */
const FONTS_ONLY = new Set(["poppler"]);

let prlimitPresent: boolean | undefined;

function prlimitAvailable(): boolean {
  prlimitPresent ??= spawnSync("prlimit", ["--version"], { stdio: "ignore", timeout: 5000 }).status === 0;
  return prlimitPresent;
}

/** Where an engine runs and what it may see: the job's own folder (read-write) and the run's time limit. */
export interface EngineCommandOptions extends SandboxView {
  /** The run's time limit, from which its CPU-time limit follows; none: no CPU-time limit. */
  timeLimitMs?: number;
}

/**
 * The command line that starts `command` with `args` as an engine, for spawn() with `detached: true` (the kill on
 * abort is a kill of that process group):
 *   prlimit (engine-limits.ts) → bwrap --die-with-parent (sandbox.ts) → the program;
 * without the sandbox, prlimit → setpriv --pdeathsig KILL (parent-death.ts) → the program.
 * Each execs the next in place, so the group stays one. `workDir` must be the job's own folder (throws otherwise);
 * paths on the command line must be inside it, or under /usr. With the sandbox off or unavailable the program runs
 * as it is, in a network namespace of its own where possible (network-sandbox.ts).
 */
export function engineCommandLine(
  engine: string,
  command: string,
  args: readonly string[],
  options: EngineCommandOptions,
): { command: string; args: string[] } {
  if (UNSANDBOXED.has(engine)) return { command, args: [...args] };
  // With the sandbox on, every engine is in it: MuPDF's children too, each bound to one job (mupdf/pool.ts).
  const sandboxed = engineSandboxState() === "on";
  const view: SandboxView = { systemFiles: LIBRARIES_ONLY.has(engine) ? "libraries" : FONTS_ONLY.has(engine) ? "fonts" : "all", ...options };
  const inner = sandboxed ? { command: "bwrap", args: bwrapArgs(view, command, args) } : withoutNetwork(engine, command, args);
  // bubblewrap's --die-with-parent already asks the kernel to kill it, and the sandbox with it, when its parent dies:
  // setpriv in front of it would be one more program started for nothing on every run.
  const dying = sandboxed ? inner : dyingWithParent(inner.command, inner.args);
  if (!prlimitAvailable()) return { command: dying.command, args: [...dying.args] };
  return { command: "prlimit", args: [...prlimitArgs(engine, options.timeLimitMs ?? Infinity, sandboxed), "--", dying.command, ...dying.args] };
}

/** The environment a program gets: a minimal one, with its home and temporary folder in its own folder. */
function engineEnv(options: RunOptions): Record<string, string> {
  const sandboxed = !UNSANDBOXED.has(options.engine) && engineSandboxState() === "on";
  const workDir = options.workDir ?? options.cwd;
  const own = sandboxed && options.workDirAsTmp ? path.join("/tmp", path.relative(workDir, options.cwd)) : options.cwd;
  return {
    PATH: sandboxed ? SANDBOX_PATH : (process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin"),
    HOME: own,
    TMPDIR: own,
    LANG: "C.UTF-8",
    ...options.env,
  };
}

/** Whether a wrapper (bwrap, unshare, setpriv, prlimit) said it could not start the program: it is not installed. */
function wrapperMissedProgram(exitCode: number, stderr: string): boolean {
  return (exitCode === 127 || exitCode === 1) && /^(bwrap: execvp \S+: No such file or directory|(unshare|setpriv|prlimit): failed to execute )/.test(stderr);
}

function spawnOnce(options: RunOptions, started: () => void): Promise<RunResult> {
  const okCodes = options.okExitCodes ?? [0];
  return new Promise((resolve, reject) => {
    const timeLimitMs = timeLimitFor(options.engine, options.timeoutMs);
    const { command, args } = engineCommandLine(options.engine, options.command, options.args, {
      workDir: options.workDir ?? options.cwd,
      cwd: options.cwd,
      workDirAsTmp: options.workDirAsTmp,
      readOnly: options.readOnly,
      timeLimitMs,
    });
    const program = startProgram({
      command,
      args,
      cwd: options.cwd,
      env: engineEnv(options),
      maxStdoutBytes: options.maxStdoutBytes ?? 16 * 1024 * 1024,
      maxStderrChars: STDERR_LIMIT,
    });
    program.onStart(started);
    let settled = false;
    let killedFor: "timeout" | "abort" | undefined;

    // The kill reaches the program's whole group; one asked for before the program runs lands as it starts.
    const killGroup = () => program.onStart((pid) => {
      try {
        process.kill(-pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    });
    const timer = setTimeout(() => {
      killedFor = "timeout";
      killGroup();
    }, timeLimitMs);
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

    void program.outcome.then((outcome) => {
      if (outcome.kind === "failed") {
        return finish(
          outcome.code === "ENOENT"
            ? new EngineError(options.engine, null, `${options.command} is not installed`, true)
            : new EngineError(options.engine, null, outcome.message),
        );
      }
      const { stdout, stderr, signal } = outcome;
      if (killedFor === "timeout") return finish(new EngineFailure("timed-out", options.engine, `stopped after ${timeLimitMs} ms`));
      if (killedFor === "abort") return finish(new AbortedError());
      const exitCode = outcome.exitCode ?? -1;
      // Behind bwrap, unshare, setpriv or prlimit a missing program is their failure to start it, not the spawn error above.
      if (command !== options.command && wrapperMissedProgram(exitCode, stderr)) {
        return finish(new EngineError(options.engine, null, `${options.command} is not installed`, true));
      }
      if (!okCodes.includes(exitCode)) return finish(new EngineError(options.engine, exitCode, stderr, false, signal ?? undefined));
      finish(undefined, { exitCode, stdout, stderr });
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
