import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createJobBoundMupdf, mupdfChildPids, mupdfChildrenAheadPids, releaseMupdfChildren, runMupdf } from "../server/engines/mupdf/pool.js";
import { engineSandboxState, protectFromEngines } from "../server/engines/sandbox.js";
import { ENCRYPTED_PDF, corpus } from "./helpers/corpus.js";
import { postTool, startServer, type TestServer } from "./helpers/server.js";
import { running, waitFor } from "./helpers/processes.js";

/**
 * With the engine sandbox on, MuPDF's children are bound to one job each: they see that job's folder and nothing of
 * the others', two jobs at once get two processes, and a job's end takes its child with it. Two job folders are
 * made under a data folder of this test's own, as the server makes them.
 */

const TIMEOUT_MS = 60_000;
let dataDir: string;
let jobA: string;
let jobB: string;

const extractText = (workDir: string, input: string, output: string) =>
  runMupdf("extractText", { input, output }, { workDir, timeoutMs: TIMEOUT_MS });

describe.runIf(engineSandboxState() === "on")("MuPDF children in the engine sandbox", () => {
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "pdf-toolbox-mupdf-sandbox-test-"));
    await fs.mkdir(path.join(dataDir, "jobs"));
    protectFromEngines(dataDir, path.join(dataDir, "jobs"));
    jobA = await fs.mkdtemp(path.join(dataDir, "jobs", "a-"));
    jobB = await fs.mkdtemp(path.join(dataDir, "jobs", "b-"));
    for (const job of [jobA, jobB]) await fs.copyFile(corpus("multicolumn.pdf"), path.join(job, "in.pdf"));
  });
  afterAll(async () => {
    releaseMupdfChildren(dataDir);
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it("serve each job in a process of its own, which its later tasks reuse", async () => {
    const [a, b] = await Promise.all([
      extractText(jobA, path.join(jobA, "in.pdf"), path.join(jobA, "out.txt")),
      extractText(jobB, path.join(jobB, "in.pdf"), path.join(jobB, "out.txt")),
    ]);
    expect(a.characters).toBeGreaterThan(1000);
    expect(b.characters).toBe(a.characters);
    expect((await fs.readFile(path.join(jobB, "out.txt"), "utf8")).length).toBeGreaterThan(1000);
    const [childA] = mupdfChildPids(jobA);
    const [childB] = mupdfChildPids(jobB);
    expect(childA).toBeDefined();
    expect(childB).toBeDefined();
    expect(childA).not.toBe(childB);

    await extractText(jobA, path.join(jobA, "in.pdf"), path.join(jobA, "again.txt"));
    expect(mupdfChildPids(jobA)).toEqual([childA]);
  });

  it("cannot read a file in another job's folder, nor write one there", async () => {
    // Control: job B's own task reads the same file.
    await expect(extractText(jobB, path.join(jobB, "in.pdf"), path.join(jobB, "own.txt"))).resolves.toMatchObject({ pageCount: 3 });
    await expect(extractText(jobA, path.join(jobB, "in.pdf"), path.join(jobA, "stolen.txt"))).rejects.toThrow();
    await expect(fs.access(path.join(jobA, "stolen.txt"))).rejects.toThrow();
    await expect(extractText(jobA, path.join(jobA, "in.pdf"), path.join(jobB, "planted.txt"))).rejects.toThrow();
    await expect(fs.access(path.join(jobB, "planted.txt"))).rejects.toThrow();
  });

  it("lets a job's children go when the job ends, and no other job's", async () => {
    await extractText(jobA, path.join(jobA, "in.pdf"), path.join(jobA, "out.txt"));
    await extractText(jobB, path.join(jobB, "in.pdf"), path.join(jobB, "out.txt"));
    const [childA] = mupdfChildPids(jobA);
    const [childB] = mupdfChildPids(jobB);
    releaseMupdfChildren(jobA);
    expect(await waitFor(async () => !(await running(childA!)), 5000)).toBe(true);
    expect(await running(childB!)).toBe(true);
    expect(mupdfChildPids(jobA)).toEqual([]);
  });

  it("with one child for all, a job's idle child gives way to another job's task, and concurrent jobs take turns", async () => {
    const pools = createJobBoundMupdf({ size: 1 });
    const run = (job: string, name: string) =>
      pools.run(job, "extractText", { input: path.join(job, "in.pdf"), output: path.join(job, name) }, { timeoutMs: TIMEOUT_MS });
    try {
      await run(jobA, "one.txt");
      const [childA] = pools.idlePids(jobA);
      expect(childA).toBeDefined();
      await run(jobB, "one.txt");
      expect(await waitFor(async () => !(await running(childA!)), 5000)).toBe(true);
      expect(pools.idlePids(jobA)).toEqual([]);
      expect(pools.idlePids(jobB)).toHaveLength(1);
      const results = await Promise.all([run(jobA, "two.txt"), run(jobB, "two.txt"), run(jobA, "three.txt")]);
      expect(results.map((r) => (r as { pageCount: number }).pageCount)).toEqual([3, 3, 3]);
      expect(pools.idlePids()).toHaveLength(1);
    } finally {
      pools.close();
    }
  });

  it("started before a job's first task, a child serves it, takes a free place only, and goes with the job unused", async () => {
    const pools = createJobBoundMupdf({ size: 1 });
    const run = (job: string, name: string) =>
      pools.run(job, "extractText", { input: path.join(job, "in.pdf"), output: path.join(job, name) }, { timeoutMs: TIMEOUT_MS });
    try {
      pools.startEarly(jobA);
      const [early] = pools.idlePids(jobA);
      expect(early).toBeDefined();
      await run(jobA, "one.txt");
      expect(pools.idlePids(jobA)).toEqual([early]);
      // The one place is held by job A's idle child: job B's early start waits for its task, and takes nothing back.
      pools.startEarly(jobB);
      expect(pools.idlePids(jobB)).toEqual([]);
      expect(await running(early!)).toBe(true);
      pools.release(jobA);
      expect(await waitFor(async () => !(await running(early!)), 5000)).toBe(true);
      // Started and never used: the job's end takes it all the same.
      pools.startEarly(jobB);
      const [unused] = pools.idlePids(jobB);
      expect(unused).toBeDefined();
      pools.release(jobB);
      expect(await waitFor(async () => !(await running(unused!)), 5000)).toBe(true);
      expect(pools.idlePids()).toEqual([]);
    } finally {
      pools.close();
    }
  });
});

