import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { runMupdf, warmUpMupdf } from "../server/engines/mupdf/pool.js";
import { corpus } from "../test/helpers/corpus.js";
import { printTable, timeMedian } from "./table.js";

/**
 * The cost of a MuPDF task through the pool (warm child processes, tasks and replies over IPC): a page count, and
 * one page rendered at 96 dpi, median of 20 each (BENCH_TIMES) after a warm-up. Run it before and after a change to the pool.
 */

const TIMES = Number(process.env.BENCH_TIMES) || 20;

export async function run(): Promise<void> {
  const outDir = await fs.mkdtemp(path.join(os.tmpdir(), "pdf-toolbox-bench-"));
  const input = corpus("multicolumn.pdf");
  const ctx = { timeoutMs: 60_000 };
  warmUpMupdf();
  const pageCount = () => runMupdf("inspectDocuments", { inputs: [input] }, ctx);
  const render = () =>
    runMupdf("renderPages", { input, outDir, pages: [0], dpi: 96, color: "rgb", encoding: "png", quality: 90, maxPixels: 60_000_000 }, ctx);
  // The first tasks wait for the processes to load MuPDF.
  await pageCount();
  await render();
  const rows = [
    ["page count", await timeMedian(TIMES, pageCount)],
    ["one page at 96 dpi (PNG)", await timeMedian(TIMES, render)],
  ].map(([name, seconds]) => [name as string, (seconds as number) * 1000]);
  printTable(["task", "median ms"], rows);
  await fs.rm(outDir, { recursive: true, force: true });
}
