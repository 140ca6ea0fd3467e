import fs from "node:fs/promises";

/** Clock ticks per second of /proc's times: 100 on every Linux this runs on (getconf CLK_TCK). */
const TICKS = 100;

/**
 * CPU seconds (user and system) a process has used itself, and those of its children it has waited for: what a
 * run cost the machine, which a wall clock on a busy shared machine does not tell.
 */
export async function cpuSeconds(pid: number | "self"): Promise<{ own: number; children: number }> {
  return readStat(await fs.readFile(`/proc/${pid}/stat`, "utf8"));
}

/** A /proc/PID/stat line's parent and CPU seconds. */
function readStat(stat: string): { parent: number; own: number; children: number } {
  // Fields after the command name (which may hold spaces) in its parentheses: utime is the 14th field overall.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number) as [number, number, number, number];
  return { parent: Number(fields[1]), own: (utime + stime) / TICKS, children: (cutime + cstime) / TICKS };
}

/** The CPU seconds of several processes together, with their children; one that has gone counts as nothing. */
export async function totalCpuSeconds(pids: readonly number[]): Promise<number> {
  const each = await Promise.all(pids.map((pid) => cpuSeconds(pid).then((t) => t.own + t.children, () => 0)));
  return each.reduce((sum, s) => sum + s, 0);
}

/**
 * CPU seconds of a process tree: the root's own, and those of every process under it (their own and their waited-for
 * children's, the root's waited-for children's included). Taken before and after a run, the difference is what the
 * run cost the tree, programs that started and ended meanwhile included (each is counted in its parent's children
 * once waited for; the server's program launcher waits for all that its programs leave, sandboxes' processes among
 * them).
 */
export async function treeCpuSeconds(root: number): Promise<{ root: number; below: number }> {
  const times = new Map<number, { parent: number; own: number; children: number }>();
  for (const name of await fs.readdir("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const stat = await fs.readFile(`/proc/${name}/stat`, "utf8").catch(() => undefined);
    if (stat) times.set(Number(name), readStat(stat));
  }
  const inTree = (pid: number): boolean => {
    for (let at: number | undefined = pid, hops = 0; at !== undefined && at > 1 && hops < 64; at = times.get(at)?.parent, hops++) if (at === root) return true;
    return false;
  };
  let below = times.get(root)?.children ?? 0;
  for (const [pid, t] of times) if (pid !== root && inTree(pid)) below += t.own + t.children;
  return { root: times.get(root)?.own ?? 0, below };
}

/** Waits until a process tree is idle (under 2 % of a core over half a second), or `maxMs` have passed. */
export async function settled(root: number, maxMs = 30_000): Promise<void> {
  const total = async () => {
    const t = await treeCpuSeconds(root);
    return t.root + t.below;
  };
  const until = Date.now() + maxMs;
  let last = await total();
  while (Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = await total();
    if (now - last < 0.01) return;
    last = now;
  }
}
