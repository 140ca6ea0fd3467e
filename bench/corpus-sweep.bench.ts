import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { printTable } from "./table.js";

/**
 * The full corpus sweeps: every corpus PDF through every PDF-to-PDF tool and every rebuilt format. The test run
 * sends each file through its turn of the tools (test/corpus-all-tools.test.ts, test/convert-corpus.test.ts);
 * here CORPUS_SWEEP=full sends it through all of them. Prints each sweep's tests passed and failed and its time;
 * a failure is listed by name.
 */

const exec = promisify(execFile);
const SWEEPS = ["test/corpus-all-tools.test.ts", "test/convert-corpus.test.ts"];

interface VitestReport {
  testResults: Array<{ name: string; startTime: number; endTime: number; assertionResults: Array<{ fullName: string; status: string; failureMessages: string[] }> }>;
}

export async function run(): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "corpus-sweep-"));
  const report = path.join(dir, "report.json");
  try {
    const vitest = path.resolve("node_modules/.bin/vitest");
    await exec(vitest, ["run", ...SWEEPS, "--reporter=json", `--outputFile=${report}`], {
      env: { ...process.env, CORPUS_SWEEP: "full" },
      maxBuffer: 64 * 1024 * 1024,
    }).catch(() => undefined);
    const results = (JSON.parse(await fs.readFile(report, "utf8")) as VitestReport).testResults;
    const rows = results.map((file) => {
      const passed = file.assertionResults.filter((t) => t.status === "passed").length;
      const failed = file.assertionResults.filter((t) => t.status === "failed");
      for (const t of failed) console.log(`FAILED ${t.fullName}: ${t.failureMessages.join(" ").slice(0, 500)}`);
      return [path.relative(process.cwd(), file.name), passed, failed.length, (file.endTime - file.startTime) / 1000];
    });
    printTable(["sweep", "tests passed", "failed", "seconds"], rows);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
