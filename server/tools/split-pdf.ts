import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { SplitOptions } from "../../catalog/options/pages.js";
import { planSplit, splitMessage, splitZipName, type SplitPart } from "../../pdf-ops/pages/split.js";
import { splitArgs, STREAMS_AS_THEY_ARE } from "../../pdf-ops/qpdf-args.js";
import { assemblePages, qpdf } from "../engines/qpdf.js";
import { onStatedPageCount } from "../pdf/on-stated-page-count.js";
import { openPdfInput, type ReadablePdf } from "../pdf/pdf-input.js";
import { ZipWriter, type ZipEntry } from "../lib/zip.js";
import type { OutputFile, OutputGroup, Processor, ProcessorContext } from "../work/types.js";

/** What a split made: its parts, and their ZIP where it was written as they came. */
type Split = Pick<OutputGroup, "files" | "zip">;

/** Splits one PDF four ways (see planSplit), each part written by qpdf from the checked input. */
export const splitPdf: Processor<SplitOptions> = async ({ files, options }, ctx) => {
  const split = (pdf: ReadablePdf, workCtx: ProcessorContext) => splitInto(pdf, planSplit(options, pdf), workCtx);
  const early = await onStatedPageCount(files[0]!, ctx, split);
  const pdf = early?.pdf ?? (await openPdfInput(files[0]!, ctx, { check: true }));
  const made = early?.result ?? (await split(pdf, ctx));
  return { ...made, zipName: splitZipName(pdf.name), message: splitMessage(pdf.pageCount, made.files.length) };
};

async function splitInto(pdf: ReadablePdf, plan: ReturnType<typeof planSplit>, ctx: ProcessorContext): Promise<Split> {
  switch (plan.kind) {
    case "groups":
      return splitEvery(pdf, plan.size, plan.parts, ctx);
    case "ranges":
      return { files: await splitRanges(pdf, plan.parts, ctx) };
    case "selected": {
      const out = path.join(ctx.workDir, "selected.pdf");
      await assemblePages([{ file: pdf.path, pages: plan.pages }], out, ctx, [STREAMS_AS_THEY_ARE]);
      return { files: [{ path: out, name: plan.parts[0].name }] };
    }
  }
}

/** Below this many pages a second qpdf run costs more than it saves. */
const PARALLEL_SPLIT_FROM_PAGES = 64;

let zipCounter = 0;

/**
 * qpdf writes every group in one pass. A long document is cut into one stretch of whole groups per core and the
 * stretches are split side by side: the files are the same (qpdf keeps the document's labels, forms and the like
 * for a stretch just as for the whole), and two cores take about half the time. Each stretch's parts go into the
 * ZIP as soon as its run ends, while the other runs go on (listed in page order whichever ends first): the ZIP is
 * all but written when the last run ends, where publishing would otherwise write it after them all.
 */
async function splitEvery(pdf: ReadablePdf, size: number, parts: readonly SplitPart[], ctx: ProcessorContext): Promise<Split> {
  const groups = parts.length;
  const ways = pdf.pageCount >= PARALLEL_SPLIT_FROM_PAGES ? Math.min(os.availableParallelism(), groups) : 1;
  const stretches = Array.from({ length: ways }, (_, i) => {
    const firstGroup = Math.floor((groups * i) / ways);
    const endGroup = Math.floor((groups * (i + 1)) / ways);
    return { firstGroup, groups: endGroup - firstGroup, from: firstGroup * size + 1, to: Math.min(pdf.pageCount, endGroup * size) };
  });
  // A name of its own for each split: one started on a page count that proved wrong may have left its ZIP.
  const zipPath = path.join(ctx.workDir, `split-${++zipCounter}.zip`);
  const zip = groups > 1 ? await ZipWriter.create(zipPath) : undefined;
  const holds: ZipEntry[] = [];
  // One stretch's parts at a time: the writer appends one batch after another.
  let zipping = Promise.resolve();
  try {
    const runs = await Promise.allSettled(
      stretches.map(async (stretch, i) => {
        const dir = await fs.mkdtemp(path.join(ctx.workDir, `split-${i + 1}-`));
        const target = path.join(dir, "part.pdf");
        const whole = stretch.from === 1 && stretch.to === pdf.pageCount;
        await qpdf(splitArgs(pdf.path, size, target, whole ? undefined : stretch), ctx);
        // qpdf pads the numbers in its names to one width, so name order is page order.
        const written = (await fs.readdir(dir)).sort().map((file) => path.join(dir, file));
        if (written.length !== stretch.groups) throw new Error(`qpdf wrote ${written.length} parts, expected ${stretch.groups}`);
        const entries = written.map((file, k) => ({ path: file, name: parts[stretch.firstGroup + k]!.name }));
        const places = entries.map((_, k) => stretch.firstGroup + k);
        zipping = zipping.then(() => zip?.add(entries, places));
        await zipping;
        for (const [k, entry] of entries.entries()) holds[places[k]!] = entry;
      }),
    );
    // Every run has ended (none writes into the ZIP any more) before a failure is answered.
    const failed = runs.find((run) => run.status === "rejected");
    if (failed) throw failed.reason;
    await zip?.finish();
  } finally {
    await zip?.close();
  }
  const files = holds.map((entry) => ({ ...entry, copiedByQpdfFrom: [pdf.path] }));
  return zip ? { files, zip: { path: zipPath, holds } } : { files };
}

async function splitRanges(pdf: ReadablePdf, parts: readonly SplitPart[], ctx: ProcessorContext): Promise<OutputFile[]> {
  const outputs: OutputFile[] = [];
  for (const [i, part] of parts.entries()) {
    const out = path.join(ctx.workDir, `range-${i + 1}.pdf`);
    await assemblePages([{ file: pdf.path, pages: `${part.from}-${part.to}` }], out, ctx, [STREAMS_AS_THEY_ARE]);
    outputs.push({ path: out, name: part.name, copiedByQpdfFrom: [pdf.path] });
    ctx.progress((i + 1) / parts.length);
  }
  return outputs;
}
