import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../server/lib/ids.js";
import type { S3Settings } from "../server/storage/s3-store.js";
import { movableClock } from "./helpers/clock.js";
import { readEvents, startJob } from "./helpers/jobs.js";
import { makeNumberedPdf, pageTexts, qpdfCheck, rotationsOf, writeTemp } from "./helpers/pdf-tools.js";
import { startRedis } from "./helpers/redis-server.js";
import { download, postTool, runTool, startServer, type TestServer } from "./helpers/server.js";
import { startWorkerProcess, type WorkerProcess } from "./helpers/worker-process.js";

/**
 * Uploads and results in S3-compatible object storage: s3rver runs in this process and speaks the S3 HTTP protocol
 * to the real AWS SDK. The API server is configured as with the S3_* variables.
 */

const BUCKET = "pdf-toolbox-test";
let s3server: S3rver;
let s3dir: string;
let settings: S3Settings;
let client: S3Client;
let server: TestServer;
const clock = movableClock();
/** When the server was up: every object and folder the tests make is younger than that. */
let startedAt: number;

async function objectKeys(): Promise<string[]> {
  const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (page.Contents ?? []).map((o) => o.Key!).sort();
}

/** Files under the server's data folder: with S3 configured only scratch folders may ever appear there. */
async function localFiles(): Promise<string[]> {
  const entries = await fs.readdir(server.config.dataDir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && e.name !== "stats.json").map((e) => path.join(e.parentPath, e.name));
}

beforeAll(async () => {
  s3dir = await fs.mkdtemp(path.join(os.tmpdir(), "pdf-toolbox-s3-"));
  s3server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: s3dir, configureBuckets: [{ name: BUCKET }] });
  const { port } = await s3server.run();
  settings = {
    bucket: BUCKET,
    endpoint: `http://127.0.0.1:${port}`,
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
  };
  client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
  // No job folder prepared ahead: every local folder the expiry test sweeps is one a job left.
  server = await startServer({ s3: settings, mupdfChildrenAhead: 0 }, clock.now);
  startedAt = clock.now();
});

afterAll(async () => {
  await server?.close();
  await s3server?.close();
  await fs.rm(s3dir, { recursive: true, force: true });
});

