import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runProcess } from "../server/engines/process-runner.js";
import { AbortedError, EngineFailure } from "../server/errors.js";
import { tempDir } from "./helpers/pdf-tools.js";
import { running, waitFor } from "./helpers/processes.js";

/**
 * The process whose command line is exactly `args`, seen from here. An engine in its sandbox has a PID namespace of
 * its own, so the pid it could report about itself means nothing outside.
 */
async function findProcess(args: readonly string[]): Promise<number | undefined> {
  const wanted = args.join("\0") + "\0";
  for (const entry of await fs.readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = await fs.readFile(`/proc/${entry}/cmdline`, "utf8").catch(() => "");
    if (cmdline === wanted) return Number(entry);
  }
  return undefined;
}

describe("engine processes", () => {
  it("die with the process that started them, even when it is killed outright", async () => {
    const dir = await tempDir();
    const pidFile = path.join(dir, "engine.pid");
    // A parent that starts a long "engine" through the runner and is then killed with SIGKILL, as a worker is on a
    // crash: it has no chance to stop what it started. The engine writes its pid, then becomes a long sleep whose
    // duration no other process on the machine has, so that it can be found from here.
    const duration = `120.${process.pid}${Date.now() % 100000}`;
    const script = `
      import { runProcess } from "./server/engines/process-runner.ts";
      await runProcess({ engine: "qpdf", command: "sh", args: ["-c", 'echo $$ > "$0"; exec sleep ${duration}', ${JSON.stringify(pidFile)}], cwd: ${JSON.stringify(dir)}, timeoutMs: 300000 });
    `;
    const parent = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { stdio: "ignore" });
    expect(await waitFor(async () => (await fs.readFile(pidFile, "utf8").catch(() => "")).trim() !== "", 20_000)).toBe(true);
    let enginePid: number | undefined;
    expect(await waitFor(async () => (enginePid = await findProcess(["sleep", duration])) !== undefined, 5_000)).toBe(true);
    expect(await running(enginePid!)).toBe(true);

    const exited = new Promise((resolve) => parent.once("exit", resolve));
    parent.kill("SIGKILL");
    await exited;
    expect(await waitFor(async () => !(await running(enginePid!)), 5_000)).toBe(true);
  });

  it("still report a missing program as not installed", async () => {
    const dir = await tempDir();
    await expect(runProcess({ engine: "qpdf", command: "no-such-engine-program", args: [], cwd: dir, timeoutMs: 10_000 })).rejects.toThrow(
      "no-such-engine-program is not installed",
    );
  });

  /** A run of a long sleep whose duration no other process has, and a way to find it from here. */
  function longSleep(dir: string, options: { timeoutMs?: number; signal?: AbortSignal } = {}) {
    const duration = `60.${process.pid}${Math.floor(Math.random() * 1e6)}`;
    const run = runProcess({ engine: "qpdf", command: "sleep", args: [duration], cwd: dir, timeoutMs: options.timeoutMs ?? 60_000, signal: options.signal });
    return { run, find: () => findProcess(["sleep", duration]) };
  }

  it("are killed at their time limit, and the run says it timed out", async () => {
    const sleep = longSleep(await tempDir(), { timeoutMs: 1500 });
    let pid: number | undefined;
    expect(await waitFor(async () => (pid = await sleep.find()) !== undefined, 5_000)).toBe(true);
    await expect(sleep.run).rejects.toSatisfy((err) => err instanceof EngineFailure && err.kind === "timed-out");
    expect(await waitFor(async () => !(await running(pid!)), 5_000)).toBe(true);
  });

  it("are killed when their job is cancelled, also before they have started", async () => {
    const dir = await tempDir();
    const running1 = new AbortController();
    const started = longSleep(dir, { signal: running1.signal });
    let pid: number | undefined;
    expect(await waitFor(async () => (pid = await started.find()) !== undefined, 5_000)).toBe(true);
    running1.abort();
    await expect(started.run).rejects.toBeInstanceOf(AbortedError);
    expect(await waitFor(async () => !(await running(pid!)), 5_000)).toBe(true);

    // Cancelled in the same turn as the run was asked for: nothing is left running.
    const early = new AbortController();
    const starting = longSleep(dir, { signal: early.signal });
    early.abort();
    await expect(starting.run).rejects.toBeInstanceOf(AbortedError);
    expect(await waitFor(async () => (await starting.find()) === undefined, 5_000)).toBe(true);
  });
});
