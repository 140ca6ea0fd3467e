import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { CHROMIUM, CHROMIUM_ARGS } from "../test/e2e/harness.js";
import { mergeArgs, rotateArg, splitArgs, STREAMS_AS_THEY_ARE } from "../pdf-ops/qpdf-args.js";
import { writeHeavyPdf } from "./fixtures.js";
import { cpuSeconds, totalCpuSeconds } from "./process-cpu.js";
import { peakRssMb, resetPeak } from "./process-memory.js";
import { startServerProcess } from "./server-process.js";

type BenchServer = Awaited<ReturnType<typeof startServerProcess>>;
import { median, printTable } from "./table.js";

/**
 * The page tools in the browser (Debian chromium, the built web app) on a 500-page, ~50 MB PDF: the device run,
 * timed in the page from the click to the result (reading the files included), beside the same screen with "Use
 * the server instead" (upload included), and beside bare qpdf on the command line given the tools' own arguments
 * (pdf-ops/qpdf-args.ts), so that the native program does the same work as the WebAssembly one. Then a 100 MB, 500-page merge
 * on the device, with the peak memory of the browser's renderer processes (the page and its worker) read from /proc.
 * BENCH_ON_DEVICE=merge-pdf,memory (tools, and "memory" for the 100 MB merge) runs only those parts. The device's
 * runs are also cut into phases by the marks the page and its worker leave (pdf-ops/device/timing.ts).
 */

const exec = promisify(execFile);
const RUNS = 3;
const ONLY = process.env.BENCH_ON_DEVICE?.split(",");
const wanted = (part: string) => !ONLY || ONLY.includes(part);
const PAGES = 500;

async function qpdf(args: string[]): Promise<void> {
  await exec("qpdf", args).catch((err: { code?: number }) => {
    if (err.code !== 3) throw err;
  });
}

/** A bare command's wall time, and its CPU time (this process's children, read once they are waited for). */
async function timed(fn: () => Promise<unknown>): Promise<Measured> {
  const cpuBefore = (await cpuSeconds("self")).children;
  const start = process.hrtime.bigint();
  await fn();
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  return { seconds, cpu: (await cpuSeconds("self")).children - cpuBefore };
}

interface Measured {
  seconds: number;
  /** CPU seconds of the processes doing the work. */
  cpu: number;
  /** A device run's phases, milliseconds each. */
  phases?: Phases;
}

type Phases = Record<string, number>;

/**
 * Opens the tool in a new page of `context` with the files chosen, clicks its button and measures in the page, with
 * its own clock, until the result is handed to the download (the screen's fixed pause before it is left out). The
 * device's runs share a context, as a visitor's visits share a browser: its HTTP cache (and the service worker,
 * after the first run) serve the engines, and V8 reuses the WebAssembly it compiled for them.
 */
async function runInPage(context: BrowserContext, server: BenchServer, tool: string, files: string[], button: string): Promise<Measured> {
  const page = await context.newPage();
  try {
    await page.goto(`/${tool}`);
    await chooseFiles(page, files, button);
    // The page and its workers, and the server with the engines it ran.
    const pids = [...(await rendererPids(context.browser()!)), server.process.pid!];
    const cpuBefore = await totalCpuSeconds(pids);
    const clicked = await clickAndTime(page, button);
    const cpu = (await totalCpuSeconds(pids)) - cpuBefore;
    return { seconds: clicked.seconds, cpu, phases: await phasesOf(page, clicked) };
  } finally {
    await page.close();
  }
}

/**
 * Chooses the files and waits until each file's row shows its picture: the screen draws them one by one with
 * pdf.js, and a run started before they are done would share the machine with them.
 */
async function chooseFiles(page: Page, files: string[], button: string): Promise<void> {
  await page.getByLabel("Choose files").setInputFiles(files);
  await page.getByRole("button", { name: button }).waitFor();
  await page.getByTestId("file-picture").nth(files.length - 1).waitFor({ timeout: 120_000 });
}

/** Clicks, and times until the download starts; `start` and `end` on the clock all of the browser's threads share. */
async function clickAndTime(page: Page, button: string): Promise<{ seconds: number; start: number; end: number }> {
  // Expression as text: it runs in the browser, and this file is type-checked without the DOM's types.
  return page.evaluate<{ seconds: number; start: number; end: number }>(
    `((label) => new Promise((resolve, reject) => {
      const button = [...document.querySelectorAll("button")].find((b) => b.textContent.trim() === label);
      const start = performance.now();
      const done = () => {
        const dialog = document.querySelector('[role="dialog"]');
        const end = performance.now();
        if (dialog && dialog.textContent.includes("Starting your download")) {
          return resolve({ seconds: (end - start) / 1000, start: performance.timeOrigin + start, end: performance.timeOrigin + end });
        }
        const failed = document.querySelector('[data-testid="toast"]');
        if (failed && /failed/i.test(failed.textContent)) return reject(new Error(failed.textContent));
        requestAnimationFrame(done);
      };
      button.click();
      done();
    }))(${JSON.stringify(button)})`,
  );
}

