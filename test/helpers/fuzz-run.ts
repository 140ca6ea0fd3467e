import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { TOOLS } from "../../catalog/tools.js";
import { makePng } from "./png.js";
import type { Mutant } from "./pdf-mutants.js";
import type { Prng } from "./prng.js";
import type { TestServer } from "./server.js";

/**
 * Sends damaged and hostile PDFs through the tools over HTTP and judges every answer: never a 5xx, always an
 * answer before the deadline, every PDF given back passes `qpdf --check` with the pages expected, and the server
 * answers GET /api/health within a second the whole time. Shared by test/fuzz.test.ts (a small seeded set) and
 * bench/robustness.bench.ts (the long run).
 */

const exec = promisify(execFile);

type Fields = Record<string, string | number | boolean | object>;
/** What a tool gives back for a PDF of n pages. */
type Expect = "same" | "one-fewer" | "twice" | "parts" | "other";

const PASSWORD = "fuzz-pw";
const drawing = `data:image/png;base64,${makePng(60, 20, (x, y) => (Math.abs(y - 10 - 5 * Math.sin(x / 5)) < 2 ? 0 : 255)).toString("base64")}`;

/** Fields and expectations for every tool that takes a PDF; a catalogue tool missing here fails the run. */
const TOOL_PLANS: Record<string, { fields: Fields; expect: Expect; copies?: number }> = {
  "merge-pdf": { fields: {}, expect: "twice", copies: 2 },
  "split-pdf": { fields: { splitMode: "every-page" }, expect: "parts" },
  "compress-pdf": { fields: {}, expect: "same" },
  "organize-pdf": { fields: { pageRotations: { "0": 90 } }, expect: "same" },
  "delete-pages": { fields: { pages: "1" }, expect: "one-fewer" },
  "rotate-pdf": { fields: { angle: 90 }, expect: "same" },
  "add-watermark": { fields: { watermarkText: "FUZZ" }, expect: "same" },
  "add-page-numbers": { fields: {}, expect: "same" },
  "annotate-pdf": {
    fields: { annotations: [{ type: "text", position: { x: 1, y: 1, pageIndex: 0, width: 2, height: 2 }, text: "Fuzz" }] },
    expect: "same",
  },
  "repair-pdf": { fields: {}, expect: "same" },
  "extract-text": { fields: {}, expect: "other" },
  "protect-pdf": { fields: { userPassword: PASSWORD }, expect: "same" },
  "unlock-pdf": { fields: { userPassword: PASSWORD }, expect: "same" },
  "sign-pdf": { fields: { signatureType: "draw", drawSignatureData: drawing, signaturePage: 1, signatureX: 10, signatureY: 10 }, expect: "same" },
  "pdf-to-word": { fields: {}, expect: "other" },
  "pdf-to-jpg": { fields: { imageResolution: 72 }, expect: "other" },
  "pdf-to-excel": { fields: {}, expect: "other" },
  "pdf-to-ppt": { fields: {}, expect: "other" },
  "pdf-to-html": { fields: {}, expect: "other" },
  "pdf-to-text": { fields: {}, expect: "other" },
  "ocr-pdf": { fields: { deskew: false, enhanceDocument: false, dpi: 150 }, expect: "same" },
  "pdf-to-markdown": { fields: {}, expect: "other" },
  "pdf-to-epub": { fields: {}, expect: "other" },
  "pdf-to-png": { fields: { imageResolution: 72 }, expect: "other" },
  "pdf-to-svg": { fields: {}, expect: "other" },
  "pdf-to-pdf-a": { fields: {}, expect: "same" },
  "pdf-to-rtf": { fields: {}, expect: "other" },
  "flatten-pdf": { fields: {}, expect: "same" },
  "remove-blank-pages": { fields: {}, expect: "other" },
  "n-up-pdf": { fields: { pagesPerSheet: 2 }, expect: "other" },
  "extract-images": { fields: { minWidth: 1, minHeight: 1 }, expect: "other" },
  "sanitize-pdf": { fields: { removeLinks: true }, expect: "same" },
  "redact-pdf": { fields: { presets: ["email"], areas: [{ page: 1, x: 0, y: 0, width: 20, height: 20 }] }, expect: "same" },
  "crop-pdf": { fields: { autoCrop: true, top: 1 }, expect: "same" },
  "edit-metadata": { fields: { title: "Fuzz", custom: { Case: "fuzz" } }, expect: "same" },
  // The mutant against itself: its words read, its pages drawn and compared, the report written.
  "compare-pdf": { fields: {}, expect: "other", copies: 2 },
};

