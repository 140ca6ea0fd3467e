import path from "node:path";
import { corpus } from "../test/helpers/corpus.js";
import { measureTreeCpu } from "../test/helpers/processes.js";
import { startServerProcess, type ServerProcess } from "../test/helpers/server-process.js";
import { runTool } from "../test/helpers/server.js";
import { median, printTable } from "./table.js";

/**
 * What rebuilding a document costs against an earlier version: PDF to Word, Markdown and HTML of the corpus papers,
 * each through the HTTP API of a server process of this checkout and one of BENCH_BASELINE (a checkout of the earlier
 * version with its node_modules in place, and test/helpers/serve-process.ts copied in if it predates it). Each
 * conversion runs RUNS times on each, the two versions taking turns so that neither always goes first; the medians
 * of the CPU time the server and its engines spent (which other load on a shared machine inflates far less than wall
 * time) and of the wall time are given, and their ratios to the baseline's.
 *
 * A version from before the engine sandbox ran MuPDF in warm threads of the server; this one starts a sandboxed
 * MuPDF process for each job. BENCH_ENGINE_SANDBOX=off runs this checkout's engines unsandboxed in warm processes
 * too, so that the comparison is of the conversion's own work rather than of the sandbox's.
 */

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TOOLS = ["pdf-to-word", "pdf-to-markdown", "pdf-to-html"] as const;
const PAPERS: Array<{ file: string; pageRange?: string }> = [
  { file: "multicolumn.pdf" },
  { file: "GeoTopo-komprimiert.pdf", pageRange: "1-15" },
  { file: "google-doc-document.pdf" },
  { file: "pdflatex-4-pages.pdf" },
];

interface Sample {
  cpu: number;
  wall: number;
}

async function convert(server: ServerProcess, tool: string, file: string, pageRange: string | undefined): Promise<Sample> {
  const start = process.hrtime.bigint();
  const { seconds } = await measureTreeCpu(server.pid, () => runTool(server, tool, [file], pageRange ? { pageRange } : {}));
  return { cpu: seconds, wall: Number(process.hrtime.bigint() - start) / 1e9 };
}

const ratio = (a: number, b: number) => (a / b).toFixed(2);

export async function run(): Promise<void> {
  const baselineRoot = process.env.BENCH_BASELINE;
  if (!baselineRoot) {
    console.log("Set BENCH_BASELINE to a checkout of the earlier version to compare with.");
    return;
  }
  const unsandboxed = process.env.BENCH_ENGINE_SANDBOX === "off";
  const current = await startServerProcess(unsandboxed ? { ENGINE_SANDBOX: "off", MUPDF_CHILDREN_AHEAD: "0" } : {});
  const baseline = await startServerProcess({}, path.resolve(baselineRoot));
  try {
    // Each format's engines start once on each server before anything is timed.
    for (const tool of TOOLS) for (const server of [current, baseline]) await convert(server, tool, corpus(PAPERS[0]!.file), undefined);
    const rows: Array<Array<string | number>> = [];
    const totals = { cpu: [0, 0], wall: [0, 0] };
    for (const paper of PAPERS) {
      for (const tool of TOOLS) {
        const now: Sample[] = [];
        const before: Sample[] = [];
        for (let i = 0; i < RUNS; i++) {
          const order = i % 2 === 0 ? [current, baseline] : [baseline, current];
          for (const server of order) (server === current ? now : before).push(await convert(server, tool, corpus(paper.file), paper.pageRange));
        }
        const cpu = [median(now.map((s) => s.cpu)), median(before.map((s) => s.cpu))] as const;
        const wall = [median(now.map((s) => s.wall)), median(before.map((s) => s.wall))] as const;
        totals.cpu = [totals.cpu[0]! + cpu[0], totals.cpu[1]! + cpu[1]];
        totals.wall = [totals.wall[0]! + wall[0], totals.wall[1]! + wall[1]];
        const name = paper.pageRange ? `${paper.file} p. ${paper.pageRange}` : paper.file;
        rows.push([name, tool.replace("pdf-to-", ""), cpu[0].toFixed(2), cpu[1].toFixed(2), ratio(cpu[0], cpu[1]), wall[0].toFixed(2), wall[1].toFixed(2), ratio(wall[0], wall[1])]);
      }
    }
    const [cpuNow, cpuBefore] = totals.cpu as [number, number];
    const [wallNow, wallBefore] = totals.wall as [number, number];
    rows.push(["all", "", cpuNow.toFixed(2), cpuBefore.toFixed(2), ratio(cpuNow, cpuBefore), wallNow.toFixed(2), wallBefore.toFixed(2), ratio(wallNow, wallBefore)]);
    printTable(["file", "format", "CPU s", "CPU s base", "CPU ×", "wall s", "wall s base", "wall ×"], rows);
    console.log(`\nMedians of ${RUNS} runs each; base: ${baselineRoot}${unsandboxed ? "; this checkout's engines unsandboxed" : ""}. One run on a machine shared with other work.`);
  } finally {
    await current.close();
    await baseline.close();
  }
}
