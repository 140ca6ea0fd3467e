import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { soundPdf } from "../server/jobs/sound-pdf.js";
import { qpdf } from "../server/engines/qpdf.js";
import { writeHeavyPdf } from "./fixtures.js";
import { printTable, timeMedian } from "./table.js";

/**
 * What the soundness check every job's PDF output gets (qpdf --check) costs, beside what a light page tool spends
 * producing that output (Rotate's qpdf run), on a 500-page, ~50 MB PDF and a 50-page one.
 */
const RUNS = 3;

export async function run(): Promise<void> {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), "bench-sound-"));
  const ctx = { workDir: work, timeoutMs: 600_000 };
  try {
    const rows: Array<Array<string | number>> = [];
    for (const pages of [50, 500]) {
      const input = path.join(work, `in-${pages}.pdf`);
      await writeHeavyPdf(input, pages);
      const rotated = path.join(work, `rotated-${pages}.pdf`);
      const rotate = await timeMedian(RUNS, () => qpdf([input, "--rotate=+90:1-z", rotated], ctx));
      const check = await timeMedian(RUNS, () => soundPdf({ path: rotated, name: "rotated.pdf" }, ctx));
      const size = (await fs.stat(rotated)).size;
      rows.push([pages, (size / 1e6).toFixed(1), rotate.toFixed(2), check.toFixed(2), `${Math.round((100 * check) / rotate)}%`]);
    }
    printTable(["pages", "MB", "rotate (s)", "qpdf --check (s)", "check / rotate"], rows);
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}
