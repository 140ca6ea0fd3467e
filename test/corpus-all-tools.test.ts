import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_FILES } from "../catalog/file-kinds.js";
import { makePng } from "./helpers/png.js";
import { corpus, corpusPdfs, ENCRYPTED_PDF } from "./helpers/corpus.js";
import { download, postTool, startServer, type TestServer } from "./helpers/server.js";
import { inTurn, SWEEP_TURN } from "./helpers/sweep-turn.js";

/**
 * Every real-world corpus PDF through every tool that turns a PDF into a PDF. No run may end in a server error,
 * and every result must pass `qpdf --check`. Refusals are allowed only where the input deserves one: the file
 * that needs a password (everywhere but Unlock, which opens it with its password) and the file whose page tree
 * is lost (unreadablemetadata.pdf: qpdf and MuPDF find no pages, poppler invents blank ones), which only Repair PDF
 * takes on; each is told with its sentence. Requests go four at a time so that both job slots
 * stay busy. The sweep's time is printed, not asserted: speed is measured by the benchmarks.
 *
 * In the test run each file meets a quarter of the spec's tools and a fifth of the later ones, in turn, so every tool
 * still meets six to eight files of the corpus, and which ones turns from day to day (helpers/sweep-turn.ts);
 * CORPUS_SWEEP=full (`npm run bench corpus-sweep`) sends every file through every tool.
 */

const run = promisify(execFile);
const FULL = process.env.CORPUS_SWEEP === "full";
const PASSWORD = "openpassword";
const UNREADABLE = "unreadablemetadata.pdf";
const drawing = `data:image/png;base64,${makePng(120, 40, (x, y) => (Math.abs(y - 20 - 10 * Math.sin(x / 10)) < 2 ? 0 : 255)).toString("base64")}`;

type Fields = Record<string, string | number | boolean | object>;
/** Each tool with fields that fit any document of `pages` pages. */
const TOOLS: Array<[string, (pages: number) => Fields]> = [
  ["rotate-pdf", () => ({ angle: 90 })],
  ["split-pdf", (pages) => ({ splitMode: "ranges", ranges: pages > 1 ? `1-${pages - 1},${pages}` : "1" })],
  ["delete-pages", (pages) => (pages > 1 ? { pages: String(pages) } : { pages: "1" })],
  ["organize-pdf", (pages) => ({ pageOrder: Array.from({ length: pages }, (_, i) => pages - 1 - i), pageRotations: { "0": 180 } })],
  ["add-watermark", () => ({ watermarkText: "CORPUS" })],
  ["add-page-numbers", () => ({ format: "Page {n} of {total}" })],
  ["compress-pdf", () => ({})],
  ["protect-pdf", () => ({ userPassword: "corpus-pw" })],
  ["repair-pdf", () => ({})],
  ["pdf-to-pdf-a", () => ({})],
  // Some corpus pages are 3.84 points square: the note must fit on them.
  ["annotate-pdf", () => ({ annotations: [{ type: "text", position: { x: 1, y: 1, pageIndex: 0, width: 2, height: 2 }, text: "Checked" }] })],
  ["sign-pdf", () => ({ signatureType: "draw", drawSignatureData: drawing, signaturePage: 1, signatureX: 10, signatureY: 10 })],
];

/**
 * The tools added after the spec's set meet a fifth of the corpus each, in turn (every file still meets one or two of
 * them), so that the sweep keeps within the test run's time; the fuzzer sends every hostile file through all of them.
 */
const SAMPLED_TOOLS: Array<[string, (pages: number) => Fields]> = [
  ["flatten-pdf", () => ({ keepLinks: false })],
  ["remove-blank-pages", () => ({})],
  ["n-up-pdf", () => ({ pagesPerSheet: 4 })],
  ["sanitize-pdf", () => ({ removeLinks: true })],
  ["crop-pdf", () => ({ autoCrop: true, unit: "pt", top: 1 })],
  ["edit-metadata", () => ({ title: "Corpus", creationDate: "2024-05-01T10:20:30+02:00", custom: { Case: "corpus" } })],
  // Corpus pages can be 3.84 points square: the area is cut to the page.
  ["redact-pdf", () => ({ presets: ["email", "phone"], areas: [{ page: 1, x: 0, y: 0, width: 20, height: 20 }] })],
];

