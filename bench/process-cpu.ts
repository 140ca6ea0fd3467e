import fs from "node:fs/promises";

/** Clock ticks per second of /proc's times: 100 on every Linux this runs on (getconf CLK_TCK). */
const TICKS = 100;

/**
 * CPU seconds (user and system) a process has used itself, and those of its children it has waited for: what a
 * run cost the machine, which a wall clock on a busy shared machine does not tell.
 */
export async function cpuSeconds(pid: number | "self"): Promise<{ own: number; children: number }> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces) in its parentheses: utime is the 14th field overall.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number) as [number, number, number, number];
  return { own: (utime + stime) / TICKS, children: (cutime + cstime) / TICKS };
}

/** The CPU seconds of several processes together, with their children; one that has gone counts as nothing. */
export async function totalCpuSeconds(pids: readonly number[]): Promise<number> {
  const each = await Promise.all(pids.map((pid) => cpuSeconds(pid).then((t) => t.own + t.children, () => 0)));
  return each.reduce((sum, s) => sum + s, 0);
}
