import fs from "node:fs/promises";

/** Whether a process is still running (a zombie awaiting its reaper counts as gone). */
export async function running(pid: number): Promise<boolean> {
  try {
    const stat = await fs.readFile(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

/** Polls `condition` every 50 ms for up to `ms`; whether it came true. */
export async function waitFor(condition: () => Promise<boolean> | boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
    if (await condition()) return true;
  }
  return condition();
}

/** Clock ticks a second in /proc's times (USER_HZ, 100 on Linux). */
const TICKS = 100;
/** How often the process tree is read while work runs. */
const SAMPLE_MS = 100;

/** CPU ticks (user and system) each process of a tree has used so far, by pid and start time. */
async function treeTicks(root: number): Promise<Map<string, number>> {
  const stats = new Map<number, { parent: number; key: string; ticks: number }>();
  for (const name of await fs.readdir("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const stat = await fs.readFile(`/proc/${name}/stat`, "utf8").catch(() => "");
    if (!stat) continue;
    // Fields after the command name: state (3), ppid (4), ... utime (14), stime (15), ... starttime (22).
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    stats.set(Number(name), { parent: Number(fields[1]), key: `${name}@${fields[19]}`, ticks: Number(fields[11]) + Number(fields[12]) });
  }
  const inTree = (pid: number): boolean => {
    for (let p = pid, hops = 0; p > 1 && hops < 64; hops++) {
      if (p === root) return true;
      p = stats.get(p)?.parent ?? 0;
    }
    return false;
  };
  const out = new Map<string, number>();
  for (const [pid, s] of stats) if (inTree(pid)) out.set(s.key, s.ticks);
  return out;
}

const sumOf = (ticks: ReadonlyMap<string, number>) => [...ticks.values()].reduce((a, b) => a + b, 0);

/** Waits (up to 10 s) until the tree uses no more than 2 ticks in 200 ms: its work done, background work too. */
async function quiet(root: number): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const before = sumOf(await treeTicks(root));
    await new Promise((resolve) => setTimeout(resolve, 200));
    if (sumOf(await treeTicks(root)) - before <= 2) return;
  }
}

/**
 * Runs work and measures the CPU seconds a process and all its descendants spent on it: a measure of work that other
 * load on a shared machine inflates far less than wall time. It starts with the tree at rest and ends when the tree
 * is at rest again, so that what the work set going in the background (a helper process started for the next job)
 * counts to it, and nothing else's does. The tree is read every 100 ms, each process's own time only (a parent's
 * count of its ended children would count them twice), so a process that ends is counted up to its last reading;
 * one that starts and ends between two readings is missed.
 */
export async function measureTreeCpu<T>(root: number, work: () => Promise<T>): Promise<{ result: T; seconds: number }> {
  await quiet(root);
  const first = await treeTicks(root);
  const last = new Map(first);
  let sampling = Promise.resolve();
  const timer = setInterval(() => {
    sampling = sampling.then(async () => {
      for (const [key, ticks] of await treeTicks(root)) last.set(key, ticks);
    });
  }, SAMPLE_MS);
  try {
    const result = await work();
    await quiet(root);
    clearInterval(timer);
    await sampling;
    for (const [key, ticks] of await treeTicks(root)) last.set(key, ticks);
    let ticks = 0;
    for (const [key, now] of last) ticks += now - (first.get(key) ?? 0);
    return { result, seconds: ticks / TICKS };
  } finally {
    clearInterval(timer);
  }
}
