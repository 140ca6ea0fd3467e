import { inspectPdf } from "../engines/qpdf.js";
import { treeIsSound } from "../../pdf-ops/qpdf-inspection.js";
import type { InputFile, ProcessorContext } from "../work/types.js";
import type { ReadablePdf } from "./pdf-input.js";
import { checkOnTheWayIn } from "./check-on-the-way-in.js";
import { statedPageCount } from "./stated-page-count.js";

/**
 * A tool's work on an upload started before qpdf has looked at its page tree, on the page count the file states
 * (read in this process, statedPageCount), for tools whose work needs the count ahead (which pages to keep, where
 * to cut, which to read) and whose results are qpdf copies of the upload or read from it. The look at the page tree
 * and the check on the way in (where asked for) run beside the work instead of before it. The work stands where the look finds a sound tree holding the stated count,
 * the very file openPdfInput would have handed over unrepaired: the same work on the same file, only started
 * earlier. Anything else (a count this process cannot read, a tree that loops or miscounts, a file qpdf cannot read)
 * gives undefined, with the work stopped and its files left unused, and the caller opens the upload the careful way
 * (openPdfInput), which repairs what can be repaired and refuses the rest with its sentences. The check started here
 * is the job's, and the careful way takes it up rather than checking the same file again.
 */
export async function onStatedPageCount<T>(
  file: InputFile,
  ctx: ProcessorContext,
  work: (pdf: ReadablePdf, ctx: ProcessorContext) => Promise<T>,
  { check = true }: { check?: boolean } = {},
): Promise<{ pdf: ReadablePdf; result: T } | undefined> {
  // The check needs no count: it starts while the count is read, and serves the careful way as well. A tool whose
  // results are no copies of the upload (text read from it) has no use for it.
  if (check) void checkOnTheWayIn(file.path, ctx);
  const stated = await statedPageCount(file.path).catch(() => undefined);
  // Over the limit: the careful way says so, once it has counted the pages for itself.
  if (!stated || stated > ctx.maxPages) return undefined;
  const stop = new AbortController();
  const signal = ctx.signal ? AbortSignal.any([ctx.signal, stop.signal]) : stop.signal;
  const pdf: ReadablePdf = { path: file.path, name: file.name, pageCount: stated, repaired: false };
  // The work is asked for first, so that its engine starts first: it takes longest.
  const working = work(pdf, { ...ctx, signal }).then(
    (result) => ({ result }),
    (error: unknown) => ({ error }),
  );
  const found = await inspectPdf(file.path, ctx).catch(() => undefined);
  if (!found || !treeIsSound(found) || found.pageCount !== stated) {
    stop.abort();
    await working;
    ctx.signal?.throwIfAborted();
    return undefined;
  }
  ctx.allowPages?.(stated);
  const done = await working;
  if ("error" in done) throw done.error;
  return { pdf, result: done.result };
}
