import fs from "node:fs";
import path from "node:path";
import { corpusPdfs, ENCRYPTED_PDF } from "../test/helpers/corpus.js";
import { pdfTools, planCases, qpdfPages, runFuzz, summarize, type FuzzOutcome } from "../test/helpers/fuzz-run.js";
import { hostileFiles, mutate, MUTATIONS, type Mutant } from "../test/helpers/pdf-mutants.js";
import { prng } from "../test/helpers/prng.js";
import { startServer } from "../test/helpers/server.js";

/**
 * The long fuzz run (test/fuzz.test.ts is its small seeded sample): every hostile file through every PDF tool, then
 * FUZZ_MUTANTS mutated corpus files (default 200, any size) through FUZZ_TOOLS tools each (default 6), seeded by
 * FUZZ_SEED; the flate bomb inflates to FUZZ_BOMB_MB megabytes (default 4096). Prints the counts by status, the slowest
 * answer, the health check, the peak memory of this process (the server; engine child processes not included) and
 * what it keeps ten seconds after the last answer, the share of files Repair PDF made sound, and every failure.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 1);
const MUTANTS = Number(process.env.FUZZ_MUTANTS ?? 200);
const TOOLS_PER_MUTANT = Number(process.env.FUZZ_TOOLS ?? 6);
const BOMB_BYTES = Number(process.env.FUZZ_BOMB_MB ?? 4096) * 1024 * 1024;
const SETTLE_MS = 10_000;

export async function run(): Promise<void> {
  const server = await startServer({ rateLimitPerMinute: 0 });
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 250);
  try {
    const rng = prng(SEED);
    const files = corpusPdfs().filter((f) => path.basename(f) !== ENCRYPTED_PDF);
    const mutants: Mutant[] = [];
    for (let i = 0; i < MUTANTS; i++) {
      const file = rng.pick(files);
      const pages = await qpdfPages(file);
      mutants.push(mutate(fs.readFileSync(file), path.basename(file), pages || 1, rng.pick(MUTATIONS), rng));
    }
    const tools = pdfTools();
    const cases = [...planCases(hostileFiles(BOMB_BYTES), tools, rng), ...planCases(mutants, tools, rng, TOOLS_PER_MUTANT)];
    let done = 0;
    const report = await runFuzz(server, cases, {
      deadlineMs: 180_000,
      onOutcome: (o: FuzzOutcome) => {
        if (++done % 50 === 0) console.log(`  ${done}/${cases.length} (last: ${o.tool} ${o.mutant} ${o.status})`);
      },
    });
    const { byStatus, failures, inherited } = summarize(report);
    const count = (test: (s: number) => boolean) => report.outcomes.filter((o) => test(o.status)).length;
    const maxMs = Math.max(0, ...report.outcomes.map((o) => o.ms));
    console.log(`seed ${SEED}: ${report.outcomes.length} calls in ${report.seconds.toFixed(0)} s`);
    console.log(
      `2xx ${count((s) => s >= 200 && s < 300)}, 4xx ${count((s) => s >= 400 && s < 500)}, 5xx ${count((s) => s >= 500)}, ` +
        `no answer ${count((s) => s === 0)}; by status ${JSON.stringify(byStatus)}`,
    );
    console.log(`slowest answer ${(maxMs / 1000).toFixed(1)} s; results failing checks ${report.outcomes.filter((o) => o.problem).length}`);
    console.log(`health: ${report.healthChecks} checks, ${report.slowHealth} over 1 s, slowest ${report.slowestHealthMs.toFixed(0)} ms`);
    console.log(`peak RSS of the server process ${(peakRss / 1024 / 1024).toFixed(0)} MB`);
    // What the server keeps once the burst is over: jobs ended, engine children gone, the collector given time.
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    console.log(`RSS of the server process ${SETTLE_MS / 1000} s after the last answer ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`);
    const repairs = report.outcomes.filter((o) => o.tool === "repair-pdf");
    const repaired = repairs.filter((o) => o.status === 200 && !o.problem).length;
    console.log(
      `repair-pdf: ${repaired} of ${repairs.length} damaged or hostile files (${((100 * repaired) / Math.max(1, repairs.length)).toFixed(0)} %) ` +
        "came back as a file that passes qpdf --check with the pages expected",
    );
    for (const o of repairs.filter((r) => r.status !== 200 || r.problem)) console.log(`  not repaired: ${o.mutant}: ${o.status} ${o.problem ?? o.error ?? ""}`);
    const alive = await fetch(`${server.url}/api/health`).then((r) => r.status === 200, () => false);
    console.log(`server alive after: ${alive}`);
    console.log(`results passing on faults the upload had: ${inherited.length}`);
    for (const f of [...failures, ...inherited]) console.log(`  ${f}`);
  } finally {
    clearInterval(sampler);
    await server.close();
  }
}
