import path from "node:path";
import { DamagedPdfError, EngineFailure, failedWith, replyForFailure, TooManyPagesError } from "../errors.js";
import { inspectPdf, pageCount, walkedPageCount, type PdfInspection } from "../engines/qpdf.js";
import { runMupdf } from "../engines/mupdf/pool.js";
import { treeIsSound } from "../../pdf-ops/qpdf-inspection.js";
import { checkOnTheWayIn } from "./check-on-the-way-in.js";
import { EngineError } from "../engines/process-runner.js";
import type { InputFile, ProcessorContext } from "../work/types.js";

export { repairNote } from "../../pdf-ops/repair-note.js";

/** A PDF that qpdf can read: the upload itself, or a copy MuPDF repaired. */
export interface ReadablePdf {
  path: string;
  name: string;
  pageCount: number;
  repaired: boolean;
}

export interface OpenOptions {
  /**
   * Check the file with qpdf on the way in (checkVerdict, beside the look at its pages): for tools whose results are
   * qpdf copies of it (marked copiedByQpdfFrom), which are then as sound as this check says without a check of their
   * own.
   */
  check?: boolean;
}

/** What qpdf finds in a file, with the check's verdict, still coming, where it was asked for. */
type Inspection = PdfInspection & { checkExit?: Promise<number> };

let repairCounter = 0;

/**
 * Makes sure a PDF can be worked on. qpdf reconstructs most broken cross-reference tables by itself; where it
 * gives up, MuPDF's more forgiving parser rewrites the file; where both fail the visitor is told the file is not
 * readable. Files that need a password to open are refused here, before any tool touches them.
 */
export async function openPdfInput(file: InputFile, ctx: ProcessorContext, options: OpenOptions = {}): Promise<ReadablePdf> {
  let source = file.path;
  let found = await readableInspection(file, source, ctx, options);
  let repaired = false;
  // A page tree that loops, lists a page twice or states a wrong /Count breaks the engines in different ways
  // (qpdf "Loop detected", MuPDF "cycle in page tree", "invalid page number"): its pages go under a fresh tree.
  if (found && !treeIsSound(found)) {
    // The check of a file given up for its rewrite ends before anything else starts, as the job's other runs do.
    await found.checkExit;
    const rewritten = await rewrittenPageTree(file, ctx);
    if (rewritten) {
      source = rewritten;
      found = await readableInspection(file, source, ctx, options);
      repaired = true;
    } else found = undefined;
  }
  // qpdf gave up, or recovered a file with no pages it could find: let MuPDF rebuild the file.
  if (!found?.pageCount) {
    await found?.checkExit;
    source = path.join(ctx.workDir, `repaired-${++repairCounter}.pdf`);
    try {
      await runMupdf("repair", { input: file.path, output: source }, ctx);
    } catch (err) {
      throw err instanceof EngineFailure ? replyForFailure(err, file.name) : err;
    }
    found = await readableInspection(file, source, ctx, options);
    // What MuPDF could not read it may have written as null: a page that is no page is no file to work on.
    if (found && !treeIsSound(found)) found = undefined;
    repaired = true;
  }
  if (!found?.pageCount) throw new DamagedPdfError(file.name);
  const count = found.pageCount;
  if (count > ctx.maxPages) throw new TooManyPagesError(ctx.maxPages);
  ctx.allowPages?.(count);
  return { path: source, name: file.name, pageCount: count, repaired };
}

/**
 * The upload with its pages under a fresh page tree where its tree loops or miscounts, for tools that read the
 * file themselves (Repair); the upload as it is otherwise, or where it cannot be read at all.
 */
export async function withSoundPageTree(file: InputFile, ctx: ProcessorContext): Promise<{ file: InputFile; rewritten: boolean }> {
  let count: number | undefined;
  try {
    count = await pageCount(file.path, ctx);
  } catch (err) {
    if (err instanceof EngineError || err instanceof EngineFailure) return { file, rewritten: false };
    throw err;
  }
  if (await pageTreeIsSound(file.path, count, ctx)) return { file, rewritten: false };
  const rewritten = await rewrittenPageTree(file, ctx);
  return rewritten ? { file: { ...file, path: rewritten }, rewritten: true } : { file, rewritten: false };
}

/** Whether walking the page tree finds the pages its /Count states, with no warning about the tree. */
export async function pageTreeIsSound(source: string, count: number, ctx: ProcessorContext): Promise<boolean> {
  try {
    const walked = await walkedPageCount(source, ctx);
    return walked.pages === count && !walked.treeWarnings;
  } catch (err) {
    if (err instanceof EngineError || err instanceof EngineFailure) return false;
    throw err;
  }
}

/** The file with its pages under a fresh page tree, or undefined where MuPDF finds none (or too many) to keep. */
async function rewrittenPageTree(file: InputFile, ctx: ProcessorContext): Promise<string | undefined> {
  const output = path.join(ctx.workDir, `page-tree-${++repairCounter}.pdf`);
  try {
    const { pageCount: found } = await runMupdf("rewritePageTree", { input: file.path, output, maxPages: ctx.maxPages }, ctx);
    if (found > ctx.maxPages) throw new TooManyPagesError(ctx.maxPages);
    return found > 0 ? output : undefined;
  } catch (err) {
    if (err instanceof EngineFailure && err.kind !== "timed-out") return undefined;
    throw err;
  }
}

/** What qpdf finds in the file, or undefined where it cannot read it. */
async function readableInspection(file: InputFile, source: string, ctx: ProcessorContext, options: OpenOptions): Promise<Inspection | undefined> {
  // The check decodes every stream, the look at the pages reads the page tree: side by side, each on a core.
  const checking = options.check ? checkOnTheWayIn(source, ctx) : undefined;
  try {
    const found = await inspectPdf(source, ctx);
    return { ...found, checkExit: checking };
  } catch (err) {
    await checking?.catch(() => undefined);
    // A file qpdf cannot read (or falls over on) goes to MuPDF's repairing parser; anything else is answered.
    if (failedWith(err, "damaged", "crashed")) return undefined;
    throw err instanceof EngineFailure ? replyForFailure(err, file.name) : err;
  }
}

/**
 * A copy with every content stream rewritten by MuPDF's repairing parser, for a tool whose engine gives up on a
 * stream whose data is damaged halfway: the copy keeps what of it still decodes. A file even MuPDF cannot read is
 * refused as damaged.
 */
export async function withContentRebuilt(source: string, ctx: ProcessorContext, name = path.basename(source)): Promise<string> {
  const output = path.join(ctx.workDir, `content-rebuilt-${++repairCounter}.pdf`);
  try {
    await runMupdf("rewriteWithMupdf", { input: source, output, garbage: "compact", clean: true, rebuildPageTree: false }, ctx);
  } catch (err) {
    if (err instanceof EngineFailure && err.kind !== "timed-out") throw new DamagedPdfError(name);
    throw err;
  }
  return output;
}

/** Opens several inputs side by side (each engine's concurrency cap still applies). */
export async function openPdfInputs(files: readonly InputFile[], ctx: ProcessorContext): Promise<ReadablePdf[]> {
  return Promise.all(files.map((file) => openPdfInput(file, ctx)));
}