/** Every catalogue tool that works on PDFs, each once (aliases and the format dispatcher left out). */
export function pdfTools(): string[] {
  return TOOLS.filter((t) => t.accepts.includes("pdf") && !t.sameAs && !t.dispatchField).map((t) => t.id);
}

export function missingPlans(): string[] {
  return pdfTools().filter((id) => !TOOL_PLANS[id]);
}

export interface FuzzCase {
  tool: string;
  mutant: Mutant;
}

export interface FuzzOutcome {
  tool: string;
  mutant: string;
  /** 0: no answer before the deadline. */
  status: number;
  ms: number;
  error?: string;
  /** What was wrong with a result (a failed check, the wrong number of pages); undefined when it was right. */
  problem?: string;
  /**
   * A result that fails qpdf --check only with faults the upload already had (an undecodable stream, a broken
   * trailer string), passed on as they were. Counted apart: checking outputs belongs to the jobs' output check.
   */
  inheritedDamage?: string;
}

export interface FuzzReport {
  outcomes: FuzzOutcome[];
  healthChecks: number;
  /** Health answers slower than a second, or not given. */
  slowHealth: number;
  slowestHealthMs: number;
  seconds: number;
}

/** Each case's tool and mutant, or for `toolsPerMutant`, that many tools drawn for each mutant. */
export function planCases(mutants: readonly Mutant[], tools: readonly string[], rng: Prng, toolsPerMutant?: number): FuzzCase[] {
  const cases: FuzzCase[] = [];
  for (const mutant of mutants) {
    const chosen = toolsPerMutant === undefined ? tools : Array.from({ length: toolsPerMutant }, () => rng.pick(tools));
    for (const tool of new Set(chosen)) cases.push({ tool, mutant });
  }
  return cases;
}

export async function runFuzz(
  server: TestServer,
  cases: readonly FuzzCase[],
  { concurrency = 2, deadlineMs = 90_000, onOutcome }: { concurrency?: number; deadlineMs?: number; onOutcome?: (o: FuzzOutcome) => void } = {},
): Promise<FuzzReport> {
  // The first health check probes every engine; a running server has done so before any visitor's file arrives.
  await fetch(`${server.url}/api/health`);
  const started = Date.now();
  const health = watchHealth(server);
  const outcomes: FuzzOutcome[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < cases.length) {
        const outcome = await runCase(server, cases[next++]!, deadlineMs);
        outcomes.push(outcome);
        onOutcome?.(outcome);
      }
    }),
  );
  const { checks, slow, slowestMs } = await health.stop();
  return { outcomes, healthChecks: checks, slowHealth: slow, slowestHealthMs: slowestMs, seconds: (Date.now() - started) / 1000 };
}

/** Asks GET /api/health four times a second until stopped; counts answers slower than a second. */
function watchHealth(server: TestServer) {
  let stopped = false;
  let checks = 0;
  let slow = 0;
  let slowestMs = 0;
  const loop = (async () => {
    while (!stopped) {
      const t = performance.now();
      const ok = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(1000) })
        .then((r) => r.status === 200)
        .catch(() => false);
      const ms = performance.now() - t;
      checks++;
      slowestMs = Math.max(slowestMs, ms);
      if (!ok || ms > 1000) slow++;
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
      return { checks, slow, slowestMs };
    },
  };
}

async function runCase(server: TestServer, { tool, mutant }: FuzzCase, deadlineMs: number): Promise<FuzzOutcome> {
  const plan = TOOL_PLANS[tool];
  if (!plan) return { tool, mutant: mutant.name, status: 0, ms: 0, problem: "no plan for this tool" };
  const form = new FormData();
  for (let i = 0; i < (plan.copies ?? 1); i++) form.append("files", new Blob([mutant.data], { type: "application/pdf" }), `fuzz-${i}.pdf`);
  for (const [key, value] of Object.entries(plan.fields)) form.append(key, typeof value === "object" ? JSON.stringify(value) : String(value));
  const t = performance.now();
  let status: number;
  let text: string;
  try {
    const res = await fetch(`${server.url}/api/process/${tool}`, { method: "POST", body: form, signal: AbortSignal.timeout(deadlineMs) });
    status = res.status;
    text = await res.text();
  } catch (err) {
    return { tool, mutant: mutant.name, status: 0, ms: performance.now() - t, error: `no answer: ${(err as Error).message}` };
  }
  let body: { error?: string; downloadUrl?: string };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    body = { error: `not JSON: ${text.slice(0, 100)}` };
  }
  const outcome: FuzzOutcome = { tool, mutant: mutant.name, status, ms: performance.now() - t, error: body.error };
  if (status === 200 && body.downloadUrl) {
    const problem = await judgeResult(server, body.downloadUrl, plan.expect, tool, mutant);
    if (problem && (await isInheritedDamage(problem, mutant))) outcome.inheritedDamage = problem;
    else if (problem) outcome.problem = problem;
  }
  return outcome;
}

