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