/** The tools the corpus file at `index` meets: all of them in the full sweep, else its turn of each list. */
function toolsMeeting(index: number): Array<[string, (pages: number) => Fields]> {
  if (FULL) return [...TOOLS, ...SAMPLED_TOOLS];
  return [...TOOLS.filter((_, i) => inTurn(index, i, 4)), ...SAMPLED_TOOLS.filter((_, i) => inTurn(index, i, 5))];
}

/** Compare PDF takes two: the corpus in pairs of neighbours (the last odd one out against the first), every file once. */
function comparePairs(): Array<[string, string]> {
  const pdfs = corpusPdfs();
  return Array.from({ length: Math.ceil(pdfs.length / 2) }, (_, i) => [pdfs[2 * i]!, pdfs[2 * i + 1] ?? pdfs[0]!]);
}

/** The readable corpus in requests of at most as many files as one may carry. */
function mergeGroups(readable: readonly string[]): string[][] {
  return Array.from({ length: Math.ceil(readable.length / MAX_FILES) }, (_, i) => readable.slice(MAX_FILES * i, MAX_FILES * (i + 1)));
}

interface Outcome {
  tool: string;
  file: string;
  status: number;
  error?: string;
  check?: string;
  /** The input's pages, and the single PDF result's. */
  inputPages?: number;
  pages?: number;
}

/** Whether a result has the pages its tool should leave. */
function pagesAsExpected(o: Outcome): boolean {
  if (o.tool === "delete-pages") return o.pages === o.inputPages! - 1;
  // Blank pages go, never all of them.
  if (o.tool === "remove-blank-pages") return o.pages! >= 1 && o.pages! <= o.inputPages!;
  if (o.tool === "n-up-pdf") return o.pages === Math.ceil(o.inputPages! / 4);
  return o.pages === o.inputPages;
}

let server: TestServer;
const outcomes: Outcome[] = [];

async function pageCount(file: string, password?: string): Promise<number> {
  try {
    const { stdout } = await run("qpdf", ["--show-npages", ...(password ? [`--password=${password}`] : []), file]);
    return Number(stdout.trim());
  } catch (err) {
    // qpdf exits 3 on warnings but still prints the count; the unreadable files count as one page.
    return Number((err as { stdout?: string }).stdout?.trim()) || 1;
  }
}

/** qpdf --check on a result: an empty string when it passes, else qpdf's complaint. */
async function check(file: string, password?: string): Promise<string> {
  try {
    await run("qpdf", ["--check", ...(password ? [`--password=${password}`] : []), file]);
    return "";
  } catch (err) {
    const { code, stdout, stderr } = err as { code?: number; stdout?: string; stderr?: string };
    // Exit 3: warnings only (qpdf could read every object); the file is valid.
    return code === 3 ? "" : `exit ${code}: ${(stderr || stdout || "").slice(0, 300)}`;
  }
}

async function runOne(tool: string, file: string | [string, string], fields: Fields, inputPages?: number): Promise<Outcome> {
  const files = typeof file === "string" ? [file] : file;
  const reply = await postTool(server, tool, files, fields);
  const outcome: Outcome = { tool, file: files.map((f) => path.basename(f)).join(" + "), status: reply.status, error: reply.body.error, inputPages };
  if (reply.status === 200 && reply.body.downloadUrl) {
    const result = await download(server, reply.body.downloadUrl);
    const isZip = (await fs.readFile(result.path)).subarray(0, 2).toString("latin1") === "PK";
    if (isZip) {
      const dir = path.dirname(result.path);
      await run("unzip", ["-q", "-o", result.path, "-d", path.join(dir, "x")]);
      // The PDFs among the parts (Compare PDF's report.json beside its report.pdf).
      const parts = (await fs.readdir(path.join(dir, "x"))).filter((p) => p.endsWith(".pdf"));
      outcome.check = (await Promise.all(parts.map((p) => check(path.join(dir, "x", p))))).filter(Boolean).join("; ");
    } else {
      const password = tool === "protect-pdf" ? "corpus-pw" : undefined;
      outcome.check = await check(result.path, password);
      outcome.pages = await pageCount(result.path, password);
    }
    await fs.rm(path.dirname(result.path), { recursive: true, force: true });
  }
  return outcome;
}

