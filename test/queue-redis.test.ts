import fs from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WORKER_LOST } from "../server/jobs/job-failure.js";
import { jobSnapshot, readEvents, startJob, waitForJob } from "./helpers/jobs.js";
import { makeNumberedPdf, pageCountOf, qpdfCheck, rotationsOf, writeTemp } from "./helpers/pdf-tools.js";
import { startRedis } from "./helpers/redis-server.js";
import { download, runTool, startServer, type TestServer } from "./helpers/server.js";
import { startWorkerProcess, type WorkerProcess } from "./helpers/worker-process.js";
import { readZip } from "./helpers/zip.js";

/**
 * Jobs over BullMQ with a real redis-server: the API server only queues; separate worker processes (server/worker.ts,
 * as `npm run worker` starts it) run the jobs. Uploads and results are in a data folder the processes share.
 */

let redis: Awaited<ReturnType<typeof startRedis>>;
let server: TestServer;
const workers: WorkerProcess[] = [];
let longPdf: string;
let slowPdf: string;

/** A worker holds a job for 2 s without renewal: one that died is noticed within seconds, not a minute. */
const LOCK_SECONDS = "2";

async function startWorker(): Promise<WorkerProcess> {
  const worker = await startWorkerProcess({
    REDIS_URL: redis.url,
    DATA_DIR: server.config.dataDir,
    JOB_CONCURRENCY: "1",
    JOB_LOCK_SECONDS: LOCK_SECONDS,
  });
  workers.push(worker);
  return worker;
}

/** The worker whose log says it started this job (try `attempt`). */
async function workerRunning(jobId: string, attempt: number, timeoutMs = 30_000): Promise<WorkerProcess> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = workers.find((w) => w.output().includes(`job ${jobId} started (try ${attempt})`));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no worker started job ${jobId} (try ${attempt})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const alive = () => workers.filter((w) => w.alive());

beforeAll(async () => {
  redis = await startRedis();
  server = await startServer({ redisUrl: redis.url, queueLimit: 1 });
  await Promise.all([startWorker(), startWorker()]);
  longPdf = await writeTemp("long.pdf", await makeNumberedPdf(300));
  slowPdf = await writeTemp("slow.pdf", await makeNumberedPdf(60));
}, 120_000);

afterAll(async () => {
  await Promise.all(workers.map((w) => w.kill()));
  await server?.close();
  await redis?.stop();
});