/** Checks a result with qpdf: undefined when it is sound and has the pages the mutant should give. */
async function judgeResult(server: TestServer, downloadUrl: string, expect: Expect, tool: string, mutant: Mutant): Promise<string | undefined> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "pdf-toolbox-fuzz-"));
  try {
    const res = await fetch(`${server.url}${downloadUrl}`);
    const data = Buffer.from(await res.arrayBuffer());
    if (expect === "other") return data.length > 0 ? undefined : "empty result";
    const file = path.join(dir, "result");
    await fs.writeFile(file, data);
    let files = [file];
    if (data.subarray(0, 2).toString("latin1") === "PK") {
      await exec("unzip", ["-q", "-o", file, "-d", path.join(dir, "parts")]);
      files = (await fs.readdir(path.join(dir, "parts"))).map((f) => path.join(dir, "parts", f));
    }
    const password = tool === "protect-pdf" ? PASSWORD : undefined;
    let pages = 0;
    for (const f of files) {
      const problem = await qpdfProblem(f, password);
      if (problem) return problem;
      pages += await qpdfPages(f, password);
    }
    return pageProblem(pages, expect, mutant);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

function pageProblem(pages: number, expect: Expect, mutant: Mutant): string | undefined {
  const scale = (n: number) => (expect === "twice" ? 2 * n : expect === "one-fewer" ? n - 1 : n);
  if (mutant.pages !== undefined && pages !== scale(mutant.pages)) return `${pages} pages, expected ${scale(mutant.pages)}`;
  if (mutant.atMostPages !== undefined && (pages < scale(1) || pages > scale(mutant.atMostPages))) {
    return `${pages} pages, expected ${scale(1)} to ${scale(mutant.atMostPages)}`;
  }
  return undefined;
}

/** A qpdf --check finding without the file name, offsets and object numbers, which a rewrite changes. */
function findingOf(line: string): string {
  const at = line.lastIndexOf("): ");
  return (at >= 0 ? line.slice(at + 3) : line).replace(/\d+/g, "#").trim();
}

/** Whether every fault qpdf --check finds in a result was already in the upload (passed on, not made). */
async function isInheritedDamage(problem: string, mutant: Mutant): Promise<boolean> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "pdf-toolbox-fuzz-"));
  try {
    const file = path.join(dir, "input.pdf");
    await fs.writeFile(file, mutant.data);
    const before = await qpdfProblem(file);
    if (!before) return false;
    const known = new Set(before.split("\n").map(findingOf));
    const lines = problem.split("\n").filter((line) => line.includes("WARNING") || line.includes("ERROR"));
    return lines.length > 0 && lines.every((line) => known.has(findingOf(line)));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

async function qpdfProblem(file: string, password?: string): Promise<string | undefined> {
  try {
    await exec("qpdf", ["--check", ...(password ? [`--password=${password}`] : []), file], { maxBuffer: 64 * 1024 * 1024 });
    return undefined;
  } catch (err) {
    const { code, stdout, stderr } = err as { code?: number; stdout?: string; stderr?: string };
    // Exit 3: warnings only; qpdf read every object.
    return code === 3 ? undefined : `qpdf --check exit ${code}: ${(stderr || stdout || "").slice(0, 2000)}`;
  }
}

export async function qpdfPages(file: string, password?: string): Promise<number> {
  try {
    const { stdout } = await exec("qpdf", ["--show-npages", ...(password ? [`--password=${password}`] : []), file]);
    return Number(stdout.trim());
  } catch (err) {
    return Number((err as { stdout?: string }).stdout?.trim()) || 0;
  }
}

/** Counts by status and the failures, for printing. */
export function summarize(report: FuzzReport): { byStatus: Record<string, number>; failures: string[]; inherited: string[] } {
  const byStatus: Record<string, number> = {};
  for (const o of report.outcomes) byStatus[o.status] = (byStatus[o.status] ?? 0) + 1;
  const inherited = report.outcomes.filter((o) => o.inheritedDamage).map((o) => `${o.tool} ${o.mutant}: damage of the upload passed on: ${o.inheritedDamage!.slice(0, 200)}`);
  const failures = report.outcomes
    .filter((o) => o.status === 0 || o.status >= 500 || o.problem)
    .map((o) => `${o.tool} ${o.mutant}: ${o.status} ${o.error ?? ""} ${o.problem ?? ""} (${(o.ms / 1000).toFixed(1)} s)`.trim());
  return { byStatus, failures, inherited };
}
