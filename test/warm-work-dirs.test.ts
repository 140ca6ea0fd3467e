import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mupdfChildrenAheadPids } from "../server/engines/mupdf/pool.js";
import { engineSandboxState } from "../server/engines/sandbox.js";
import { WarmWorkDirs, type EngineAhead } from "../server/jobs/warm-work-dirs.js";
import { WorkDirs } from "../server/storage/work-dirs.js";
import { corpus } from "./helpers/corpus.js";
import { running, waitFor } from "./helpers/processes.js";
import { postTool, startServer, type TestServer } from "./helpers/server.js";

/**
 * Job folders prepared with a MuPDF child already started in them: a job that uses MuPDF finds its child waiting,
 * a job that does not leaves folder and child, emptied, to the next, and nothing of one job reaches another.
 */

/** Keeps account of which folders have a child and which of them a task used, as the MuPDF pools do. */
class CountingEngine implements EngineAhead {
  readonly started = new Set<string>();
  readonly used = new Set<string>();
  readonly released: string[] = [];
  prepare(folder: string): boolean {
    this.started.add(folder);
    return true;
  }
  unused(folder: string): boolean {
    return this.started.has(folder) && !this.used.has(folder);
  }
  release(folder: string): void {
    this.released.push(folder);
    this.started.delete(folder);
  }
}

describe("warm job folders", () => {
  let root: string;
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), "pdf-toolbox-warm-dirs-test-"));
  });
  afterAll(async () => fs.rm(root, { recursive: true, force: true }));

  it("hands a folder whose child was not used, emptied, to the next job, and replaces one that was", async () => {
    const workDirs = new WorkDirs(path.join(root, "a"), 3_600_000);
    await workDirs.init();
    const engine = new CountingEngine();
    const folders = new WarmWorkDirs(workDirs, 1, engine);
    // The first job comes before anything is prepared: a plain folder, and one is prepared for the next.
    const first = await folders.take();
    expect(engine.started.has(first)).toBe(false);
    await waitFor(() => engine.started.size === 1, 5000);
    const warm = [...engine.started][0]!;
    await folders.giveBack(first);
    expect(engine.released).toContain(first);

    const second = await folders.take();
    expect(second).toBe(warm);
    await fs.writeFile(path.join(second, "upload.pdf"), "a visitor's file");
    await fs.mkdir(path.join(second, "uploads"));
    await folders.giveBack(second);
    // Not used: the same folder and child again, with nothing of the job before in it.
    const third = await folders.take();
    expect(third).toBe(warm);
    expect(await fs.readdir(third)).toEqual([]);

    engine.used.add(third);
    await folders.giveBack(third);
    // Used: the folder goes with its child, and a fresh one is prepared.
    expect(engine.released).toContain(warm);
    await expect(fs.stat(warm)).rejects.toThrow();
    await waitFor(() => engine.started.size === 1, 5000);
    expect([...engine.started][0]).not.toBe(warm);
    await folders.close();
    expect(engine.started.size).toBe(0);
    expect(await fs.readdir(workDirs.root)).toEqual([]);
  });

  it("does not hand out a folder the sweeper removed while it waited", async () => {
    const workDirs = new WorkDirs(path.join(root, "b"), 3_600_000);
    await workDirs.init();
    const engine = new CountingEngine();
    const folders = new WarmWorkDirs(workDirs, 1, engine);
    await folders.giveBack(await folders.take());
    await waitFor(() => engine.started.size === 1, 5000);
    const warm = [...engine.started][0]!;
    await fs.rm(warm, { recursive: true });
    const next = await folders.take();
    expect(next).not.toBe(warm);
    expect((await fs.stat(next)).isDirectory()).toBe(true);
    expect(engine.released).toContain(warm);
    await folders.giveBack(next);
    await folders.close();
  });
});

describe.runIf(engineSandboxState() === "on")("MuPDF children started ahead, through the API", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ mupdfChildrenAhead: 1 });
  });
  afterAll(async () => server.close());

  it("a job that does not use MuPDF leaves its child to the next; one that does takes it and a new one starts", async () => {
    // The first job prepares the folder ahead.
    expect((await postTool(server, "rotate-pdf", [corpus("multicolumn.pdf")], { angle: "90" })).status).toBe(200);
    expect(await waitFor(() => mupdfChildrenAheadPids().length === 1, 20_000)).toBe(true);
    const [ahead] = mupdfChildrenAheadPids();
    // Rotation is qpdf's: the child waits on for the next job.
    expect((await postTool(server, "rotate-pdf", [corpus("multicolumn.pdf")], { angle: "90" })).status).toBe(200);
    expect(mupdfChildrenAheadPids()).toEqual([ahead]);
    // Text extraction is MuPDF's: it takes the child waiting, which goes with the job; another is started.
    const text = await postTool(server, "pdf-to-text", [corpus("multicolumn.pdf")]);
    expect(text.status).toBe(200);
    expect(await waitFor(async () => !(await running(ahead!)), 5000)).toBe(true);
    expect(await waitFor(() => mupdfChildrenAheadPids().length === 1, 20_000)).toBe(true);
    expect(mupdfChildrenAheadPids()).not.toContain(ahead);
  });
});