beforeAll(async () => {
  server = await startServer({ rateLimitPerMinute: 0 });
  const started = Date.now();
  const work: Array<() => Promise<Outcome>> = [];
  for (const [index, file] of corpusPdfs().entries()) {
    const pages = await pageCount(file);
    for (const [tool, fields] of toolsMeeting(index)) work.push(() => runOne(tool, file, fields(pages), pages));
  }
  work.push(() => runOne("unlock-pdf", corpus(ENCRYPTED_PDF), { userPassword: PASSWORD }));
  for (const pair of comparePairs()) work.push(() => runOne("compare-pdf", pair, {}));
  // Merge takes several files: every readable corpus file, as many at once as a request may carry, each page kept;
  // the two files it must refuse, each beside a sound one.
  const readable = corpusPdfs().filter((f) => ![ENCRYPTED_PDF, UNREADABLE].includes(path.basename(f)));
  for (const files of mergeGroups(readable)) {
    const pages = (await Promise.all(files.map((f) => pageCount(f)))).reduce((a, b) => a + b, 0);
    work.push(async () => {
      const reply = await postTool(server, "merge-pdf", files);
      const outcome: Outcome = { tool: "merge-pdf", file: `${files.length} corpus files`, status: reply.status, error: reply.body.error, inputPages: pages };
      if (reply.status === 200) {
        const result = await download(server, reply.body.downloadUrl!);
        outcome.check = await check(result.path);
        outcome.pages = await pageCount(result.path);
      }
      return outcome;
    });
  }
  for (const refused of [ENCRYPTED_PDF, UNREADABLE]) work.push(() => runOne("merge-pdf", [corpus(refused), corpus("minimal-document.pdf")], {}));
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < work.length) outcomes.push(await work[next++]!());
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  console.log(`corpus sweep: ${work.length} runs in ${seconds.toFixed(1)} s (SWEEP_TURN=${SWEEP_TURN})`);
}, 600_000);
afterAll(async () => server?.close());

describe("every corpus PDF through every PDF-to-PDF tool", () => {
  it("has the corpus", () => {
    expect(corpusPdfs().length).toBeGreaterThan(25);
  });

  it("never answers with a server error", () => {
    const errors = outcomes.filter((o) => o.status >= 500).map((o) => `${o.tool} ${o.file}: ${o.status} ${o.error}`);
    expect(errors).toEqual([]);
  });

  it("refuses only the password-protected file and the one without a page tree, with their sentences", () => {
    const unexpected = outcomes
      .filter((o) => o.status !== 200)
      .filter((o) => {
        // Deleting the only page of a one-page file is a mistake of the request, told as such.
        if (o.tool === "delete-pages" && o.status === 400 && o.error === "You cannot delete every page: at least one page must remain.") return false;
        // A corpus file whose every page is blank keeps its pages.
        if (o.tool === "remove-blank-pages" && o.status === 422 && /Every page of this document is blank/.test(o.error ?? "")) return false;
        const files = o.file.split(" + ");
        if (files.includes(ENCRYPTED_PDF) && o.tool !== "unlock-pdf") return !(o.status === 422 && /password-protected/.test(o.error ?? ""));
        if (files.includes(UNREADABLE) && o.tool !== "repair-pdf") return !(o.status === 422 && /could not be read/.test(o.error ?? ""));
        return true;
      })
      .map((o) => `${o.tool} ${o.file}: ${o.status} ${o.error}`);
    expect(unexpected).toEqual([]);
    const toolRuns = corpusPdfs().reduce((sum, _, index) => sum + toolsMeeting(index).length, 0);
    const mergeRuns = Math.ceil((corpusPdfs().length - 2) / MAX_FILES) + 2;
    expect(outcomes.length).toBe(toolRuns + comparePairs().length + mergeRuns + 1);
    // Every tool met the corpus.
    for (const [tool] of [...TOOLS, ...SAMPLED_TOOLS]) expect(outcomes.filter((o) => o.tool === tool).length, tool).toBeGreaterThanOrEqual(FULL ? 30 : 6);
  });

  it("keeps every page, except the one delete-pages was asked to remove", () => {
    const lost = outcomes
      .filter((o) => o.status === 200 && o.pages !== undefined && o.inputPages !== undefined && o.file !== UNREADABLE)
      .filter((o) => !pagesAsExpected(o))
      .map((o) => `${o.tool} ${o.file}: ${o.inputPages} pages in, ${o.pages} out`);
    expect(lost).toEqual([]);
    // Single results were counted at all: the check above is not empty.
    expect(outcomes.filter((o) => o.pages !== undefined).length).toBeGreaterThan(corpusPdfs().length * (FULL ? 8 : 2));
  });

  it("produces files that pass qpdf --check", () => {
    const bad = outcomes.filter((o) => o.status === 200 && o.check !== "").map((o) => `${o.tool} ${o.file}: ${o.check}`);
    expect(bad).toEqual([]);
  });
});
