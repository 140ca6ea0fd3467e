import fs from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeNumberedPdf, writeTemp } from "./helpers/pdf-tools.js";
import { download, startServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
let bigPdf: string;
beforeAll(async () => {
  server = await startServer();
  bigPdf = await writeTemp("long.pdf", await makeNumberedPdf(300));
});
afterAll(async () => server.close());

async function startJob(tool: string, file: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.append("files", new Blob([await fs.readFile(file)]), "long.pdf");
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await fetch(`${server.url}/api/jobs/${tool}`, { method: "POST", body: form });
  return { status: res.status, body: (await res.json()) as { success: boolean; jobId: string; error?: string } };
}

/** Reads a server-sent event stream to its end and returns the parsed events. */
async function readEvents(jobId: string): Promise<Array<{ state: string; progress: number; result?: { downloadUrl: string }; error?: string }>> {
  const res = await fetch(`${server.url}/api/jobs/${jobId}/events`);
  expect(res.headers.get("content-type")).toContain("text/event-stream");
  const text = await res.text();
  return text
    .split("\n\n")
    .filter((chunk) => chunk.startsWith("data: "))
    .map((chunk) => JSON.parse(chunk.slice(6)));
}

describe("jobs API", () => {
  it("answers a job id at once, streams real progress, and ends with the result", async () => {
    const started = await startJob("extract-text", bigPdf);
    expect(started.status).toBe(202);
    expect(started.body.jobId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const events = await readEvents(started.body.jobId);
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
    const started = await startJob("delete-pages", bigPdf, { pages: "1-300" });
    expect(started.status).toBe(202);
    const last = (await readEvents(started.body.jobId)).at(-1)!;
    expect(last).toMatchObject({ state: "failed", error: "You cannot delete every page: at least one page must remain." });
  });

  it("validates before accepting: a bad option is a 400, not a job", async () => {
    const started = await startJob("rotate-pdf", bigPdf, { angle: "45" });
    expect(started.status).toBe(400);
    expect(started.body.error).toBe('"angle" must be one of: 90, 180, 270.');
  });

  it("cancels a job", async () => {
    const started = await startJob("extract-text", bigPdf);
    const cancel = await fetch(`${server.url}/api/jobs/${started.body.jobId}`, { method: "DELETE" });
    expect(cancel.status).toBe(200);
    const last = (await readEvents(started.body.jobId)).at(-1)!;
    expect(last.state).toBe("cancelled");
    expect(last.error).toBe("The job was cancelled.");
  });

  it("answers 429 with Retry-After when the backlog is full, and takes jobs again once it drains", async () => {
    const narrow = await startServer({ jobConcurrency: 1, queueLimit: 1 });
    try {
      const post = async () => {
        const form = new FormData();
        form.append("files", new Blob([await fs.readFile(bigPdf)]), "long.pdf");
        // 300 pages to PNG at 300 dpi: long enough to keep the one slot busy while the test looks.
        form.append("imageResolution", "300");
        return fetch(`${narrow.url}/api/jobs/pdf-to-png`, { method: "POST", body: form });
      };
      const running = (await (await post()).json()) as { jobId: string };
      const waiting = (await (await post()).json()) as { jobId: string };
      const refused = await post();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(await refused.json()).toEqual({ success: false, error: "The server is busy right now. Please try again in a moment." });
      const health = (await (await fetch(`${narrow.url}/api/health`)).json()) as { jobs: { running: number; waiting: number } };
      expect(health.jobs).toEqual({ running: 1, waiting: 1 });

      // Cancelling the waiting job frees its place at once.
      await fetch(`${narrow.url}/api/jobs/${waiting.jobId}`, { method: "DELETE" });
      const snapshot = (await (await fetch(`${narrow.url}/api/jobs/${waiting.jobId}`)).json()) as { state: string };
      expect(snapshot.state).toBe("cancelled");
      const accepted = await post();
      expect(accepted.status).toBe(202);
      await fetch(`${narrow.url}/api/jobs/${running.jobId}`, { method: "DELETE" });
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
    expect(before.tools).toBe(26);
    const started = await startJob("rotate-pdf", bigPdf);
    await readEvents(started.body.jobId);
    const after = (await (await fetch(`${server.url}/api/stats`)).json()) as { documentsProcessed: number };
    expect(after.documentsProcessed).toBe(before.documentsProcessed + 1);
  });
});
