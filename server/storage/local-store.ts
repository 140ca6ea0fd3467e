import fs from "node:fs/promises";
import path from "node:path";
import { isId, newId } from "../lib/ids.js";
import { isInputKey, type Clock, type FileStore, type StoredFileMeta } from "./store.js";
import { sweepFolder } from "./sweep-folder.js";

/**
 * Files on local disk: a job's uploads under inputs/<job id>/, each result under files/<id>/ with a small metadata
 * file. Nothing here can be listed from outside.
 */
export class LocalStore implements FileStore {
  readonly inputsDir: string;
  readonly filesDir: string;

  constructor(
    readonly dataDir: string,
    private readonly ttlMs: number,
    private readonly clock: Clock = Date.now,
  ) {
    this.inputsDir = path.join(dataDir, "inputs");
    this.filesDir = path.join(dataDir, "files");
  }

  async init(): Promise<void> {
    await fs.mkdir(this.inputsDir, { recursive: true, mode: 0o700 });
    await fs.mkdir(this.filesDir, { recursive: true, mode: 0o700 });
  }

  async putInput(jobId: string, index: number, source: string): Promise<string> {
    const key = `${jobId}/${index}`;
    if (!isInputKey(key)) throw new Error(`bad input key ${key}`);
    await fs.mkdir(path.join(this.inputsDir, jobId), { recursive: true, mode: 0o700 });
    await move(source, path.join(this.inputsDir, key));
    return key;
  }

  async fetchInput(key: string, target: string): Promise<void> {
    if (!isInputKey(key)) throw new Error(`bad input key ${key}`);
    const source = path.join(this.inputsDir, key);
    // A hard link costs nothing and leaves the kept copy for a retry: processors only ever write new files.
    await fs.link(source, target).catch(() => fs.copyFile(source, target));
  }

  async removeInputs(jobId: string): Promise<void> {
    if (!isId(jobId)) return;
    await fs.rm(path.join(this.inputsDir, jobId), { recursive: true, force: true });
  }

  async keep(source: string, name: string, contentType: string): Promise<StoredFileMeta> {
    const id = newId();
    const dir = path.join(this.filesDir, id);
    await fs.mkdir(dir, { mode: 0o700 });
    const target = path.join(dir, "data");
    await move(source, target);
    const { size } = await fs.stat(target);
    const meta: StoredFileMeta = { id, name, contentType, size, createdAt: this.clock() };
    await fs.writeFile(path.join(dir, "meta.json"), JSON.stringify(meta));
    return meta;
  }

  async open(id: string) {
    if (!isId(id)) return undefined;
    const dir = path.join(this.filesDir, id);
    try {
      const meta = JSON.parse(await fs.readFile(path.join(dir, "meta.json"), "utf8")) as StoredFileMeta;
      if (this.clock() - meta.createdAt > this.ttlMs) return undefined;
      const handle = await fs.open(path.join(dir, "data"), "r");
      return { meta, stream: handle.createReadStream() };
    } catch {
      return undefined;
    }
  }

  async sweep(): Promise<number> {
    const now = this.clock();
    return (await sweepFolder(this.inputsDir, this.ttlMs, now)) + (await sweepFolder(this.filesDir, this.ttlMs, now));
  }
}

/** Renames, or copies where the two paths are on different file systems. */
async function move(source: string, target: string): Promise<void> {
  await fs.rename(source, target).catch(async (err: NodeJS.ErrnoException) => {
    if (err.code !== "EXDEV") throw err;
    await fs.copyFile(source, target);
    await fs.rm(source, { force: true });
  });
}

