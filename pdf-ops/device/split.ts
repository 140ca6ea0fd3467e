import type { SplitOptions } from "../../catalog/options/pages.js";
import { TooManyPagesError } from "../errors.js";
import { planSplit, splitMessage, splitZipName } from "../pages/split.js";
import { assembleArgs, splitArgs, STREAMS_AS_THEY_ARE } from "../qpdf-args.js";
import { openOneOnDevice } from "./open.js";
import type { DeviceContext, DeviceInput, DeviceOperation, DeviceOutput, DeviceResult } from "./operation.js";
import { OUT, type QpdfOutcome } from "./qpdf-wasm.js";
import { wholeTreeRun } from "./whole-tree-run.js";

const PART = `${OUT}/part.pdf`;

export const splitOnDevice: DeviceOperation<SplitOptions> = async ({ files, options }, ctx) => {
  if (options.splitMode === "every-page" || options.splitMode === "every-n") {
    const done = await splitInGroupsInOneRun(files[0]!, options, ctx);
    if (done) return done;
  }
  const { session, pdf } = await openOneOnDevice(files[0]!, ctx);
  const plan = planSplit(options, pdf);
  let outputs: DeviceOutput[];
  if (plan.kind === "groups") {
    const run = await session.run({ args: splitArgs(pdf.path, plan.size, PART), onProgress: ctx.progress });
    const groups = groupsOf(run, plan.parts);
    if (!groups) throw new Error(`qpdf wrote ${run.written().length} parts, expected ${plan.parts.length}`);
    outputs = groups;
  } else {
    outputs = [];
    for (const [i, part] of plan.parts.entries()) {
      const pages = plan.kind === "selected" ? plan.pages : `${part.from}-${part.to}`;
      const run = await session.run({ args: assembleArgs([{ file: pdf.path, pages }], PART, [STREAMS_AS_THEY_ARE]) });
      outputs.push({ name: part.name, data: run.take("part.pdf") });
      ctx.progress((i + 1) / plan.parts.length);
    }
  }
  return { files: outputs, zipName: splitZipName(pdf.name), message: splitMessage(pdf.pageCount, outputs.length) };
};

/**
 * Equal groups in the one run that also checks the page tree (see wholeTreeRun). The page count is read from the
 * names qpdf gives the parts, which end with the last page each holds.
 */
function splitInGroupsInOneRun(file: DeviceInput, options: SplitOptions, ctx: DeviceContext): Promise<DeviceResult | undefined> {
  const size = options.splitMode === "every-page" ? 1 : options.pagesPerFile;
  const run = (input: string) => ({ args: splitArgs(input, size, PART, { from: 1, to: "z" }), onProgress: ctx.progress });
  return wholeTreeRun(file, ctx, run, async (outcome) => {
    const last = outcome.written().sort().at(-1);
    const pageCount = last === undefined ? NaN : Number(last.slice(last.lastIndexOf("-") + 1, -".pdf".length));
    if (!Number.isInteger(pageCount) || pageCount < 1) return undefined;
    if (pageCount > ctx.maxPages) throw new TooManyPagesError(ctx.maxPages);
    const plan = planSplit(options, { name: file.name, pageCount });
    const outputs = plan.kind === "groups" ? groupsOf(outcome, plan.parts) : undefined;
    if (!outputs) return undefined;
    return { files: outputs, zipName: splitZipName(file.name), message: splitMessage(pageCount, outputs.length) };
  });
}

/** The parts of a split into groups, named as planned; undefined where qpdf wrote another number of them. */
function groupsOf(run: QpdfOutcome, parts: ReadonlyArray<{ name: string }>): DeviceOutput[] | undefined {
  // qpdf pads the numbers in its names to one width, so name order is page order.
  const written = run.written().sort();
  if (written.length !== parts.length) return undefined;
  return written.map((file, i) => ({ name: parts[i]!.name, data: run.take(file) }));
}