describe("jobs on BullMQ workers", () => {
  it("runs /api/process on a worker and serves the result", async () => {
    const { path, reply } = await runTool(server, "rotate-pdf", [{ name: "a.pdf", data: await makeNumberedPdf(3) }], { angle: 90 });
    expect(reply.filename).toBe("a-rotated.pdf");
    await qpdfCheck(path);
    expect(await rotationsOf(path)).toEqual([90, 90, 90]);
    expect(workers.some((w) => w.output().includes(" done"))).toBe(true);
  });

  it("streams a worker's real progress through the jobs API and ends with the result", async () => {
    const started = await startJob(server, "extract-text", longPdf);
    expect(started.status).toBe(202);
    const events = await readEvents(server, started.body.jobId);
    const last = events.at(-1)!;
    expect(last.state).toBe("succeeded");
    expect(events.filter((e) => e.progress > 0 && e.progress < 1).length).toBeGreaterThan(3);
    const progress = events.map((e) => e.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const { path } = await download(server, last.result!.downloadUrl);
    expect(await fs.readFile(path, "utf8")).toContain("Sample page 300 of 300");
    expect(workers.some((w) => w.output().includes(`job ${started.body.jobId} done`))).toBe(true);
  });

  it("reports a visitor's mistake found by the worker with its sentence, without retrying it", async () => {
    const started = await startJob(server, "delete-pages", longPdf, { pages: "1-300" });
    const last = (await readEvents(server, started.body.jobId)).at(-1)!;
    expect(last).toMatchObject({ state: "failed", error: "You cannot delete every page: at least one page must remain." });
    expect(workers.some((w) => w.output().includes(`job ${started.body.jobId} started (try 2)`))).toBe(false);
  });

  it("cancels a running job on its worker, which goes on to the next job", async () => {
    const started = await startJob(server, "pdf-to-png", longPdf, { imageResolution: "150" });
    await waitForJob(server, started.body.jobId, (e) => e.progress > 0);
    const since = Date.now();
    expect((await fetch(`${server.url}/api/jobs/${started.body.jobId}`, { method: "DELETE" })).status).toBe(200);
    const last = (await readEvents(server, started.body.jobId)).at(-1)!;
    expect(last).toMatchObject({ state: "cancelled", error: "The job was cancelled." });
    expect(Date.now() - since).toBeLessThan(5000);
    const { path } = await runTool(server, "rotate-pdf", [{ name: "b.pdf", data: await makeNumberedPdf(2) }]);
    expect(await pageCountOf(path)).toBe(2);
  });

  it("lets any API server on the same queue follow, fetch and cancel a job another one accepted", async () => {
    // A second API server, as behind a load balancer without sticky sessions: same Redis, same storage.
    const other = await startServer({ redisUrl: redis.url, queueLimit: 1, dataDir: server.config.dataDir });
    try {
      const started = await startJob(server, "extract-text", longPdf);
      const events = await readEvents(other, started.body.jobId);
      expect(events.at(-1)!.state).toBe("succeeded");
      expect(events.filter((e) => e.progress > 0 && e.progress < 1).length).toBeGreaterThan(1);
      const result = events.at(-1)!.result!;
      expect(result.filename).toBe("long.txt");
      const file = await download(other, result.downloadUrl);
      expect((await fs.readFile(file.path, "utf8")).split("\f").length).toBeGreaterThanOrEqual(300);
      // A third server's first question about the finished job gets the outcome at once.
      const third = await startServer({ redisUrl: redis.url, queueLimit: 1, dataDir: server.config.dataDir });
      try {
        expect(await jobSnapshot(third, started.body.jobId)).toMatchObject({ state: "succeeded", result: { filename: "long.txt" } });
        expect((await fetch(`${third.url}/api/jobs/no-such-job-id-0000000000`)).status).toBe(404);
      } finally {
        await third.close();
      }

      const slow = await startJob(server, "pdf-to-png", longPdf, { imageResolution: "150" });
      await waitForJob(other, slow.body.jobId, (e) => e.progress > 0);
      expect((await fetch(`${other.url}/api/jobs/${slow.body.jobId}`, { method: "DELETE" })).status).toBe(200);
      expect((await readEvents(server, slow.body.jobId)).at(-1)).toMatchObject({ state: "cancelled" });
    } finally {
      await other.close();
    }
  });

  it("counts an address's requests across API servers for the rate limit", async () => {
    const [a, b] = await Promise.all([
      startServer({ redisUrl: redis.url, rateLimitPerMinute: 3, trustProxy: true, dataDir: server.config.dataDir }),
      startServer({ redisUrl: redis.url, rateLimitPerMinute: 3, trustProxy: true, dataDir: server.config.dataDir }),
    ]);
    // An address of its own (believed from the proxy header), so that the other tests' requests do not count.
    const address = `203.0.113.${1 + (Date.now() % 250)}`;
    try {
      // The windows are whole minutes: keep the four requests inside one.
      const intoMinute = Date.now() % 60_000;
      if (intoMinute > 55_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 100));
      const post = (on: TestServer) => fetch(`${on.url}/api/process/no-such-tool`, { method: "POST", headers: { "x-forwarded-for": address } });
      expect([(await post(a)).status, (await post(b)).status, (await post(a)).status]).toEqual([404, 404, 404]);
      const limited = await post(b);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(((await limited.json()) as { error: string }).error).toMatch(/^Too many requests from your address/);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it("retries a job whose worker is killed mid-job on another worker, and it succeeds", async () => {
    const started = await startJob(server, "pdf-to-png", slowPdf, { imageResolution: "150" });
    const jobId = started.body.jobId;
    await waitForJob(server, jobId, (e) => e.progress > 0);
    const first = await workerRunning(jobId, 1);
    const killedAt = Date.now();
    await first.kill();
    // The killed worker's replacement starts meanwhile: the retry may land on it or on the other one, another
    // worker either way.
    const [last] = await Promise.all([waitForJob(server, jobId, (e) => e.state === "succeeded" || e.state === "failed", 90_000), startWorker()]);
    console.log(`killed worker: job ended ${last.state} ${((Date.now() - killedAt) / 1000).toFixed(1)} s later`);
    expect(last.state).toBe("succeeded");
    expect(await workerRunning(jobId, 2)).not.toBe(first);
    const { path } = await download(server, last.result!.downloadUrl);
    expect([...(await readZip(path)).keys()].filter((name) => name.endsWith(".png")).length).toBe(60);
  });

  it("fails a job whose workers keep dying with a sentence, never leaving it stuck", async () => {
    const started = await startJob(server, "pdf-to-png", slowPdf, { imageResolution: "150" });
    const jobId = started.body.jobId;
    const since = Date.now();
    await (await workerRunning(jobId, 1)).kill();
    await (await workerRunning(jobId, 2)).kill();
    // A fresh worker notices the second stall and fails the job: its first try was the last one allowed. The two the
    // next test wants start together; either may be the one that notices.
    await Promise.all([startWorker(), startWorker()]);
    const last = await waitForJob(server, jobId, (e) => e.state === "failed" || e.state === "succeeded", 90_000);
    console.log(`killed twice: job ended ${last.state} ${((Date.now() - since) / 1000).toFixed(1)} s after it started`);
    expect(last).toMatchObject({ state: "failed", error: WORKER_LOST });
    const res = await fetch(`${server.url}/api/jobs/${jobId}`);
    expect(((await res.json()) as { error: string }).error).toBe(WORKER_LOST);
    while (alive().length < 2) await startWorker();
  });

  it("answers 429 with Retry-After when jobs wait beyond QUEUE_LIMIT across the workers", async () => {
    expect(alive().length).toBe(2);
    const slow = () => startJob(server, "pdf-to-png", longPdf, { imageResolution: "150" });
    // One at a time: with QUEUE_LIMIT 1, a second job sent before a worker (perhaps just started) has taken the
    // first would itself be refused.
    const busy = [];
    for (let i = 0; i < 2; i++) {
      const job = await slow();
      expect(job.status).toBe(202);
      await waitForJob(server, job.body.jobId, (e) => e.state === "running");
      busy.push(job);
    }
    const waiting = await slow();
    expect(waiting.status).toBe(202);
    const refused = await slow();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(refused.body.error).toBe("The server is busy right now. Please try again in a moment.");
    // A waiting job cancelled is removed from Redis at once, which frees its place.
    await fetch(`${server.url}/api/jobs/${waiting.body.jobId}`, { method: "DELETE" });
    expect((await jobSnapshot(server, waiting.body.jobId)).state).toBe("cancelled");
    const health = (await (await fetch(`${server.url}/api/health`)).json()) as { jobs: { running: number; waiting: number } };
    expect(health.jobs).toEqual({ running: 2, waiting: 0 });
    for (const job of busy) await fetch(`${server.url}/api/jobs/${job.body.jobId}`, { method: "DELETE" });
    await Promise.all(busy.map((job) => waitForJob(server, job.body.jobId, (e) => e.state === "cancelled")));
  });
});
