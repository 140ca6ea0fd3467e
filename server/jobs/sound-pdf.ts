import fs from "node:fs/promises";
import path from "node:path";
import type { EngineContext } from "../engines/context.js";
import { runMupdf } from "../engines/mupdf/pool.js";
import { EngineError } from "../engines/process-runner.js";
import { checkVerdict } from "../engines/qpdf-check.js";
import { qpdf } from "../engines/qpdf.js";
import { EngineFailure, failedWith, UserError } from "../errors.js";
import { list, msg, toolName } from "../i18n/message.js";
import type { OutputFile, OutputGroup, ToolResult } from "../work/types.js";

/**
 * No job hands out a broken PDF. Every PDF a processor returns gets `qpdf --check`'s verdict (checkVerdict, which
 * finds it without qpdf 11's needless recompression) before it is published; one that
 * fails is rebuilt (qpdf's rewrite first, MuPDF's repairing parser where qpdf gives up) and checked again, and one
 * that still fails ends the job with a sentence naming it. The reply says which results were rebuilt. A damaged input often survives a tool untouched (a
 * compression that gained nothing returns the upload itself), so this is where it is caught.
 *
 * qpdf's exit codes: 0 sound; 3 readable, with warnings about something it recovered; 2 errors. Warnings are worth
 * one rebuild, and are accepted when the rebuild does no better; errors never are.
 */

export class UnsoundOutputError extends UserError {
  constructor(fileName: string) {
    super(msg("errors.unsoundOutput", { name: fileName, repair: toolName("repair-pdf") }), 422, "unsound_output");
  }
}

const PASSES = 0;
const WARNINGS = 3;

let rebuildCounter = 0;

async function isPdf(file: OutputFile): Promise<boolean> {
  if (file.name.toLowerCase().endsWith(".pdf")) return true;
  const handle = await fs.open(file.path, "r");
  try {
    const head = Buffer.alloc(5);
    await handle.read(head, 0, 5, 0);
    return head.toString("latin1") === "%PDF-";
  } finally {
    await handle.close();
  }
}

/** qpdf --check's verdict; a file that needs a password to open is judged by its structure only, which qpdf reads. */
async function checkExit(file: string, ctx: EngineContext): Promise<number> {
  try {
    return await checkVerdict(file, ctx);
  } catch (err) {
    // A PDF the tool itself protected (Protect PDF) is sound when qpdf can walk it with its password unknown.
    if (failedWith(err, "encrypted", "wrong-password")) return PASSES;
    throw err;
  }
}

type Rebuilder = (input: string, output: string, ctx: EngineContext) => Promise<void>;

const REBUILDERS: Rebuilder[] = [
  async (input, output, ctx) => {
    await qpdf([input, output], ctx);
  },
  // MuPDF's repairing parser, with content streams rewritten: a stream whose data is damaged halfway (which qpdf
  // copies as it is) comes out as the part that still decodes.
  async (input, output, ctx) => {
    await runMupdf("rewriteWithMupdf", { input, output, garbage: "compact", clean: true, rebuildPageTree: false }, ctx);
  },
];

/** The rebuilt copy's path and its check, or undefined where this way of rebuilding could not read the file. */
async function rebuild(rebuilder: Rebuilder, input: string, ctx: EngineContext): Promise<{ path: string; exit: number } | undefined> {
  const output = path.join(ctx.workDir, `sound-${++rebuildCounter}.pdf`);
  try {
    await rebuilder(input, output, ctx);
    return { path: output, exit: await checkExit(output, ctx) };
  } catch (err) {
    if (err instanceof EngineError || err instanceof EngineFailure) return undefined;
    throw err;
  }
}

/** qpdf --check's exit code, or undefined where qpdf could not run its check to the end. */
async function checkedOrUnreadable(file: string, ctx: EngineContext): Promise<number | undefined> {
  return checkExit(file, ctx).catch((err: unknown) => {
    if (err instanceof EngineError || err instanceof EngineFailure) return undefined;
    throw err;
  });
}

/** Sources of qpdf copies, each checked once for all its copies (the exit code, as a promise). */
export type SourceChecks = Map<string, Promise<number | undefined>>;

/** The file itself when sound, else a sound rebuilt copy under the same name; throws when neither can be had. */
export async function soundPdf(file: OutputFile, ctx: EngineContext, sources: SourceChecks = new Map()): Promise<OutputFile> {
  // The processor checked this very file and answers for it: Repair says in its reply what qpdf still reports
  // about a file it could only repair so far, which its conservative mode keeps byte for byte on purpose.
  if (file.checkedExitCode !== undefined) return file;
  if (file.copiedByQpdfFrom && file.copiedByQpdfFrom.length > 0) {
    let allPass = true;
    for (const source of file.copiedByQpdfFrom) {
      if (!sources.has(source)) sources.set(source, checkedOrUnreadable(source, ctx));
      allPass &&= (await sources.get(source)) === PASSES;
    }
    if (allPass) return file;
  }
  if (!(await isPdf(file))) return file;
  const exit = await checkedOrUnreadable(file.path, ctx);
  if (exit === PASSES) return file;
  for (const rebuilder of REBUILDERS) {
    const rebuilt = await rebuild(rebuilder, file.path, ctx);
    if (rebuilt?.exit === PASSES) return { ...file, path: rebuilt.path, checkedExitCode: PASSES };
  }
  if (exit === WARNINGS) return file;
  throw new UnsoundOutputError(file.name);
}

async function soundGroup<G extends OutputGroup>(group: G, ctx: EngineContext, rebuilt: string[], sources: SourceChecks): Promise<G> {
  const files: OutputFile[] = [];
  // One at a time: a split into hundreds of files must not start hundreds of checks at once.
  for (const file of group.files) {
    const sound = await soundPdf(file, ctx, sources);
    if (sound.path !== file.path) rebuilt.push(file.name);
    files.push(sound);
  }
  return { ...group, files };
}

/** The result with every PDF in it sound, checked under the job's signal so that the deadline covers the checks. */
export async function soundOutputs(result: ToolResult, ctx: EngineContext, checkedOnTheWayIn: ReadonlyMap<string, Promise<number>> = new Map()): Promise<ToolResult> {
  const rebuilt: string[] = [];
  const sources: SourceChecks = new Map(checkedOnTheWayIn);
  const sound = await soundGroup(result, ctx, rebuilt, sources);
  if (result.extraction) sound.extraction = await soundGroup(result.extraction, ctx, rebuilt, sources);
  if (rebuilt.length === 0) return sound;
  const note = msg("results.rebuiltOutput", { count: rebuilt.length, names: list(rebuilt), repair: toolName("repair-pdf") });
  return { ...sound, message: [sound.message ?? "", note] };
}
