import fs from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeNumberedPdf, writeTemp } from "./helpers/pdf-tools.js";
import { jobSnapshot, readEvents, startJob } from "./helpers/jobs.js";
import { loadConfig } from "../server/config.js";
import { download, postTool, startServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
let bigPdf: string;
beforeAll(async () => {
  server = await startServer();
  bigPdf = await writeTemp("long.pdf", await makeNumberedPdf(300));
});
afterAll(async () => server.close());

describe("jobs API", () => {
  it("answers a job id at once, streams real progress, and ends with the result", async () => {
    const started = await startJob(server, "extract-text", bigPdf);
    expect(started.status).toBe(202);
    expect(started.body.jobId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const events = await readEvents(server, started.body.jobId);
    const last = events.at(-1)!;
    expect(last.state).toBe("succeeded");
    expect(last.progress).toBe(1);
    // Text extraction reports progress every ten pages: a 300-page file shows intermediate steps.
    const intermediate = events.filter((e) => e.progress > 0 && e.progress < 1);
    expect(intermediate.length).toBeGreaterThan(3);
    const progress = events.map((e) => e.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const { path } = await download(server, last.result!.downloadUrl);
    expect(await fs.readFile(path, "utf8")).toContain("Sample page 300 of 300");

    const polled = await (await fetch(`${server.url}/api/jobs/${started.body.jobId}`)).json();
    expect(polled).toMatchObject({ state: "succeeded", progress: 1, result: { filename: "long.txt" } });
  });

  it("reports a failed job's sentence", async () => {
    const started = await startJob(server, "delete-pages", bigPdf, { pages: "1-300" });
    expect(started.status).toBe(202);
    const last = (await readEvents(server, started.body.jobId)).at(-1)!;
    expect(last).toMatchObject({ state: "failed", error: "You cannot delete every page: at least one page must remain." });
  });

  it("validates before accepting: a bad option is a 400, not a job", async () => {
    const started = await startJob(server, "rotate-pdf", bigPdf, { angle: "45" });
    expect(started.status).toBe(400);
    expect(started.body.error).toBe('"angle" must be one of: 90, 180, 270.');
  });

  it("cancels a job", async () => {
    const started = await startJob(server, "extract-text", bigPdf);
    const cancel = await fetch(`${server.url}/api/jobs/${started.body.jobId}`, { method: "DELETE" });
    expect(cancel.status).toBe(200);
    const last = (await readEvents(server, started.body.jobId)).at(-1)!;
    expect(last.state).toBe("cancelled");
    expect(last.error).toBe("The job was cancelled.");
  });

  it("answers 429 with Retry-After when the backlog is full, and takes jobs again once it drains", async () => {
    const narrow = await startServer({ jobConcurrency: 1, queueLimit: 1 });
    try {
      // 300 pages to PNG at 150 dpi (at 300 dpi they pass the pixel limit and are refused at once): long enough to
      // keep the one slot busy while the test looks.
      const slow = () => startJob(narrow, "pdf-to-png", bigPdf, { imageResolution: "150" });
      const running = await slow();
      const waiting = await slow();
      expect([running.status, waiting.status]).toEqual([202, 202]);
      const refused = await slow();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(refused.body).toEqual({ success: false, error: "The server is busy right now. Please try again in a moment." });
      const health = (await (await fetch(`${narrow.url}/api/health`)).json()) as { jobs: { running: number; waiting: number } };
      expect(health.jobs).toEqual({ running: 1, waiting: 1 });

      // Cancelling the waiting job frees its place at once.
      await fetch(`${narrow.url}/api/jobs/${waiting.body.jobId}`, { method: "DELETE" });
      expect((await jobSnapshot(narrow, waiting.body.jobId)).state).toBe("cancelled");
      expect((await slow()).status).toBe(202);
      await fetch(`${narrow.url}/api/jobs/${running.body.jobId}`, { method: "DELETE" });
    } finally {
      await narrow.close();
    }
  });

  it("404s for unknown jobs", async () => {
    expect((await fetch(`${server.url}/api/jobs/nope`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/jobs/nope/events`)).status).toBe(404);
  });

  it("counts processed documents for the home page's statistics", async () => {
    const before = (await (await fetch(`${server.url}/api/stats`)).json()) as { documentsProcessed: number; tools: number };
    // The spec's 26 and the ten added since, as the home grid lists them.
    expect(before.tools).toBe(36);
    const started = await startJob(server, "rotate-pdf", bigPdf);
    await readEvents(server, started.body.jobId);
    const after = (await (await fetch(`${server.url}/api/stats`)).json()) as { documentsProcessed: number };
    expect(after.documentsProcessed).toBe(before.documentsProcessed + 1);
  });
});

describe("per-engine time limits", () => {
  it("reads ENGINE_TIMEOUT_<ENGINE>_SECONDS for each engine", () => {
    const config = loadConfig({ ENGINE_TIMEOUT_QPDF_SECONDS: "20", ENGINE_TIMEOUT_LIBREOFFICE_DAEMON_SECONDS: "600" });
    expect(config.engineTimeLimitsMs).toEqual({ qpdf: 20_000, "libreoffice-daemon": 600_000 });
  });

  it("stops a run of the limited engine with the timeout sentence, while other engines keep the general limit", async () => {
    const limited = await startServer({ engineTimeLimitsMs: { mupdf: 1 } });
    try {
      const extracted = await postTool(limited, "extract-text", [bigPdf]);
      expect(extracted.status).toBe(422);
      expect(extracted.body.error).toBe("This file took too long to process. Please try a smaller file.");
      // Rotation is qpdf's work, which the MuPDF limit does not touch.
      expect((await postTool(limited, "rotate-pdf", [bigPdf])).status).toBe(200);
    } finally {
      await limited.close();
    }
    // Limits belong to the server that set them: the next one starts with none.
    const unlimited = await startServer();
    try {
      expect((await postTool(unlimited, "extract-text", [bigPdf])).status).toBe(200);
    } finally {
      await unlimited.close();
    }
  });
});
