import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { LocalStore } from "../server/storage/local-store.js";
import { startSweeper } from "../server/storage/sweeper.js";
import { WorkDirs } from "../server/storage/work-dirs.js";
import { newId } from "../server/lib/ids.js";
import { movableClock } from "./helpers/clock.js";
import { makeNumberedPdf, writeTemp } from "./helpers/pdf-tools.js";
import { waitFor } from "./helpers/processes.js";
import { postTool, startServer, type TestServer } from "./helpers/server.js";

let server: TestServer | undefined;
afterEach(async () => server?.close());

async function everyFile(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && e.name !== "stats.json").map((e) => path.join(e.parentPath, e.name));
}

describe("expiry", () => {
  it("deletes every upload, work folder and result once the time to live has passed, with the clock moved", async () => {
    const clock = movableClock();
    // No folder prepared ahead of the next job: what is swept below is exactly what visitors left.
    server = await startServer({ mupdfChildrenAhead: 0 }, clock.now);
    const reply = await postTool(server, "split-pdf", [{ name: "a.pdf", data: await makeNumberedPdf(3) }]);
    expect(reply.status).toBe(200);
    const dataDir = server.config.dataDir;
    const results = await everyFile(path.join(dataDir, "files"));
    // The ZIP and each of the three parts (each an input for a next tool), each with its metadata.
    expect(results.length).toBe(8);
    // A finished job leaves neither its uploads nor its work folder behind. The reply goes out once the result is
    // published; the job's folder goes right after it, so it is given a moment (a walk that meets a folder being
    // removed is tried again).
    expect(await everyFile(path.join(dataDir, "inputs"))).toEqual([]);
    const jobsGone = async () => (await everyFile(path.join(dataDir, "jobs")).catch(() => ["still going"])).length === 0;
    expect(await waitFor(jobsGone, 5_000)).toBe(true);
    // What a job cut short by a crash leaves: its kept upload and its work folder.
    await server.store.putInput(newId(), 1, await writeTemp("left.pdf", await makeNumberedPdf(1)));
    const workDir = await server.workDirs.create();
    await fs.writeFile(path.join(workDir, "scratch"), "x");
    expect((await everyFile(dataDir)).length).toBe(10);

    const ttl = server.config.fileTtlMs;
    const sweepAll = async () => (await server!.store.sweep()) + (await server!.workDirs.sweep());
    clock.advance(ttl - 1000);
    expect(await sweepAll()).toBe(0);
    expect((await fetch(`${server.url}${reply.body.downloadUrl}`)).status).toBe(200);

    clock.advance(2000);
    // Past its time a link is refused at once, before any sweep.
    const late = await fetch(`${server.url}${reply.body.downloadUrl}`);
    expect(late.status).toBe(404);
    expect(((await late.json()) as { error: string }).error).toBe(
      "This file does not exist or has expired: files are deleted one hour after upload.",
    );
    expect(await sweepAll()).toBe(6);
    expect(await everyFile(dataDir)).toEqual([]);
  });

  it("sweeps what an earlier run left behind, at start", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "store-"));
    const store = new LocalStore(dir, 3600_000);
    const workDirs = new WorkDirs(path.join(dir, "jobs"), 3600_000);
    await store.init();
    await workDirs.init();
    const leftover = await workDirs.create();
    await fs.writeFile(path.join(leftover, "upload"), "x");
    const old = new Date(Date.now() - 2 * 3600_000);
    await fs.utimes(leftover, old, old);
    const fresh = await workDirs.create();
    const sweeper = startSweeper([store, workDirs], 60_000, () => undefined);
    await sweeper.done;
    sweeper.stop();
    expect(await fs.readdir(workDirs.root)).toEqual([path.basename(fresh)]);
    await fs.rm(dir, { recursive: true });
  });
});
