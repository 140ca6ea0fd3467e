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

/**
 * CPU seconds a process and all its descendants have used so far, those that ended and were reaped included:
 * a measure of work that other load on a shared machine does not inflate as it does wall time.
 */
export async function treeCpuSeconds(root: number): Promise<number> {
  const stats = new Map<number, { parent: number; ticks: number }>();
  for (const name of await fs.readdir("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const stat = await fs.readFile(`/proc/${name}/stat`, "utf8").catch(() => "");
    if (!stat) continue;
    // Fields after the command name: state, ppid, ... utime (14), stime (15), cutime (16), cstime (17).
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    stats.set(Number(name), { parent: Number(fields[1]), ticks });
  }
  const inTree = (pid: number): boolean => {
    for (let p = pid, hops = 0; p > 1 && hops < 64; hops++) {
      if (p === root) return true;
      p = stats.get(p)?.parent ?? 0;
    }
    return false;
  };
  let ticks = 0;
  for (const [pid, s] of stats) if (inTree(pid)) ticks += s.ticks;
  return ticks / TICKS;
}
