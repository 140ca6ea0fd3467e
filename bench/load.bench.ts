import { execFile, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import autocannon from "autocannon";
import { fileURLToPath } from "node:url";
import { degrees, PDFDocument, StandardFonts } from "@cantoo/pdf-lib";
import { writeHeavyPdf } from "./fixtures.js";
import { cpuSeconds, settled, treeCpuSeconds } from "./process-cpu.js";
import { printTable } from "./table.js";

/**
 * Load on loopback. Three light tools on a 1 MB, 10-page PDF through POST /api/process at 1, 8 and 50 connections
 * (autocannon), each beside its bare engine on the same file in the same run: `qpdf --rotate` for rotate-pdf (and, in
 * the last column, `qpdf --rotate --stream-data=preserve`, the arguments the server gives qpdf: it copies stream data
 * as it is where bare qpdf compresses every stream stored without a filter, the bench file's raw pixels), `qpdf
 * --overlay` of a ready stamp for add-watermark (the server also draws the stamp and reads the page boxes), and
 * MuPDF extracting every page's text in a plain Node.js process for pdf-to-text. The bare engine runs in as many
 * parallel loops as there are connections, at most two a core: as many runs at once as the server lets qpdf have, so
 * that on a machine shared with other work both get the same share of it. Then 200 uploads at once: every one must
 * succeed. The server's memory is read from /proc throughout (its own process: engines and the launcher are
 * processes of their own). The server is the built `npm start` entry in its own process, with the per-address limits
 * off (all requests come from one address) and a queue long enough for 200 jobs; everything else is at its defaults.
 * The CPU each request cost the server's process and everything under it (the program launcher, the engines it
 * started and the sandboxes they ran in), beside the CPU of a bare run: on a machine whose cores are all busy, that
 * is what sets the rate. MuPDF's children are counted less than whole: the server starts them itself, and what their
 * sandboxes leave goes to PID 1, out of the tree. LOAD_SECONDS sets each measurement's length (default 10).
 */

const exec = promisify(execFile);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 10);
const CONNECTIONS = [1, 8, 50];
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

