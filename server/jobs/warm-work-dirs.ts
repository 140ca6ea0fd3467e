import fs from "node:fs/promises";
import path from "node:path";
import type { WorkDirs } from "../storage/work-dirs.js";

/** An engine whose children are bound to one folder each and can be started in a folder ahead of its job. */
export interface EngineAhead {
  /** Starts a child in `folder`; false where this engine does not bind children to folders (nothing started). */
  prepare(folder: string): boolean;
  /** Whether `folder`'s child started ahead is still there and has served no task. */
  unused(folder: string): boolean;
  /** Lets the children of `folder` go. */
  release(folder: string): void;
}

/**
 * Job folders with a MuPDF child already started in them. Starting a child costs a few hundred milliseconds that a
 * job would otherwise wait at its first MuPDF task, and since a child sees only its own folder, the folder is what is
 * prepared ahead: the job that takes it finds its child waiting. A job that never used the child leaves it as clean
 * as it came (it read nothing of the job's), so the folder, emptied, serves the next job with it; a child that worked
 * for a job goes with the job as always, and a fresh folder is prepared in its place. Folders are prepared from the
 * first job on, never for a server that runs none.
 */
export class WarmWorkDirs {
  private readonly ready: string[] = [];
  /** Warm folders a job holds now. */
  private readonly lent = new Set<string>();
  /** Folders prepared or being prepared, ready or lent. */
  private warm = 0;
  private stopped = false;

  constructor(
    private readonly workDirs: WorkDirs,
    private readonly count: number,
    private readonly engine: EngineAhead,
  ) {}

  /** A folder for a job: a warm one when one is ready, else a plain new one. */
  async take(): Promise<string> {
    this.fill();
    for (let dir = this.ready.shift(); dir !== undefined; dir = this.ready.shift()) {
      // A folder that waited past the files' time to live was swept away with the others.
      if (await exists(dir)) {
        this.lent.add(dir);
        return dir;
      }
      this.engine.release(dir);
      this.warm--;
    }
    this.fill();
    return this.workDirs.create();
  }

  /** The job in `dir` ended: its folder is emptied for the next job, or removed with its children. */
  async giveBack(dir: string): Promise<void> {
    const wasWarm = this.lent.delete(dir);
    if (wasWarm && !this.stopped && this.engine.unused(dir)) {
      try {
        await emptyFolder(dir);
        this.ready.push(dir);
        return;
      } catch {
        // A folder that cannot be emptied is not handed to anyone: it goes as any other.
      }
    }
    this.engine.release(dir);
    await this.workDirs.remove(dir);
    if (wasWarm) {
      this.warm--;
      this.fill();
    }
  }

  /** Lets the ready folders and their children go; folders lent to jobs go when the jobs give them back. */
  async close(): Promise<void> {
    this.stopped = true;
    for (const dir of this.ready.splice(0)) {
      this.engine.release(dir);
      await this.workDirs.remove(dir);
    }
  }

  private fill(): void {
    while (!this.stopped && this.warm < this.count) {
      this.warm++;
      void this.prepareOne();
    }
  }

  private async prepareOne(): Promise<void> {
    let dir: string | undefined;
    try {
      dir = await this.workDirs.create();
      if (!this.stopped && this.engine.prepare(dir)) {
        this.ready.push(dir);
        return;
      }
      // An engine that shares its children among jobs needs no folders ahead.
      this.stopped = true;
    } catch {
      // No folder ahead this time: jobs get plain ones.
    }
    this.warm--;
    if (dir !== undefined) {
      this.engine.release(dir);
      await this.workDirs.remove(dir).catch(() => undefined);
    }
  }
}

async function exists(dir: string): Promise<boolean> {
  return fs.stat(dir).then(
    (s) => s.isDirectory(),
    () => false,
  );
}

/** Removes everything in `dir` and marks it as new, so that the sweeper judges it by its next job. */
async function emptyFolder(dir: string): Promise<void> {
  for (const entry of await fs.readdir(dir)) await fs.rm(path.join(dir, entry), { recursive: true, force: true });
  const now = new Date();
  await fs.utimes(dir, now, now);
}
