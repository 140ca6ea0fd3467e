import fs from "node:fs/promises";
import { STREAMS_AS_THEY_ARE } from "../../pdf-ops/qpdf-args.js";
import { EngineError } from "../engines/process-runner.js";
import { pageCount, qpdfReading } from "../engines/qpdf.js";
import { EngineFailure, TooManyPagesError } from "../errors.js";
import type { InputFile, ProcessorContext } from "../work/types.js";
import { checkOnTheWayIn } from "./check-on-the-way-in.js";
import { statedPageCount } from "./stated-page-count.js";

/**
 * A qpdf job on every page of an upload, done in the one run that also tells what openPdfInput would have asked
 * qpdf first, for tools whose result is a qpdf copy of the upload: the run rebuilds the page tree from the pages it
 * walks (`--pages . 1-z`), so that a tree which loops, lists a page twice or states a wrong /Count makes it fail or
 * warn, and the page count is then read from the tree it wrote (stated-page-count.ts). The check on the way in runs
 * beside it. Where qpdf said anything at all (a warning, an error, a password) the result is undefined and the
 * caller opens the upload the careful way (openPdfInput), which repairs what can be repaired and refuses the rest
 * with its sentences (taking up the check started here); the page limit is kept here, after the run, whose work
 * grows with the upload's size only.
 */
export async function everyPageInOneRun(file: InputFile, jobArgs: readonly string[], output: string, ctx: ProcessorContext): Promise<{ pageCount: number } | undefined> {
  // Resources are kept as they are: finding the unused ones would parse every page's content. Stream data is copied
  // as it is: the job changes none, and qpdf would otherwise compress every stream stored without a filter (on pages
  // of raw pixels, most of the run's time, for a smaller file nobody asked this tool for).
  const args = [file.path, ...jobArgs, STREAMS_AS_THEY_ARE, "--remove-unreferenced-resources=no", "--pages", ".", "1-z", "--", output];
  // The run is asked for first, so that it starts first: it takes longer than the check, and programs start one
  // after the other.
  const running = qpdfReading(args, ctx).catch((err: unknown) => {
    if (err instanceof EngineError || err instanceof EngineFailure) return undefined;
    throw err;
  });
  // The job's check of the upload: the careful way takes it up where this run gives way to it.
  void checkOnTheWayIn(file.path, ctx);
  const run = await running;
  const pages = run?.exitCode === 0 ? ((await statedPageCount(output)) ?? (await pageCount(output, ctx))) : 0;
  if (pages === 0) {
    await fs.rm(output, { force: true });
    return undefined;
  }
  if (pages > ctx.maxPages) throw new TooManyPagesError(ctx.maxPages);
  ctx.allowPages?.(pages);
  return { pageCount: pages };
}
