import type { RotateOptions } from "../../catalog/options/pages.js";
import { TooManyPagesError } from "../errors.js";
import { planRotate } from "../pages/rotate.js";
import { rotateArg, STREAMS_AS_THEY_ARE } from "../qpdf-args.js";
import { fileSize, openOneOnDevice } from "./open.js";
import type { DeviceContext, DeviceInput, DeviceOperation, DeviceResult } from "./operation.js";
import { inputPath, OUT } from "./qpdf-wasm.js";
import { wholeTreeRun } from "./whole-tree-run.js";

const OUTPUT = "rotated.pdf";

export const rotateOnDevice: DeviceOperation<RotateOptions> = async ({ files, options }, ctx) => {
  if (options.pages.trim() === "") {
    const done = await rotateAllInOneRun(files[0]!, options, ctx);
    if (done) return done;
  }
  const { session, pdf } = await openOneOnDevice(files[0]!, ctx);
  const plan = planRotate(options, pdf);
  const run = await session.run({
    args: [pdf.path, ...plan.args, `${OUT}/${OUTPUT}`],
    onProgress: ctx.progress,
    expectedOutput: { name: OUTPUT, bytes: pdf.data.length },
  });
  return { files: [{ name: plan.name, data: run.take(OUTPUT) }], message: plan.message };
};

/** Every page turned, in the one run that also checks the page tree (see wholeTreeRun), as the server does. */
function rotateAllInOneRun(file: DeviceInput, options: RotateOptions, ctx: DeviceContext): Promise<DeviceResult | undefined> {
  const run = (input: string) => ({
    args: [input, STREAMS_AS_THEY_ARE, rotateArg(options.angle, "1-z"), "--remove-unreferenced-resources=no", "--pages", ".", "1-z", "--", `${OUT}/${OUTPUT}`],
    onProgress: ctx.progress,
    expectedOutput: { name: OUTPUT, bytes: fileSize(file.data) },
  });
  return wholeTreeRun(file, ctx, run, async (outcome, session) => {
    const rotated = outcome.take(OUTPUT);
    // The count is read from the tree the run wrote, which holds the pages it walked.
    session.addInput(OUTPUT, rotated);
    const counted = await session.run({ args: ["--show-npages", inputPath(OUTPUT)] });
    const pageCount = Number(counted.stdout.trim());
    if (!Number.isInteger(pageCount) || pageCount < 1) return undefined;
    if (pageCount > ctx.maxPages) throw new TooManyPagesError(ctx.maxPages);
    const plan = planRotate(options, { name: file.name, pageCount });
    return { files: [{ name: plan.name, data: rotated }], message: plan.message };
  });
}
