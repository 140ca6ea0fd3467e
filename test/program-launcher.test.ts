import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { startProgram, type ProgramOutcome } from "../server/engines/program-starter.js";

const env = { PATH: "/usr/bin:/bin", LANG: "C.UTF-8" };

function run(command: string, args: readonly string[], limits: { maxStdoutBytes?: number; cwd?: string } = {}) {
  return startProgram({ command, args, cwd: limits.cwd ?? "/", env, maxStdoutBytes: limits.maxStdoutBytes ?? 64 * 1024 * 1024, maxStderrChars: 64 * 1024 });
}

async function ended(outcome: Promise<ProgramOutcome>) {
  const done = await outcome;
  if (done.kind !== "ended") throw new Error(`did not run: ${done.message}`);
  return done;
}

describe("the program launcher", () => {
  it("hands back megabytes of output whole, and words in any script as given", async () => {
    const zeros = await ended(run("head", ["-c", "3000000", "/dev/zero"]).outcome);
    expect(zeros.exitCode).toBe(0);
    expect(zeros.stdout.length).toBe(3_000_000);
    expect(zeros.stdout.every((b) => b === 0)).toBe(true);
    const words = await ended(run("printf", ["%s|%s", "Łukasz Żółć", "東京 \"quoted\" \\ back"]).outcome);
    expect(words.stdout.toString("utf8")).toBe('Łukasz Żółć|東京 "quoted" \\ back');
  });

  it("keeps no more output than asked, and says how the program ended", async () => {
    const capped = await ended(run("head", ["-c", "3000000", "/dev/zero"], { maxStdoutBytes: 1000 }).outcome);
    expect(capped.stdout.length).toBeLessThan(200_000);
    const failed = await ended(run("sh", ["-c", "echo oops >&2; exit 3"]).outcome);
    expect([failed.exitCode, failed.signal, failed.stderr]).toEqual([3, null, "oops\n"]);
    const killed = await ended(run("sh", ["-c", "kill -9 $$"]).outcome);
    expect([killed.exitCode, killed.signal]).toEqual([null, "SIGKILL"]);
  });

  it("starts each program as the leader of a session and group of its own, in the folder asked", async () => {
    const program = run("sh", ["-c", "pwd; sleep 0.5"], { cwd: "/usr" });
    const pid = await new Promise<number>((resolve) => program.onStart(resolve));
    // /proc/PID/stat: "pid (comm) state ppid pgrp session ..."
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    expect([Number(fields[2]), Number(fields[3])]).toEqual([pid, pid]);
    expect((await ended(program.outcome)).stdout.toString()).toBe("/usr\n");
  });

  it("says why a program could not start", async () => {
    expect(await run("/nonexistent/program", []).outcome).toMatchObject({ kind: "failed", code: "ENOENT" });
    expect(await run("true", [], { cwd: "/nonexistent/folder" }).outcome).toMatchObject({ kind: "failed", code: "ENOENT" });
  });

  it("runs programs side by side: a slow one holds back none of the others, and its group's kill ends it", async () => {
    const slow = run("sleep", ["60"]);
    let slowEnded = false;
    void slow.outcome.then(() => (slowEnded = true));
    const outputs = await Promise.all(Array.from({ length: 20 }, async (_, i) => (await ended(run("printf", [String(i)]).outcome)).stdout.toString()));
    expect(outputs).toEqual(Array.from({ length: 20 }, (_, i) => String(i)));
    expect(slowEnded).toBe(false);
    const pid = await new Promise<number>((resolve) => slow.onStart(resolve));
    process.kill(-pid, "SIGKILL");
    expect((await ended(slow.outcome)).signal).toBe("SIGKILL");
  });

  it("takes in and reaps what a program leaves running, rather than leaving it to the system's first process", async () => {
    // sh ends at once; its sleep goes on without a parent, as bubblewrap's process in a sandbox does after bwrap ends.
    const left = Number((await ended(run("sh", ["-c", "sleep 0.5 >/dev/null 2>&1 & echo $!"]).outcome)).stdout.toString());
    const parentOf = (pid: number) => Number(fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ")[1]);
    const launcher = parentOf(left);
    expect(parentOf(launcher)).toBe(process.pid);
    // Gone, not a zombie: the launcher waited for it.
    await expect.poll(() => fs.existsSync(`/proc/${left}`), { timeout: 5000 }).toBe(false);
  });
});
