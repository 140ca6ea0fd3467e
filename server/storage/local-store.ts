import type { ReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { isId, newId } from "../lib/ids.js";

/**
 * Files on local disk. Each job gets a work folder of its own (its uploads and scratch files); each result is kept
 * under an unguessable id with a small metadata file. Nothing here can be listed from outside.
 */

export interface StoredFileMeta {
  id: string;
  name: string;
  contentType: string;
  size: number;
  createdAt: number;
}

export class LocalStore {
  readonly jobsDir: string;
  readonly filesDir: string;

  constructor(readonly dataDir: string) {
    this.jobsDir = path.join(dataDir, "jobs");
    this.filesDir = path.join(dataDir, "files");
  }

  async init(): Promise<void> {
    await fs.mkdir(this.jobsDir, { recursive: true, mode: 0o700 });
    await fs.mkdir(this.filesDir, { recursive: true, mode: 0o700 });
  }

  /** A fresh, private folder for one job. */
  async createWorkDir(): Promise<string> {
    const dir = path.join(this.jobsDir, newId());
    await fs.mkdir(dir, { mode: 0o700 });
    return dir;
  }

  async removeWorkDir(dir: string): Promise<void> {
    if (path.dirname(dir) !== this.jobsDir) throw new Error(`refusing to remove ${dir}`);
    await fs.rm(dir, { recursive: true, force: true });
  }

  /** Moves a finished file into the store and returns its id. */
  async keep(source: string, name: string, contentType: string, now = Date.now()): Promise<StoredFileMeta> {
    const id = newId();
    const dir = path.join(this.filesDir, id);
    await fs.mkdir(dir, { mode: 0o700 });
    const target = path.join(dir, "data");
    await fs.rename(source, target).catch(async (err: NodeJS.ErrnoException) => {
      if (err.code !== "EXDEV") throw err;
      await fs.copyFile(source, target);
      await fs.rm(source, { force: true });
    });
    const { size } = await fs.stat(target);
    const meta: StoredFileMeta = { id, name, contentType, size, createdAt: now };
    await fs.writeFile(path.join(dir, "meta.json"), JSON.stringify(meta));
    return meta;
  }

  /** A stored file that has not expired, or undefined. */
  async open(id: string, ttlMs: number, now = Date.now()): Promise<{ meta: StoredFileMeta; stream: ReadStream } | undefined> {
    if (!isId(id)) return undefined;
    const dir = path.join(this.filesDir, id);
    try {
      const meta = JSON.parse(await fs.readFile(path.join(dir, "meta.json"), "utf8")) as StoredFileMeta;
      if (now - meta.createdAt > ttlMs) return undefined;
      const handle = await fs.open(path.join(dir, "data"), "r");
      return { meta, stream: handle.createReadStream() };
    } catch {
      return undefined;
    }
  }

  /** Deletes every job folder and stored file older than the time to live. Returns how many went. */
  async sweep(ttlMs: number, now = Date.now()): Promise<number> {
    let removed = 0;
    for (const parent of [this.jobsDir, this.filesDir]) {
      const entries = await fs.readdir(parent).catch(() => [] as string[]);
      for (const entry of entries) {
        const full = path.join(parent, entry);
        const created = await createdAt(full);
        if (created !== undefined && now - created > ttlMs) {
          await fs.rm(full, { recursive: true, force: true });
          removed++;
        }
      }
    }
    return removed;
  }
}

/** When a stored entry was made: from its metadata where it has some, else from the folder's change time. */
async function createdAt(dir: string): Promise<number | undefined> {
  try {
    const meta = JSON.parse(await fs.readFile(path.join(dir, "meta.json"), "utf8")) as StoredFileMeta;
    if (typeof meta.createdAt === "number") return meta.createdAt;
  } catch {
    // A work folder, or a result whose metadata was never written: fall back to the folder's time.
  }
  try {
    const stat = await fs.stat(dir);
    return Math.min(stat.mtimeMs, stat.ctimeMs);
  } catch {
    return undefined;
  }
}
