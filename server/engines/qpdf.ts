import { EngineFailure } from "../errors.js";
import os from "node:os";
import { classifyRunFailure, EngineError, runProcess, setEngineConcurrency, type RunResult } from "./process-runner.js";
import type { EngineContext } from "./context.js";
import { qpdfFailureKind } from "../../pdf-ops/qpdf-failure.js";
import { assembleArgs, mergeArgs, overlayArgs, type PageSource } from "../../pdf-ops/qpdf-args.js";
import { countPageLines, pageTreeArgs, readPageTree, warnsAboutTree, type PageTreeReading } from "../../pdf-ops/qpdf-inspection.js";

/**
 * qpdf: page assembly, rotation, overlays, encryption and structural checks. Exit code 3 means "done, with
 * warnings" (qpdf repaired something on the way), which counts as success.
 */

/**
 * Most qpdf runs take a few milliseconds of one core, about as long as building their sandbox, during which they hold
 * their turn without using a core: with one turn a core, the cores would be idle half the time under load.
 */
setEngineConcurrency("qpdf", 2 * os.availableParallelism());

/** What a failed qpdf run means (see qpdfFailureKind). */
export function qpdfFailure(err: unknown, passwordGiven: boolean): unknown {
  return classifyRunFailure(err, (e) => qpdfFailureKind(e.stderr, passwordGiven));
}

/** `strict` refuses what qpdf could only do by repairing the input (exit code 3), for callers with a careful fallback. */
export async function qpdf(args: readonly string[], ctx: EngineContext, { strict = false } = {}): Promise<string> {
  try {
    const { stdout } = await runProcess({
      engine: "qpdf",
      command: "qpdf",
      args: ["--no-warn", ...args],
      cwd: ctx.workDir,
      timeoutMs: ctx.timeoutMs,
      signal: ctx.signal,
      okExitCodes: strict ? [0] : [0, 3],
    });
    return stdout.toString("utf8");
  } catch (err) {
    throw qpdfFailure(err, args.some((a) => a.startsWith("--password=")));
  }
}

export async function pageCount(file: string, ctx: EngineContext, password?: string): Promise<number> {
  const args = password === undefined ? ["--show-npages", file] : [`--password=${password}`, "--show-npages", file];
  const out = await qpdf(args, ctx);
  const n = Number(out.trim());
  if (!Number.isInteger(n)) throw new EngineFailure("damaged", "qpdf", `unexpected page count output: ${out.slice(0, 100)}`);
  return n;
}

/**
 * The pages qpdf finds by walking the page tree (--show-npages only reads the root's /Count, which may lie), and
 * whether it warned about the tree on the way (exit code 3 with a page listed twice, a kid that is no page, a
 * wrong /Count). A loop in the tree is an EngineError.
 */
export async function walkedPageCount(file: string, ctx: EngineContext): Promise<{ pages: number; treeWarnings: boolean }> {
  const { stdout, stderr, exitCode } = await runProcess({
    engine: "qpdf",
    command: "qpdf",
    args: ["--show-pages", file],
    cwd: ctx.workDir,
    timeoutMs: ctx.timeoutMs,
    signal: ctx.signal,
    okExitCodes: [0, 3],
  });
  return { pages: countPageLines(stdout.toString("utf8")), treeWarnings: warnsAboutTree(exitCode, stderr) };
}

/** What one look at a file tells: its stated page count and the pages its tree really holds. */
export type PdfInspection = PageTreeReading;

/**
 * What a tool needs to know before it starts, in one qpdf run: the count and the walk. qpdf stops the walk at a loop
 * in the tree; the count and the walk are then asked for on their own, so that a file whose /Count can be read gets
 * its tree rebuilt rather than the whole file.
 */
export async function inspectPdf(file: string, ctx: EngineContext): Promise<PdfInspection> {
  const { stdout, stderr, exitCode } = await qpdfReading(pageTreeArgs(file), ctx);
  const reading = readPageTree(stdout.toString("utf8"), stderr, exitCode);
  if (exitCode === 2 || !reading) {
    const count = await pageCount(file, ctx);
    // A tree that loops stops the walk: a tree to rebuild, in a file whose /Count can still be read.
    const walked = await walkedPageCount(file, ctx).catch((err: unknown) => {
      if (err instanceof EngineError) return { pages: 0, treeWarnings: true };
      throw err;
    });
    return { pageCount: count, walkedPages: walked.pages, treeWarnings: walked.treeWarnings };
  }
  return reading;
}

/**
 * A qpdf run that reads a file which may be damaged: its exit (0, 3 with warnings, 2 with errors) is the caller's
 * to read, except a password it cannot get past, which is the file's encryption.
 */
export async function qpdfReading(args: readonly string[], ctx: EngineContext): Promise<RunResult> {
  let run;
  try {
    run = await runProcess({ engine: "qpdf", command: "qpdf", args, cwd: ctx.workDir, timeoutMs: ctx.timeoutMs, signal: ctx.signal, okExitCodes: [0, 2, 3] });
  } catch (err) {
    throw qpdfFailure(err, false);
  }
  if (run.exitCode === 2 && /invalid password/.test(run.stderr)) throw new EngineFailure("encrypted", "qpdf", run.stderr);
  return run;
}

export type { PageSource };

/** Builds a new document from pages of others, in order. The first source's document-level data is kept. */
export async function assemblePages(
  sources: readonly PageSource[],
  output: string,
  ctx: EngineContext,
  extraArgs: readonly string[] = [],
): Promise<void> {
  await qpdf(assembleArgs(sources, output, extraArgs), ctx);
}

/** Merges whole documents with an empty base, so that no input's catalogue wins over the others'. */
export async function mergeDocuments(files: readonly string[], output: string, ctx: EngineContext, options: { strict?: boolean } = {}): Promise<void> {
  await qpdf(mergeArgs(files, output), ctx, options);
}

/** Lays pages of `stamp` over pages of `input` (see overlayArgs). */
export async function overlay(
  input: string,
  stamp: string,
  output: string,
  ctx: EngineContext,
  pairing: { to: string; from: string },
): Promise<void> {
  await qpdf(overlayArgs(input, stamp, output, pairing), ctx);
}

/** Whether the document has any bookmarks: qpdf reads only the outline tree, far cheaper than opening it in MuPDF. */
export async function hasOutline(file: string, ctx: EngineContext): Promise<boolean> {
  const json = JSON.parse(await qpdf(["--json", "--json-key=outlines", file], ctx)) as { outlines?: unknown[] };
  return (json.outlines?.length ?? 0) > 0;
}

export async function check(file: string, ctx: EngineContext): Promise<void> {
  await qpdf(["--check", file], ctx);
}
