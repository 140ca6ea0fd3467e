import fs from "node:fs/promises";
import path from "node:path";

/**
 * Deletes the entries of a folder that are older than the time to live, judged against `now` (which a test may
 * move forward). An entry's age comes from its meta.json where it has one, else from the folder's own times.
 */
export async function sweepFolder(parent: string, ttlMs: number, now: number): Promise<number> {
  let removed = 0;
  const entries = await fs.readdir(parent).catch(() => [] as string[]);
  for (const entry of entries) {
    const full = path.join(parent, entry);
    const created = await createdAt(full);
    if (created !== undefined && now - created > ttlMs) {
      await fs.rm(full, { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}

async function createdAt(dir: string): Promise<number | undefined> {
  try {
    const meta = JSON.parse(await fs.readFile(path.join(dir, "meta.json"), "utf8")) as { createdAt?: unknown };
    if (typeof meta.createdAt === "number") return meta.createdAt;
  } catch {
    // A work folder, a job's uploads, or a result whose metadata was never written: use the folder's time.
  }
  try {
    const stat = await fs.stat(dir);
    return Math.min(stat.mtimeMs, stat.ctimeMs);
  } catch {
    return undefined;
  }
}
