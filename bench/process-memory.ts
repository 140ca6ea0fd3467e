import fs from "node:fs/promises";

/** Peak resident memory (VmHWM) of a process, in MB. */
export async function peakRssMb(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, "utf8");
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

export async function currentRssMb(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

/** Resets a process's peak (VmHWM) to its current size, so that the next peak read belongs to what follows. */
export async function resetPeak(pid: number): Promise<void> {
  await fs.writeFile(`/proc/${pid}/clear_refs`, "5");
}
