import { execFile, spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { mergeArgs, rotateArg, splitArgs, STREAMS_AS_THEY_ARE } from "../pdf-ops/qpdf-args.js";
import { writeHeavyPdf } from "./fixtures.js";
import { currentRssMb, peakRssMb } from "./process-memory.js";
import { startServerProcess as startServer } from "./server-process.js";
import { postMultipart, type UploadFile } from "./multipart-client.js";
import { median, printTable, timeMedian } from "./table.js";

/**
 * The page tools through the HTTP API on a 500-page, ~50 MB PDF, each beside the bare engine command doing the
 * same work on the same input in the same run (qpdf given the tools' own arguments, stream data copied as it is).
 * Then the server's memory while five 100 MB uploads stream in at once, and its receive rate for one beside a bare
 * loopback receiver. The server runs as its own process (the built `npm start` entry),
 * so its memory can be read from /proc.
 */

const exec = promisify(execFile);
const RUNS = 5;
const PAGES = 500;

async function post(url: string, tool: string, files: readonly UploadFile[], fields: Record<string, string> = {}) {
  const { status, body } = await postMultipart(`${url}/api/process/${tool}`, files, fields);
  const reply = body as { success: boolean; error?: string };
  if (!reply.success && status < 400) throw new Error(`${tool}: ${JSON.stringify(reply)}`);
  return { status, body: reply };
}

/**
 * The upload alone: the jobs API answers 202 as soon as the files are received and checked. The job is then
 * awaited (untimed) so that it does not overlap the next measurement.
 */
async function uploadOnly(url: string, tool: string, files: readonly UploadFile[], fields: Record<string, string> = {}) {
  const start = process.hrtime.bigint();
  const { body } = await postMultipart(`${url}/api/jobs/${tool}`, files, fields);
  const elapsed = Number(process.hrtime.bigint() - start) / 1e9;
  const { jobId } = body as { jobId: string };
  await (await fetch(`${url}/api/jobs/${jobId}/events`)).text();
  return elapsed;
}

/** A bare HTTP receiver (bare-receiver.mjs) in a process of its own; closed by ending its input. */
async function startBareReceiver(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const child = spawn(process.execPath, [fileURLToPath(new URL("./bare-receiver.mjs", import.meta.url)), dir], { stdio: ["pipe", "pipe", "inherit"] });
  const url = await new Promise<string>((resolve, reject) => {
    let line = "";
    child.stdout!.on("data", (c: Buffer) => {
      line += c.toString();
      if (line.includes("\n")) resolve((JSON.parse(line.slice(0, line.indexOf("\n"))) as { url: string }).url);
    });
    child.once("exit", (code) => reject(new Error(`bare receiver exited with ${code}`)));
  });
  return {
    url,
    close: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.stdin!.end();
      await exited;
    },
  };
}

/**
 * The server's receive rate for one 100 MB upload (until its answer, a 400 after the whole upload: merge needs two
 * files) beside a bare loopback receiver writing the same multipart body to disk, in alternate rounds. A shared
 * machine's speed drifts within seconds: the ratio of each round's pair says more than the ratio of the medians.
 */
const RECEIVE_RUNS = 9;

async function compareReceiveRates(serverUrl: string, big: string, work: string): Promise<void> {
  const receiverDir = path.join(work, "bare-receiver");
  await fs.mkdir(receiverDir);
  const receiver = await startBareReceiver(receiverDir);
  const file = [{ name: "big.pdf", path: big }];
  const bytes = (await fs.stat(big)).size;
  const server: number[] = [];
  const bare: number[] = [];
  try {
    const timeBare = async () => bare.push(await timeMedian(1, () => postMultipart(receiver.url, file)));
    const timeServer = async () => server.push(await timeMedian(1, () => post(serverUrl, "merge-pdf", file)));
    for (let i = 0; i < RECEIVE_RUNS; i++) {
      // Each goes first in every other round.
      if (i % 2 === 0) await timeBare().then(timeServer);
      else await timeServer().then(timeBare);
    }
  } finally {
    await receiver.close();
  }
  const rate = (seconds: number) => bytes / 1e6 / seconds;
  printTable(
    ["one 100 MB upload, loopback", `MB/s (median of ${RECEIVE_RUNS})`],
    [
      ["bare receiver writing the body to disk", rate(median(bare))],
      ["server, until its answer", rate(median(server))],
      ["server / bare, ratio of the medians", `${(median(bare) / median(server)).toFixed(2)}x`],
      ["server / bare, median of each round's ratio", `${median(bare.map((b, i) => b / server[i]!)).toFixed(2)}x`],
    ],
  );
}

async function qpdf(args: string[]): Promise<void> {
  await exec("qpdf", args).catch((err: { code?: number }) => {
    if (err.code !== 3) throw err;
  });
}

