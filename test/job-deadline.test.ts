import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EngineTimeoutError } from "../server/errors.js";
import { deadlineMs, JobDeadline } from "../server/jobs/job-deadline.js";
import { openPdfInput } from "../server/pdf/pdf-input.js";
import type { ProcessorContext } from "../server/work/types.js";
import { corpus } from "./helpers/corpus.js";
import { writeFlateBomb } from "./helpers/hostile-pdfs.js";
import { startJob, waitForJob } from "./helpers/jobs.js";
import { qpdfCheck } from "./helpers/pdf-tools.js";
import { postTool, startServer, type TestServer } from "./helpers/server.js";

const exec = promisify(execFile);
const TOO_LONG = "This file took too long to process. Please try a smaller file.";
const MB = 1024 * 1024;

/** Programs still running with a path inside `folder` on their command line: a job's engines name its files. */
async function processesUnder(folder: string): Promise<string[]> {
  const { stdout } = await exec("ps", ["-eo", "pid=,args="]);
  return stdout
    .split("\n")
    .filter((line) => line.includes(folder) && !line.includes(" ps -eo"))
    .map((line) => line.trim());
}

describe("the deadline's length", () => {
  const settings = { baseMs: 60_000, perMbMs: 5_000, perPageMs: 2_000, maxMs: 3_600_000 };

  it("is a base plus a share per megabyte and per page, within the cap", () => {
    expect(deadlineMs(settings, 0, 0)).toBe(60_000);
    expect(deadlineMs(settings, 10 * MB, 0)).toBe(110_000);
    expect(deadlineMs(settings, 10 * MB, 500)).toBe(1_110_000);
    expect(deadlineMs(settings, 10 * MB, 5000)).toBe(3_600_000);
  });

  it("grows once the pages are counted, and fires past it with the too-long error", async () => {
    const deadline = new JobDeadline({ baseMs: 150, perMbMs: 0, perPageMs: 100, maxMs: 10_000 }, 0);
    deadline.allowPages(3);
    expect(deadline.allowedMs).toBe(450);
    await new Promise((r) => setTimeout(r, 250));
    // Past the base alone, still inside the time the pages brought.
    expect(deadline.signal.aborted).toBe(false);
    await new Promise((r) => setTimeout(r, 300));
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.expired).toBe(true);
    expect(deadline.explain(new Error("killed"))).toBeInstanceOf(EngineTimeoutError);
    deadline.dispose();
  });

  it("is capped however many pages come", () => {
    const deadline = new JobDeadline({ baseMs: 1000, perMbMs: 0, perPageMs: 1000, maxMs: 5000 }, 0);
    deadline.allowPages(400);
    expect(deadline.allowedMs).toBe(5000);
    deadline.dispose();
  });

  it("a cancellation is a cancellation, not a timeout", () => {
    const outer = new AbortController();
    const deadline = new JobDeadline({ baseMs: 10_000, perMbMs: 0, perPageMs: 0, maxMs: 10_000 }, 0, outer.signal);
    outer.abort();
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.expired).toBe(false);
    const err = new Error("stopped");
    expect(deadline.explain(err)).toBe(err);
    deadline.dispose();
  });

  it("opening a PDF tells the context how many pages it has", async () => {
    const workDir = await fs.mkdtemp(path.join(os.tmpdir(), "deadline-pages-"));
    const allowed: number[] = [];
    const ctx: ProcessorContext = { workDir, timeoutMs: 30_000, maxPages: 5000, progress: () => {}, allowPages: (n) => allowed.push(n) };
    try {
      // Inside the job's folder, the only folder a sandboxed engine sees.
      const input = path.join(workDir, "four.pdf");
      await fs.copyFile(corpus("pdflatex-4-pages.pdf"), input);
      await openPdfInput({ path: input, name: "four.pdf", size: 1, kind: "pdf" }, ctx);
      expect(allowed).toEqual([4]);
    } finally {
      await fs.rm(workDir, { recursive: true, force: true });
    }
  });
});

describe("a job past its deadline", () => {
  let server: TestServer;
  let dir: string;
  let bomb1g: string;
  let bomb4g: string;

  beforeAll(async () => {
    // Two seconds for anything: the page share is what lets ordinary jobs through.
    // No MuPDF child started ahead of a job in the data folder: every engine process there is a job's.
    server = await startServer({ jobDeadline: { baseMs: 2000, perMbMs: 0, perPageMs: 2000, maxMs: 20_000 }, mupdfChildrenAhead: 0 });
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "deadline-"));
    bomb1g = path.join(dir, "bomb-1g.pdf");
    bomb4g = path.join(dir, "bomb-4g.pdf");
    await writeFlateBomb(bomb1g, 1024 * MB);
    await writeFlateBomb(bomb4g, 4096 * MB);
  });
  afterAll(async () => {
    await server.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it("the bomb files are small and really inflate", async () => {
    expect((await fs.stat(bomb4g)).size).toBeLessThan(5 * MB);
    // qpdf reads its structure: one page, the stream declared where it is.
    const { stdout } = await exec("qpdf", ["--show-npages", bomb1g]);
    expect(stdout.trim()).toBe("1");
  });

  it("fails with the sentence through POST /api/process, leaves no engine running, and the next job succeeds", async () => {
    const started = Date.now();
    const reply = await postTool(server, "repair-pdf", [bomb1g]);
    const took = Date.now() - started;
    expect(reply.status).toBe(422);
    expect(reply.body.error).toBe(TOO_LONG);
    // One page: two seconds, plus two for it; a generous margin for a busy machine, far below the bomb's own time.
    expect(took).toBeLessThan(15_000);
    expect(await processesUnder(server.config.dataDir)).toEqual([]);

    const next = await postTool(server, "rotate-pdf", [corpus("pdflatex-4-pages.pdf")], { angle: 90 });
    expect(next.status).toBe(200);
  });

  it("fails with the same sentence through the jobs API", async () => {
    const { status, body } = await startJob(server, "repair-pdf", bomb1g);
    expect(status).toBe(202);
    const ended = await waitForJob(server, body.jobId, (e) => e.state === "failed" || e.state === "succeeded", 30_000);
    expect(ended.state).toBe("failed");
    expect(ended.error).toBe(TOO_LONG);
    expect(await processesUnder(server.config.dataDir)).toEqual([]);
  });

  it("a 4 GB FlateDecode bomb through Repair and Compress: an answer in time, the server's memory bounded", async () => {
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
    try {
      for (const tool of ["repair-pdf", "compress-pdf"]) {
        const started = Date.now();
        const reply = await postTool(server, tool, [bomb4g]);
        expect(Date.now() - started).toBeLessThan(20_000);
        if (reply.status === 200) {
          const out = path.join(dir, `${tool}-out.pdf`);
          await fs.writeFile(out, Buffer.from(await (await fetch(server.url + reply.body.downloadUrl)).arrayBuffer()));
          await qpdfCheck(out);
        } else {
          expect(reply.status).toBeGreaterThanOrEqual(400);
          expect(reply.status).toBeLessThan(500);
          expect(reply.body.error).toMatch(/^[A-Z].*\.$/);
        }
        expect(await processesUnder(server.config.dataDir)).toEqual([]);
      }
    } finally {
      clearInterval(sampler);
    }
    expect(peak).toBeLessThan(1536 * MB);
  });
});