describe.runIf(engineSandboxState() === "on")("compress jobs through the API, with no folder prepared ahead", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ mupdfChildrenAhead: 0 });
  });
  afterAll(async () => server.close());

  it("leave no MuPDF child behind, whether they compressed or refused the file", async () => {
    const before = new Set(mupdfChildPids());
    const left = () => mupdfChildPids().filter((pid) => !before.has(pid));
    const done = await postTool(server, "compress-pdf", [corpus("imagemagick-images.pdf")]);
    expect(done.status).toBe(200);
    const refused = await postTool(server, "compress-pdf", [corpus(ENCRYPTED_PDF)]);
    expect([refused.status, refused.body.error]).toEqual([422, expect.stringMatching(/password-protected/)]);
    await waitFor(() => left().length === 0, 5000);
    expect(left()).toEqual([]);
    expect(mupdfChildrenAheadPids()).toEqual([]);
  });
});

describe.runIf(engineSandboxState() === "on")("a job through the API", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server.close());

  it("leaves no MuPDF child behind once it ended", async () => {
    const before = new Set(mupdfChildPids());
    const reply = await postTool(server, "pdf-to-text", [corpus("multicolumn.pdf")]);
    expect(reply.status).toBe(200);
    // The job lets its child go as it ends, which may be a moment after the reply has left.
    const left = () => mupdfChildPids().filter((pid) => !before.has(pid));
    await waitFor(() => left().length === 0, 5000);
    expect(left()).toEqual([]);
  });
});