export async function run(): Promise<void> {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), "bench-pages-"));
  const input = path.join(work, "heavy.pdf");
  await writeHeavyPdf(input, PAGES);
  const { size } = await fs.stat(input);
  const parts: UploadFile[] = [];
  for (let i = 0; i < 20; i++) {
    const part = path.join(work, `part-${i + 1}.pdf`);
    await qpdf([input, "--pages", ".", `${i * 25 + 1}-${i * 25 + 25}`, "--", part]);
    parts.push({ name: `part-${i + 1}.pdf`, path: part });
  }
  console.log(`Input: ${PAGES} pages, ${(size / 1e6).toFixed(1)} MB; merge takes 20 parts of 25 pages. Median of ${RUNS} runs, seconds.\n`);

  const server = await startServer(path.join(work, "data"));
  const out = (name: string) => path.join(work, name);
  const file = { name: "heavy.pdf", path: input };
  const rows: Array<[string, number, number, number | undefined]> = [];
  const compare = async (
    label: string,
    tool: string,
    files: readonly UploadFile[],
    fields: Record<string, string>,
    bare?: () => Promise<unknown>,
  ) => {
    // Rounds alternate API, upload and bare runs, so that a slow spell of the machine falls on all three alike.
    const api: number[] = [];
    const uploads: number[] = [];
    const bares: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      api.push(await timeMedian(1, () => post(server.url, tool, files, fields)));
      uploads.push(await uploadOnly(server.url, tool, files, fields));
      if (bare) bares.push(await timeMedian(1, bare));
    }
    const [apiTime, bareTime] = [median(api), bare ? median(bares) : undefined];
    rows.push([label, apiTime, median(uploads), bareTime]);
  };
  try {
    await compare("merge-pdf (20 files)", "merge-pdf", parts, {}, () =>
      qpdf(mergeArgs(parts.map((p) => p.path), out("merged.pdf"))),
    );
    await compare("split-pdf (every page)", "split-pdf", [file], {}, async () => {
      await fs.rm(out("split"), { recursive: true, force: true });
      await fs.mkdir(out("split"));
      await qpdf(splitArgs(input, 1, path.join(out("split"), "p.pdf")));
    });
    await compare("rotate-pdf (all, 90)", "rotate-pdf", [file], {}, () => qpdf([input, STREAMS_AS_THEY_ARE, rotateArg(90, "1-z"), out("rotated.pdf")]));
    const everyOther = Array.from({ length: 250 }, (_, i) => 2 * i + 2).join(",");
    await compare("delete-pages (every other)", "delete-pages", [file], { pages: everyOther }, () =>
      qpdf([input, STREAMS_AS_THEY_ARE, "--pages", ".", "1-z:odd", "--", out("deleted.pdf")]),
    );
    await compare("add-watermark", "add-watermark", [file], {});
    await compare("add-page-numbers", "add-page-numbers", [file], { format: "Page {n} of {total}" });

    const ratio = (a: number, b: number | undefined) => (b === undefined ? "-" : `${(a / b).toFixed(2)}x`);
    printTable(
      ["operation", "API (s)", "of which upload (s)", "bare qpdf (s)", "API / bare", "(API - upload) / bare"],
      rows.map(([label, api, upload, bare]) => [label, api, upload, bare ?? "-", ratio(api, bare), ratio(api - upload, bare)]),
    );

    // Memory while five 100 MB uploads stream at once. The tool refuses the lone file after the upload completes,
    // so what is measured is the upload path itself, not an engine.
    const bigData = Buffer.alloc(100 * 1024 * 1024 - 4096, 0x20);
    bigData.write("%PDF-1.7\n");
    const big = path.join(work, "big.pdf");
    await fs.writeFile(big, bigData);
    const before = await currentRssMb(server.process.pid!);
    // Writing 5 to clear_refs resets the peak (VmHWM), so the peak read below belongs to the uploads alone.
    await fs.writeFile(`/proc/${server.process.pid}/clear_refs`, "5");
    const replies = await Promise.all(Array.from({ length: 5 }, (_, i) => post(server.url, "merge-pdf", [{ name: `big-${i}.pdf`, path: big }])));
    const peak = await peakRssMb(server.process.pid!);
    console.log("");
    printTable(
      ["five 100 MB uploads at once", "value"],
      [
        ["replies (400: merge needs two files, after the whole upload)", replies.map((r) => r.status).join(", ")],
        ["server RSS before (MB)", before],
        ["server peak RSS during the five uploads (MB)", peak],
      ],
    );

    console.log("");
    await compareReceiveRates(server.url, big, work);
  } finally {
    server.process.kill();
    await fs.rm(work, { recursive: true, force: true });
  }
}
