import path from "node:path";
import { DamagedPdfError, EngineFailure, failedWith, replyForFailure, TooManyPagesError } from "../errors.js";
import { pageCount } from "../engines/qpdf.js";
import { runMupdf } from "../engines/mupdf/pool.js";
import type { InputFile, ProcessorContext } from "../tools/types.js";

/** A PDF that qpdf can read: the upload itself, or a copy MuPDF repaired. */
export interface ReadablePdf {
  path: string;
  name: string;
  pageCount: number;
  repaired: boolean;
}

let repairCounter = 0;

/**
 * Makes sure a PDF can be worked on. qpdf reconstructs most broken cross-reference tables by itself; where it
 * gives up, MuPDF's more forgiving parser rewrites the file; where both fail the visitor is told the file is not
 * readable. Files that need a password to open are refused here, before any tool touches them.
 */
export async function openPdfInput(file: InputFile, ctx: ProcessorContext): Promise<ReadablePdf> {
  let source = file.path;
  let count = await readablePageCount(file, file.path, ctx);
  let repaired = false;
  // qpdf gave up, or recovered a file with no pages it could find: let MuPDF rebuild the file.
  if (!count) {
    source = path.join(ctx.workDir, `repaired-${++repairCounter}.pdf`);
    try {
      await runMupdf("repair", { input: file.path, output: source }, ctx);
    } catch (err) {
      throw err instanceof EngineFailure ? replyForFailure(err, file.name) : err;
    }
    count = await readablePageCount(file, source, ctx);
    repaired = true;
  }
  if (!count) throw new DamagedPdfError(file.name);
  if (count > ctx.maxPages) throw new TooManyPagesError(ctx.maxPages);
  ctx.allowPages?.(count);
  return { path: source, name: file.name, pageCount: count, repaired };
}

/** The page count qpdf finds, or undefined where it cannot read the file. */
async function readablePageCount(file: InputFile, source: string, ctx: ProcessorContext): Promise<number | undefined> {
  try {
    return await pageCount(source, ctx);
  } catch (err) {
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

/** A note for the reply when a file had to be repaired before the tool could work on it. */
export function repairNote(pdfs: ReadonlyArray<Pick<ReadablePdf, "name" | "repaired">>): string | undefined {
  const names = pdfs.filter((p) => p.repaired).map((p) => p.name);
  return names.length > 0 ? `Repaired on the way: ${names.join(", ")} had a damaged structure.` : undefined;
}
