import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { scannedPdf, type TextBlock } from "../test/helpers/ocr-fixtures.js";
import { startServer, type TestServer } from "../test/helpers/server.js";
import { printTable } from "./table.js";

/**
 * OCR throughput in pages a minute: OCR PDF through the HTTP API beside the bare `ocrmypdf` command on the same
 * 10-page 300 dpi scan, with one document at a time and with two at once. The bare command gets the same fair
 * set-up the server uses (OMP_THREAD_LIMIT=1, --jobs = cores, plain PDF output); the server is asked for the same
 * work (no deskew, no cleaning, no confidence filter), and once more with its defaults, which do more.
 */

const PAGES = 10;
const PARAGRAPH =
  "Scanned letters, invoices and reports arrive as pictures of pages. Recognition turns each picture back into " +
  "words that can be searched, copied and read aloud, and lays them invisibly over the page where they were seen.";

function page(n: number): TextBlock[] {
  return [
    { font: "dejavuSerif", size: 16, text: `Chapter ${n}` },
    ...Array.from({ length: 6 }, (_, i) => ({ font: i % 2 ? "liberationSerif" : "dejavuSans", size: 11, text: PARAGRAPH }) as TextBlock),
  ];
}

function bareOcrmypdf(input: string, output: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("ocrmypdf", ["--quiet", "--output-type", "pdf", "--jobs", String(os.availableParallelism()), input, output], {
      env: { ...process.env, OMP_THREAD_LIMIT: "1" },
      stdio: ["ignore", "ignore", "inherit"],
    });
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`ocrmypdf exited ${code}`))));
  });
}

async function viaServer(server: TestServer, scan: Buffer, fields: Record<string, string>): Promise<void> {
  const form = new FormData();
  form.append("files", new Blob([scan]), "scan.pdf");
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await fetch(`${server.url}/api/process/ocr-pdf`, { method: "POST", body: form });
  const body = (await res.json()) as { success: boolean; error?: string };
  if (!body.success) throw new Error(`ocr-pdf: ${body.error}`);
}

/** Pages a minute when `jobs` copies of the work run at once. */
async function pagesPerMinute(jobs: number, work: (i: number) => Promise<void>): Promise<number> {
  const start = process.hrtime.bigint();
  await Promise.all(Array.from({ length: jobs }, (_, i) => work(i)));
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  return (PAGES * jobs * 60) / seconds;
}

export async function run(): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "ocr-bench-"));
  const server = await startServer({ engineTimeoutMs: 3_600_000 });
  try {
    const scan = Buffer.from(await scannedPdf(Array.from({ length: PAGES }, (_, i) => page(i + 1)), 300));
    const input = path.join(dir, "scan.pdf");
    await fs.writeFile(input, scan);
    const same = { deskew: "false", enhanceDocument: "false", confidenceThreshold: "0" };
    const rows: Array<Array<string | number>> = [];
    for (const jobs of [1, 2]) {
      const bare = await pagesPerMinute(jobs, (i) => bareOcrmypdf(input, path.join(dir, `bare-${jobs}-${i}.pdf`)));
      const served = await pagesPerMinute(jobs, () => viaServer(server, scan, same));
      const defaults = await pagesPerMinute(jobs, () => viaServer(server, scan, {}));
      rows.push([jobs, bare, served, served / bare, defaults, defaults / bare]);
    }
    printTable(
      ["jobs at once", "bare ocrmypdf pages/min", "OCR PDF, same work", "ratio", "OCR PDF, defaults", "ratio"],
      rows,
    );
    console.log(`\n${PAGES}-page 300 dpi scan, ${os.availableParallelism()} cores, one run each (OCR is slow; other work on the machine adds noise).`);
  } finally {
    await server.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}
