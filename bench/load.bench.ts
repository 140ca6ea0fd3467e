import { execFile, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import autocannon from "autocannon";
import { writeHeavyPdf } from "./fixtures.js";
import { printTable } from "./table.js";

/**
 * Load on loopback. A light tool (rotate-pdf) on a 1 MB PDF through POST /api/process at 50 connections for 30 s
 * (autocannon), beside the bare engine's own throughput: `qpdf --rotate` on the same file in two parallel loops
 * (one per core) for 30 s. Then 200 uploads at once: every one must succeed, and the server's peak memory is read
 * from /proc. The server is the built `npm start` entry in its own process, with the per-address limits off (all
 * requests come from one address) and a queue long enough for 200 jobs; everything else is at its defaults.
 */

const exec = promisify(execFile);
const SECONDS = 30;
const CONNECTIONS = 50;
const SIMULTANEOUS = 200;

async function startServer(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const port = 5900 + (process.pid % 90);
  const child = spawn(process.execPath, ["dist/server/main.js"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", RATE_LIMIT_PER_MINUTE: "0", MAX_CONNECTIONS_PER_ADDRESS: "0", QUEUE_LIMIT: "250" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) return { url, child };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error("the server did not start");
}

/** A multipart body with one file, built once and sent as it is by every request. */
function multipart(name: string, data: Buffer): { body: Buffer; contentType: string } {
  const boundary = "----load-bench-boundary";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`;
  return { body: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** qpdf --rotate on the same file in `loops` parallel loops for `seconds`: completed runs per second. */
async function bareThroughput(input: string, work: string, loops: number, seconds: number): Promise<number> {
  const until = Date.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: loops }, async (_, i) => {
      const out = path.join(work, `bare-${i}.pdf`);
      while (Date.now() < until) {
        await exec("qpdf", [input, "--rotate=+90:1-z", out]);
        done++;
      }
    }),
  );
  return done / seconds;
}

async function vm(pid: number, field: "VmHWM" | "VmRSS"): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, "utf8");
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)![1]) / 1024;
}

export async function run(): Promise<void> {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), "bench-load-"));
  const input = path.join(work, "input.pdf");
  await writeHeavyPdf(input, 10);
  const data = await fs.readFile(input);
  const { body, contentType } = multipart("input.pdf", data);
  console.log(`Input: ${(data.length / 1e6).toFixed(2)} MB, 10 pages; ${os.availableParallelism()} cores.\n`);

  const server = await startServer(path.join(work, "data"));
  try {
    const result = await autocannon({
      url: `${server.url}/api/process/rotate-pdf`,
      method: "POST",
      headers: { "content-type": contentType },
      body,
      connections: CONNECTIONS,
      duration: SECONDS,
    });
    const bare = await bareThroughput(input, work, 2, SECONDS);
    const non2xx = result.non2xx;
    printTable(
      ["run", "req/s (mean)", "p50 ms", "p99 ms", "max ms", "requests", "errors", "non-2xx", "timeouts"],
      [
        [`rotate-pdf API, ${CONNECTIONS} connections, ${SECONDS} s`, result.requests.average, result.latency.p50, result.latency.p99, result.latency.max, result.requests.total, result.errors, non2xx, result.timeouts],
        [`bare qpdf --rotate, 2 loops, ${SECONDS} s`, bare, "-", "-", "-", Math.round(bare * SECONDS), 0, "-", "-"],
      ],
    );
    console.log(`\nAPI / bare throughput: ${(result.requests.average / bare).toFixed(2)}x\n`);

    // 200 uploads at once. Writing 5 to clear_refs resets the peak, so the peak read below belongs to them alone.
    const pid = server.child.pid!;
    const before = await vm(pid, "VmRSS");
    await fs.writeFile(`/proc/${pid}/clear_refs`, "5");
    const started = Date.now();
    const replies = await Promise.all(
      Array.from({ length: SIMULTANEOUS }, async () => {
        const res = await fetch(`${server.url}/api/process/rotate-pdf`, { method: "POST", headers: { "content-type": contentType }, body });
        const reply = (await res.json()) as { success: boolean; downloadUrl?: string };
        if (!reply.success || !reply.downloadUrl) return { ok: false, bytes: 0 };
        const file = await fetch(`${server.url}${reply.downloadUrl}`);
        return { ok: file.ok, bytes: (await file.arrayBuffer()).byteLength };
      }),
    );
    const elapsed = (Date.now() - started) / 1000;
    const ok = replies.filter((r) => r.ok && r.bytes > 0).length;
    printTable(
      ["simultaneous uploads", "succeeded with a result", "seconds", "RSS before (MB)", "peak RSS (MB)"],
      [[SIMULTANEOUS, ok, elapsed, before, await vm(pid, "VmHWM")]],
    );
  } finally {
    server.child.kill();
    await fs.rm(work, { recursive: true, force: true });
  }
}