const MARKS = `performance.getEntriesByType("mark").filter((m) => m.name.startsWith("device:")).map((m) => [m.name.slice(7), performance.timeOrigin + m.startTime])`;

/**
 * A device run's phases from the marks of the page and its device worker (pdf-ops/device/timing.ts): the qpdf run
 * that takes longest is the tool's own, the others are its checks. Undefined for a run on the server.
 */
async function phasesOf(page: Page, { start, end }: { start: number; end: number }): Promise<Phases | undefined> {
  const worker = page.workers().find((w) => w.url().includes("device.worker"));
  if (!worker) return undefined;
  const marks = [...(await page.evaluate<Array<[string, number]>>(MARKS)), ...(await worker.evaluate<Array<[string, number]>>(MARKS))].sort((a, b) => a[1] - b[1]);
  const at = (name: string) => marks.filter((m) => m[0] === name).map((m) => m[1]);
  const [received] = at("received");
  const [packed] = at("packed");
  const [reply] = at("reply");
  const [done] = at("operation-done");
  if (received === undefined || packed === undefined || reply === undefined || done === undefined) return undefined;
  const ends = at("qpdf-end");
  const runs = at("qpdf-start").map((s, i) => ({ start: s, ms: (ends[i] ?? s) - s }));
  const main = runs.reduce((a, b) => (b.ms > a.ms ? b : a), { start: done, ms: 0 });
  return {
    "click to the worker": received - start,
    "worker, to the main qpdf run": main.start - received,
    "  of which reading the files": Math.max(received, ...at("read")) - received,
    "  of which other qpdf runs": runs.filter((r) => r.start < main.start).reduce((sum, r) => sum + r.ms, 0),
    "main qpdf run": main.ms,
    "worker, after it (outputs taken, checks)": done - main.start - main.ms,
    "outputs made Files (the ZIP)": packed - done,
    "worker to page": reply - packed,
    "page, to the download": end - reply,
    total: end - start,
  };
}

/** The pids of chromium's renderer processes (pages and their workers), from the browser's own process list. */
async function rendererPids(browser: Browser, type = "renderer"): Promise<number[]> {
  const session = await browser.newBrowserCDPSession();
  const { processInfo } = (await session.send("SystemInfo.getProcessInfo")) as { processInfo: Array<{ type: string; id: number }> };
  await session.detach();
  return processInfo.filter((p) => p.type === type).map((p) => p.id);
}

