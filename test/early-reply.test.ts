import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InProcessQueue } from "../server/jobs/in-process-queue.js";
import type { ProcessReply } from "../server/jobs/publish.js";
import type { JobRunner } from "../server/jobs/queue.js";
import type { JobSpec } from "../server/jobs/spec.js";
import { Stats } from "../server/storage/stats.js";
import { makeNumberedPdf, writeTemp } from "./helpers/pdf-tools.js";
import { download, postTool, startServer, type TestServer } from "./helpers/server.js";

const exec = promisify(execFile);

/** A promise settled from outside, to hold a runner at one step. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const spec = (id: string): JobSpec => ({ id, toolId: "rotate-pdf", files: [], extra: {}, options: {} });
const reply = { success: true, downloadUrl: "/api/files/x" } as unknown as ProcessReply;

describe("a job's reply goes out before its folder is tidied", () => {
  it("delivers the published reply while the runner still tidies, and keeps the slot and close() waiting for it", async () => {
    const tidying = deferred();
    let tidied = false;
    const run: JobRunner = async (_spec, { published }) => {
      published?.(reply);
      await tidying.promise;
      tidied = true;
      return reply;
    };
    const queue = new InProcessQueue(1, 5, run);
    const first = await queue.submit(spec("a"));
    expect(await first.done).toBe(reply);
    expect(first.state).toBe("succeeded");
    expect(tidied).toBe(false);
    // The slot is the tidying job's until it has done: a second job waits.
    expect(await queue.counts()).toEqual({ running: 1, waiting: 0 });
    const second = await queue.submit(spec("b"));
    expect(await queue.counts()).toEqual({ running: 1, waiting: 1 });
    let closed = false;
    const closing = queue.close().then(() => (closed = true));
    await second.done.catch(() => undefined);
    await new Promise((r) => setTimeout(r, 20));
    expect(closed).toBe(false);
    tidying.resolve();
    await closing;
    expect(tidied).toBe(true);
  });

  it("answers a failure only once the runner has ended", async () => {
    let ended = false;
    const run: JobRunner = async () => {
      await new Promise((r) => setTimeout(r, 20));
      ended = true;
      throw new Error("broken");
    };
    const queue = new InProcessQueue(1, 5, run);
    const job = await queue.submit(spec("c"));
    await expect(job.done).rejects.toThrow("broken");
    expect(ended).toBe(true);
    await queue.close();
  });
});

describe("through the server", () => {
  let server: TestServer;
  let pdf: string;
  beforeAll(async () => {
    server = await startServer({ rateLimitPerMinute: 0, mupdfChildrenAhead: 0 });
    pdf = await writeTemp("early-reply.pdf", await makeNumberedPdf(2));
  });
  afterAll(async () => server?.close());

  it("leaves no job folder shortly after the reply, and the result is whole", async () => {
    const jobs = path.join(server.config.dataDir, "jobs");
    for (let i = 0; i < 3; i++) {
      const res = await postTool(server, "rotate-pdf", [pdf], { angle: "90" });
      expect(res.status).toBe(200);
      const { path: rotated } = await download(server, res.body.downloadUrl!);
      await exec("qpdf", ["--check", rotated]);
      const { stdout } = await exec("pdfinfo", [rotated]);
      expect(stdout).toMatch(/Page rot:\s+90/);
    }
    const deadline = Date.now() + 2000;
    let left = await fs.readdir(jobs);
    while (left.length > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      left = await fs.readdir(jobs);
    }
    expect(left).toEqual([]);
  });
});

describe("the processed-documents count", () => {
  it("writes the newest figure once the writes under way are done, many counts sharing a write", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "stats-"));
    try {
      const stats = new Stats(dir);
      for (let i = 0; i < 50; i++) stats.recordDocuments(1);
      await stats.saved();
      expect(JSON.parse(await fs.readFile(path.join(dir, "stats.json"), "utf8"))).toEqual({ documentsProcessed: 50 });
      stats.recordDocuments(2);
      await stats.saved();
      const again = new Stats(dir);
      await again.load();
      expect(again.documentsProcessed).toBe(52);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