describe("S3 storage", () => {
  it("processes uploads kept in S3 and streams the result from S3 with the usual headers", async () => {
    const reply = await postTool(server, "merge-pdf", [
      { name: "one.pdf", data: await makeNumberedPdf(2) },
      { name: "twö.pdf", data: await makeNumberedPdf(3) },
    ]);
    expect(reply.status).toBe(200);
    const id = reply.body.downloadUrl!.split("/").pop()!;
    // The result is an object; the uploads went when the job ended; nothing stays on local disk.
    expect(await objectKeys()).toEqual([`files/${id}`]);
    expect(await localFiles()).toEqual([]);

    const { path: merged, headers } = await download(server, reply.body.downloadUrl!);
    expect(headers.get("content-type")).toBe("application/pdf");
    expect(headers.get("content-disposition")).toBe(`attachment; filename="${reply.body.filename}"; filename*=UTF-8''${encodeURIComponent(reply.body.filename!)}`);
    expect(Number(headers.get("content-length"))).toBe((await fs.stat(merged)).size);
    expect(reply.body.size).toBe((await fs.stat(merged)).size);
    await qpdfCheck(merged);
    expect((await pageTexts(merged)).map((t) => t.trim())).toEqual([
      "Sample page 1 of 2",
      "Sample page 2 of 2",
      "Sample page 1 of 3",
      "Sample page 2 of 3",
      "Sample page 3 of 3",
    ]);
  });

  it("runs jobs with progress and serves a result with a name in any script", async () => {
    const file = await writeTemp("доклад.pdf", await makeNumberedPdf(40));
    const started = await startJob(server, "extract-text", file);
    const last = (await readEvents(server, started.body.jobId)).at(-1)!;
    expect(last.state).toBe("succeeded");
    expect(last.result!.filename).toBe("доклад.txt");
    const { path: text, headers } = await download(server, last.result!.downloadUrl);
    expect(headers.get("content-disposition")).toContain(`filename*=UTF-8''${encodeURIComponent("доклад.txt")}`);
    expect(await fs.readFile(text, "utf8")).toContain("Sample page 40 of 40");
  });

  it("answers 404 for an unknown id without asking for anything else", async () => {
    const res = await fetch(`${server.url}/api/download/${newId()}`);
    expect(res.status).toBe(404);
  });

  it("expires every upload and result in the bucket and every work folder, with the clock moved", async () => {
    const reply = await postTool(server, "rotate-pdf", [{ name: "a.pdf", data: await makeNumberedPdf(1) }]);
    expect(reply.status).toBe(200);
    // What a job cut short by a crash leaves: an upload in the bucket and a local work folder.
    await server.store.putInput(newId(), 1, await writeTemp("left.pdf", await makeNumberedPdf(1)));
    const workDir = await server.workDirs.create();
    await fs.writeFile(path.join(workDir, "scratch"), "x");
    const before = await objectKeys();
    expect(before.filter((k) => k.startsWith("files/")).length).toBe(3);
    expect(before.filter((k) => k.startsWith("inputs/")).length).toBe(1);
    expect((await localFiles()).length).toBe(1);

    // S3 dates objects to the second: the margins are wider than that. They count from the server's start, not from
    // now: the earlier tests' results are as old as those tests took, seconds on a loaded machine.
    const ttl = server.config.fileTtlMs;
    const sweepAll = async () => (await server.store.sweep()) + (await server.workDirs.sweep());
    clock.advance(startedAt + ttl - 5000 - clock.now());
    expect(await sweepAll()).toBe(0);
    expect((await fetch(`${server.url}${reply.body.downloadUrl}`)).status).toBe(200);

    // The newest was made after the start, by less than the time since.
    clock.advance(Date.now() - startedAt + 10_000);
    expect((await fetch(`${server.url}${reply.body.downloadUrl}`)).status).toBe(404);
    expect(await sweepAll()).toBe(5);
    expect(await objectKeys()).toEqual([]);
    expect(await localFiles()).toEqual([]);
  });

  it("lets a worker with its own disk, configured by the S3 variables alone, run jobs from the bucket", async () => {
    const redis = await startRedis();
    const api = await startServer({ s3: settings, redisUrl: redis.url });
    const workerDir = await fs.mkdtemp(path.join(os.tmpdir(), "pdf-toolbox-worker-"));
    let worker: WorkerProcess | undefined;
    try {
      worker = await startWorkerProcess({
        REDIS_URL: redis.url,
        DATA_DIR: workerDir,
        JOB_CONCURRENCY: "1",
        S3_BUCKET: BUCKET,
        S3_ENDPOINT: settings.endpoint!,
        S3_REGION: settings.region,
        S3_ACCESS_KEY_ID: "S3RVER",
        S3_SECRET_ACCESS_KEY: "S3RVER",
        S3_FORCE_PATH_STYLE: "true",
      });
      const { path: rotated, reply } = await runTool(api, "rotate-pdf", [{ name: "b.pdf", data: await makeNumberedPdf(2) }], { angle: 180 });
      expect(worker.output()).toMatch(/job \S+ done/);
      await qpdfCheck(rotated);
      expect(await rotationsOf(rotated)).toEqual([180, 180]);
      const id = reply.downloadUrl!.split("/").pop()!;
      expect(await objectKeys()).toEqual([`files/${id}`]);
      // The worker's disk keeps nothing once the job is done.
      const left = await fs.readdir(workerDir, { recursive: true, withFileTypes: true });
      expect(left.filter((e) => e.isFile())).toEqual([]);
    } finally {
      await worker?.kill();
      await api.close();
      await redis.stop();
      await fs.rm(workerDir, { recursive: true, force: true });
    }
  });
});