export async function run(): Promise<void> {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), "bench-device-"));
  const input = path.join(work, "heavy.pdf");
  await writeHeavyPdf(input, PAGES);
  const parts: string[] = [];
  for (let i = 0; i < 20; i++) {
    const part = path.join(work, `part-${i + 1}.pdf`);
    await qpdf([input, "--pages", ".", `${i * 25 + 1}-${i * 25 + 25}`, "--", part]);
    parts.push(part);
  }
  const { size } = await fs.stat(input);
  console.log(`Input: ${PAGES} pages, ${(size / 1e6).toFixed(1)} MB; merge takes 20 parts of 25 pages. Median of ${RUNS} runs after a first`);
  console.log("run that loads the engines (shown apart), seconds. The browser and the server share this machine's cores.\n");

  const server = await startServerProcess(path.join(work, "data"));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const out = (name: string) => path.join(work, name);
  try {
    const cases: Array<{ label: string; tool: string; files: string[]; button: string; bare: () => Promise<unknown> }> = [
      {
        label: "merge-pdf (20 files)",
        tool: "merge-pdf",
        files: parts,
        button: "Merge PDFs",
        bare: () => qpdf(mergeArgs(parts, out("merged.pdf"))),
      },
      {
        label: "split-pdf (every page)",
        tool: "split-pdf",
        files: [input],
        button: "Process File",
        bare: async () => {
          await fs.rm(out("split"), { recursive: true, force: true });
          await fs.mkdir(out("split"));
          await qpdf(splitArgs(input, 1, path.join(out("split"), "p.pdf")));
        },
      },
      {
        label: "rotate-pdf (all, 90)",
        tool: "rotate-pdf",
        files: [input],
        button: "Process File",
        bare: () => qpdf([input, STREAMS_AS_THEY_ARE, rotateArg(90, "1-z"), out("rotated.pdf")]),
      },
    ];
    const rows = [];
    const cpuRows = [];
    const phaseRows: Array<Array<string | number>> = [];
    const phaseTools: string[] = [];
    for (const c of cases.filter((c) => wanted(c.tool))) {
      const deviceContext = await browser.newContext({ baseURL: server.url, acceptDownloads: true });
      const serverContext = await browser.newContext({ baseURL: server.url, acceptDownloads: true });
      await serverContext.addInitScript('localStorage.setItem("pdf-toolbox-use-server", "1")');
      const first = await runInPage(deviceContext, server, c.tool, c.files, c.button);
      const device: Measured[] = [];
      const onServer: Measured[] = [];
      const bare: Measured[] = [];
      // Rounds alternate the three, so that a slow spell of the machine falls on all alike.
      for (let i = 0; i < RUNS; i++) {
        device.push(await runInPage(deviceContext, server, c.tool, c.files, c.button));
        onServer.push(await runInPage(serverContext, server, c.tool, c.files, c.button));
        bare.push(await timed(c.bare));
      }
      await Promise.all([deviceContext.close(), serverContext.close()]);
      const wall = (runs: Measured[]) => median(runs.map((r) => r.seconds));
      const cpu = (runs: Measured[]) => median(runs.map((r) => r.cpu));
      const [d, s, b] = [wall(device), wall(onServer), wall(bare)];
      rows.push([c.label, b, d, first.seconds, s, `${(d / b).toFixed(2)}x`, `${(d / s).toFixed(2)}x`]);
      cpuRows.push([c.label, cpu(bare), cpu(device), cpu(onServer), `${(cpu(device) / cpu(bare)).toFixed(2)}x`]);
      addPhases(phaseRows, phaseTools, c.tool, device);
    }
    printTable(["operation", "bare qpdf (s)", "device (s)", "device, first run (s)", "server incl. upload (s)", "device / bare", "device / server"], rows);
    console.log("\nCPU seconds of the same runs (the browser's page and workers, the server and its engines; bare qpdf):\n");
    printTable(["operation", "bare qpdf (CPU s)", "device (CPU s)", "server incl. upload (CPU s)", "device / bare (CPU)"], cpuRows);
    if (phaseRows.length > 0) {
      console.log("\nWhere the device's time goes, milliseconds (median of the same runs; files are read while the engine starts):\n");
      printTable(["phase", ...phaseTools], phaseRows);
    }
    if (!wanted("memory")) return;

    // 100 MB in 500 pages, merged from 20 parts on the device, with the renderers' peak memory.
    const big = path.join(work, "big.pdf");
    await writeHeavyPdf(big, PAGES, 447);
    const bigParts: string[] = [];
    for (let i = 0; i < 20; i++) {
      const part = path.join(work, `big-${i + 1}.pdf`);
      await qpdf([big, "--pages", ".", `${i * 25 + 1}-${i * 25 + 25}`, "--", part]);
      bigParts.push(part);
    }
    const bigSize = (await fs.stat(big)).size;
    const context = await browser.newContext({ baseURL: server.url, acceptDownloads: true });
    const page = await context.newPage();
    await page.goto("/merge-pdf");
    await chooseFiles(page, bigParts, "Merge PDFs");
    const pids = await rendererPids(browser);
    // The browser process keeps the tab's files and results (Blobs) on its behalf.
    const browserPids = await rendererPids(browser, "browser");
    for (const pid of [...pids, ...browserPids]) await resetPeak(pid);
    const { seconds } = await clickAndTime(page, "Merge PDFs");
    const peaks = await Promise.all(pids.map(peakRssMb));
    const browserPeaks = await Promise.all(browserPids.map(peakRssMb));
    await context.close();
    console.log("");
    printTable(
      ["merge on the device, 20 files, 500 pages", "value"],
      [
        ["input (MB)", bigSize / 1e6],
        ["time (s)", seconds],
        ["peak RSS of the largest renderer process, page and worker (MB)", Math.max(...peaks)],
        ["peak RSS of the browser process, which holds the Blobs (MB)", Math.max(0, ...browserPeaks)],
      ],
    );
  } finally {
    await browser.close();
    server.process.kill();
    await fs.rm(work, { recursive: true, force: true });
  }
}

/** Adds a tool's column of median phases to the rows (one row a phase). */
function addPhases(rows: Array<Array<string | number>>, tools: string[], tool: string, runs: readonly Measured[]): void {
  const measured = runs.flatMap((r) => (r.phases ? [r.phases] : []));
  if (measured.length === 0) return;
  tools.push(tool);
  for (const [i, phase] of Object.keys(measured[0]!).entries()) {
    rows[i] ??= [phase];
    rows[i]!.push(Math.round(median(measured.map((p) => p[phase]!))));
  }
}