/** A multipart body with one file and the tool's fields, built once and sent as it is by every request. */
function multipart(name: string, data: Buffer, fields: Record<string, string>): { body: Buffer; contentType: string } {
  const boundary = "----load-bench-boundary";
  const parts = Object.entries(fields).map(([key, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`);
  const head = `${parts.join("")}--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`;
  return { body: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Each bare run's milliseconds, over `seconds`. */
type BareRuns = number[];

/** `command` in `loops` parallel loops for `seconds`. */
async function bareLoops(loops: number, seconds: number, command: (loop: number) => [string, string[]]): Promise<BareRuns> {
  const until = Date.now() + seconds * 1000;
  const runs: number[] = [];
  await Promise.all(
    Array.from({ length: loops }, async (_, loop) => {
      const [program, args] = command(loop);
      while (Date.now() < until) {
        const started = performance.now();
        await exec(program, args);
        runs.push(performance.now() - started);
      }
    }),
  );
  return runs;
}

/** MuPDF's text extraction in `loops` Node.js processes, each timing its own runs (see bare-mupdf-text.ts). */
async function bareMupdfText(input: string, work: string, loops: number, seconds: number): Promise<BareRuns> {
  const script = fileURLToPath(new URL("./bare-mupdf-text.ts", import.meta.url));
  const outputs = await Promise.all(
    Array.from({ length: loops }, (_, i) => exec(process.execPath, ["--import", "tsx", script, input, path.join(work, `bare-${i}.txt`), String(seconds)])),
  );
  return outputs.flatMap(({ stdout }) => (JSON.parse(stdout) as { runs: number[] }).runs);
}

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

interface LoadTool {
  id: string;
  fields: Record<string, string>;
  bareName: string;
  bare(loops: number): Promise<BareRuns>;
  /** Where the server asks its engine for less than the bare command does: the bare engine with the server's arguments. */
  sameArguments?: (loops: number) => Promise<BareRuns>;
}

/** A one-page stamp of the input's page size, for the bare overlay. */
async function writeStamp(file: string): Promise<void> {
  const stamp = await PDFDocument.create();
  const font = await stamp.embedFont(StandardFonts.HelveticaBold);
  stamp.addPage([595, 842]).drawText("CONFIDENTIAL", { x: 120, y: 300, size: 60, font, rotate: degrees(45), opacity: 0.3 });
  await fs.writeFile(file, await stamp.save());
}

/** The server's resident memory, sampled until stopped: the highest seen, in MB. */
function sampleMemory(pid: number): { stop(): Promise<number> } {
  let highest = 0;
  const timer = setInterval(() => {
    void vm(pid, "VmRSS").then((mb) => (highest = Math.max(highest, mb)), () => undefined);
  }, 250);
  return {
    async stop() {
      clearInterval(timer);
      return Math.max(highest, await vm(pid, "VmHWM"));
    },
  };
}

async function vm(pid: number, field: "VmHWM" | "VmRSS"): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, "utf8");
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)![1]) / 1024;
}

export async function run(): Promise<void> {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), "bench-load-"));
  const input = path.join(work, "input.pdf");
  const stamp = path.join(work, "stamp.pdf");
  await writeHeavyPdf(input, 10);
  await writeStamp(stamp);
  const data = await fs.readFile(input);
  const cores = os.availableParallelism();
  console.log(`Input: ${(data.length / 1e6).toFixed(2)} MB, 10 pages; ${cores} cores; ${SECONDS} s a measurement; load average ${os.loadavg()[0]!.toFixed(1)} at the start.\n`);
  const tools: LoadTool[] = [
    {
      id: "rotate-pdf",
      fields: { angle: "90" },
      bareName: "qpdf --rotate",
      bare: (loops) => bareLoops(loops, SECONDS, (i) => ["qpdf", [input, "--rotate=+90:1-z", path.join(work, `bare-${i}.pdf`)]]),
      sameArguments: (loops) => bareLoops(loops, SECONDS, (i) => ["qpdf", [input, "--rotate=+90:1-z", "--stream-data=preserve", path.join(work, `bare-${i}.pdf`)]]),
    },
    {
      id: "add-watermark",
      fields: { watermarkText: "CONFIDENTIAL" },
      bareName: "qpdf --overlay",
      bare: (loops) => bareLoops(loops, SECONDS, (i) => ["qpdf", [input, "--overlay", stamp, "--to=1-z", "--from=1", "--", path.join(work, `bare-${i}.pdf`)]]),
    },
    { id: "pdf-to-text", fields: {}, bareName: "MuPDF text", bare: (loops) => bareMupdfText(input, work, loops, SECONDS) },
  ];

  const server = await startServer(path.join(work, "data"));
  const pid = server.child.pid!;
  const memory = sampleMemory(pid);
  try {
    const rows: Array<Array<string | number>> = [];
    for (const tool of tools) {
      const { body, contentType } = multipart("input.pdf", data, tool.fields);
      for (const connections of CONNECTIONS) {
        // What the server does on its own (preparing engines ahead, ending the last run's) is not this run's cost.
        await settled(pid);
        const treeBefore = await treeCpuSeconds(pid);
        const api = await autocannon({
          url: `${server.url}/api/process/${tool.id}`,
          method: "POST",
          headers: { "content-type": contentType },
          body,
          connections,
          duration: SECONDS,
          timeout: 60,
        });
        const treeAfter = await treeCpuSeconds(pid);
        const bareCpuBefore = (await cpuSeconds("self")).children;
        const bare = await tool.bare(Math.min(connections, 2 * cores));
        const bareCpu = (await cpuSeconds("self")).children - bareCpuBefore;
        const bareRate = bare.length / SECONDS;
        const served = api.requests.total;
        const perRequest = (seconds: number) => (served > 0 ? Math.round((1000 * seconds) / served) : "");
        const same = tool.sameArguments ? (await tool.sameArguments(Math.min(connections, 2 * cores))).length / SECONDS : undefined;
        rows.push([
          tool.id,
          connections,
          api.requests.average,
          `${tool.bareName} ${bareRate.toFixed(1)}`,
          (api.requests.average / bareRate).toFixed(2),
          api.latency.p50,
          api.latency.p99,
          (api.latency.p99 / api.latency.p50).toFixed(2),
          Math.round(percentile(bare, 50)),
          Math.round(percentile(bare, 99)),
          api.errors + api.non2xx + api.timeouts,
          same === undefined ? "" : `${same.toFixed(1)}: ${(api.requests.average / same).toFixed(2)}`,
          perRequest(treeAfter.root - treeBefore.root),
          perRequest(treeAfter.below - treeBefore.below),
          bare.length > 0 ? Math.round((1000 * bareCpu) / bare.length) : "",
        ]);
      }
    }
    printTable(["tool", "connections", "API req/s", "bare runs/s", "API / bare", "API p50 ms", "API p99 ms", "p99/p50", "bare p50 ms", "bare p99 ms", "errors", "bare, server's arguments: runs/s, API / it", "server CPU ms/req", "engines CPU ms/req", "bare CPU ms/run"], rows);

    // 200 uploads at once.
    const { body, contentType } = multipart("input.pdf", data, { angle: "90" });
    const before = await vm(pid, "VmRSS");
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
      ["simultaneous uploads", "succeeded with a result", "seconds", "RSS before (MB)", "server peak RSS, whole bench (MB)"],
      [[SIMULTANEOUS, ok, elapsed, before, await memory.stop()]],
    );
    console.log(`\nLoad average ${os.loadavg()[0]!.toFixed(1)} at the end: on a shared machine, read the ratios, not the rates.`);
  } finally {
    await memory.stop();
    server.child.kill();
    await fs.rm(work, { recursive: true, force: true });
  }
}
