import fs from "node:fs/promises";
import path from "node:path";
import { newId } from "../lib/ids.js";
import type { Clock } from "./store.js";
import { sweepFolder } from "./sweep-folder.js";

/**
 * Private scratch folders on the local disk of whichever process uses them: the API server receives uploads in one,
 * a job runs in another. A folder is removed when its use ends; the sweeper removes what a crash left behind.
 */
export class WorkDirs {
  constructor(
    readonly root: string,
    private readonly ttlMs: number,
    private readonly clock: Clock = Date.now,
  ) {}

  async init(): Promise<void> {
    await fs.mkdir(this.root, { recursive: true, mode: 0o700 });
  }

  async create(): Promise<string> {
    const dir = path.join(this.root, newId());
    await fs.mkdir(dir, { mode: 0o700 });
    return dir;
  }

  async remove(dir: string): Promise<void> {
    if (path.dirname(dir) !== this.root) throw new Error(`refusing to remove ${dir}`);
    await fs.rm(dir, { recursive: true, force: true });
  }

  sweep(): Promise<number> {
    return sweepFolder(this.root, this.ttlMs, this.clock());
  }
}
