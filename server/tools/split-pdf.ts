import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { SplitOptions } from "../../catalog/options/pages.js";
import { formatPageList, PageRangeError, parsePageList, parsePageSpans } from "../../catalog/page-ranges.js";
import { InvalidOptionsError } from "../errors.js";
import { assemblePages, qpdf } from "../engines/qpdf.js";
import { stemOf } from "../lib/file-names.js";
import { openPdfInput, type ReadablePdf } from "../pdf/pdf-input.js";
import type { OutputFile, Processor, ProcessorContext } from "./types.js";
import { msg } from "../i18n/message.js";

/** Splits one PDF four ways: every page, every N pages, written ranges, or chosen pages into one file. */
export const splitPdf: Processor<SplitOptions> = async ({ files, options }, ctx) => {
  const pdf = await openPdfInput(files[0]!, ctx, { check: true });
  const stem = stemOf(pdf.name);
  let outputs: OutputFile[];
  try {
    switch (options.splitMode) {
      case "every-page":
        outputs = await splitEvery(pdf, 1, stem, ctx);
        break;
      case "every-n":
        outputs = await splitEvery(pdf, options.pagesPerFile, stem, ctx);
        break;
      case "ranges":
        outputs = await splitRanges(pdf, options.ranges, stem, ctx);
        break;
      case "selected":
        outputs = await extractSelected(pdf, options.pages, stem, ctx);
        break;
    }
  } catch (err) {
    if (err instanceof PageRangeError) throw new InvalidOptionsError(err.message);
    throw err;
  }
  return {
    files: outputs,
    zipName: `${stem}-split.zip`,
    message: msg("results.split", { pages: pdf.pageCount, count: outputs.length }),
  };
};

function rangeLabel(from: number, to: number): string {
  return from === to ? `page-${from}` : `pages-${from}-${to}`;
}

/** Below this many pages a second qpdf run costs more than it saves. */
const PARALLEL_SPLIT_FROM_PAGES = 64;

/**
 * qpdf writes every group in one pass. A long document is cut into one stretch of whole groups per core and the
 * stretches are split side by side: the files are the same (qpdf keeps the document's labels, forms and the like
 * for a stretch just as for the whole), and two cores take about half the time.
 */
async function splitEvery(pdf: ReadablePdf, size: number, stem: string, ctx: ProcessorContext): Promise<OutputFile[]> {
  const groups = Math.ceil(pdf.pageCount / size);
  const ways = pdf.pageCount >= PARALLEL_SPLIT_FROM_PAGES ? Math.min(os.availableParallelism(), groups) : 1;
  const stretches = Array.from({ length: ways }, (_, i) => {
    const firstGroup = Math.floor((groups * i) / ways);
    const endGroup = Math.floor((groups * (i + 1)) / ways);
    return { from: firstGroup * size + 1, to: Math.min(pdf.pageCount, endGroup * size) };
  });
  const parts = await Promise.all(
    stretches.map(async ({ from, to }, i) => {
      const dir = path.join(ctx.workDir, `split-${i + 1}`);
      await fs.mkdir(dir);
      const target = path.join(dir, "part.pdf");
      const whole = from === 1 && to === pdf.pageCount;
      await qpdf(whole ? [`--split-pages=${size}`, pdf.path, target] : [pdf.path, "--pages", ".", `${from}-${to}`, "--", `--split-pages=${size}`, target], ctx);
      // qpdf pads the numbers in its names to one width, so name order is page order.
      return (await fs.readdir(dir)).sort().map((file) => path.join(dir, file));
    }),
  );
  const produced = parts.flat();
  if (produced.length !== groups) throw new Error(`qpdf wrote ${produced.length} parts, expected ${groups}`);
  return produced.map((file, i) => {
    const from = i * size + 1;
    const to = Math.min(pdf.pageCount, from + size - 1);
    return { path: file, name: `${stem}-${rangeLabel(from, to)}.pdf`, copiedByQpdfFrom: [pdf.path] };
  });
}

async function splitRanges(pdf: ReadablePdf, ranges: string, stem: string, ctx: ProcessorContext): Promise<OutputFile[]> {
  const spans = parsePageSpans(ranges, pdf.pageCount);
  if (spans.length === 0) throw new InvalidOptionsError('Please enter the ranges to split at, such as "1-3,4-6".');
  const outputs: OutputFile[] = [];
  for (const [i, span] of spans.entries()) {
    const out = path.join(ctx.workDir, `range-${i + 1}.pdf`);
    await assemblePages([{ file: pdf.path, pages: `${span.from}-${span.to}` }], out, ctx);
    outputs.push({ path: out, name: `${stem}-${rangeLabel(span.from, span.to)}.pdf`, copiedByQpdfFrom: [pdf.path] });
    ctx.progress((i + 1) / spans.length);
  }
  return outputs;
}

async function extractSelected(pdf: ReadablePdf, pages: string, stem: string, ctx: ProcessorContext): Promise<OutputFile[]> {
  const list = parsePageList(pages, pdf.pageCount);
  if (list.length === 0) throw new InvalidOptionsError("Please choose the pages to put into the new file.");
  const out = path.join(ctx.workDir, "selected.pdf");
  await assemblePages([{ file: pdf.path, pages: formatPageList(list) }], out, ctx);
  return [{ path: out, name: `${stem}-selected-pages.pdf` }];
}
