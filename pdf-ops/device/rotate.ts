import type { RotateOptions } from "../../catalog/options/pages.js";
import { EngineFailure, TooManyPagesError } from "../errors.js";
import { planRotate } from "../pages/rotate.js";
import { rotateArg, STREAMS_AS_THEY_ARE } from "../qpdf-args.js";
import { bytesOf, openOneOnDevice } from "./open.js";
import type { DeviceContext, DeviceInput, DeviceOperation, DeviceResult } from "./operation.js";
import { inputPath, OUT, QpdfSession } from "./qpdf-wasm.js";

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

/**
 * Every page turned, in the one run that also checks the page tree, as the server's everyPageInOneRun does: the
 * run rebuilds the tree from the pages it walks (`--pages . 1-z`), so that a tree which loops, lists a page twice
 * or states a wrong /Count makes qpdf fail or warn, and the count is then read from the tree it wrote. Where qpdf
 * said anything at all, the answer is undefined and the file is opened the careful way, with its sentences.
 */
async function rotateAllInOneRun(file: DeviceInput, options: RotateOptions, ctx: DeviceContext): Promise<DeviceResult | undefined> {
  const data = await bytesOf(file.data);
  const session = new QpdfSession(await ctx.engines.qpdf(), new Map([["1.pdf", data]]));
  const input = inputPath("1.pdf");
  const args = [input, STREAMS_AS_THEY_ARE, rotateArg(options.angle, "1-z"), "--remove-unreferenced-resources=no", "--pages", ".", "1-z", "--", `${OUT}/${OUTPUT}`];
  try {
    const run = await session.run({ args, warnings: true, onProgress: ctx.progress, expectedOutput: { name: OUTPUT, bytes: data.length } });
    const rotated = run.take(OUTPUT);
    if (run.exitCode !== 0 || run.stderr.trim() !== "") return undefined;
    session.addInput(OUTPUT, rotated);
    const counted = await session.run({ args: ["--show-npages", inputPath(OUTPUT)] });
    const pageCount = Number(counted.stdout.trim());
    if (!Number.isInteger(pageCount) || pageCount < 1) return undefined;
    if (pageCount > ctx.maxPages) throw new TooManyPagesError(ctx.maxPages);
    const plan = planRotate(options, { name: file.name, pageCount });
    return { files: [{ name: plan.name, data: rotated }], message: plan.message };
  } catch (err) {
    if (err instanceof EngineFailure) return undefined;
    throw err;
  }
}
