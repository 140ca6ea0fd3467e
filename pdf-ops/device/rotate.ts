import type { RotateOptions } from "../../catalog/options/pages.js";
import { planRotate } from "../pages/rotate.js";
import { openOnDevice } from "./open.js";
import type { DeviceOperation } from "./operation.js";
import { OUT, runQpdf } from "./qpdf-wasm.js";

export const rotateOnDevice: DeviceOperation<RotateOptions> = async ({ files, options }, ctx) => {
  const qpdf = await ctx.engines.qpdf();
  const pdf = await openOnDevice(qpdf, files[0]!, 0, ctx.maxPages);
  const plan = planRotate(options, pdf);
  const run = await runQpdf(qpdf, {
    inputs: new Map([[pdf.key, pdf.data]]),
    args: [pdf.path, plan.arg, `${OUT}/rotated.pdf`],
    onProgress: ctx.progress,
  });
  return { files: [{ name: plan.name, data: run.read("rotated.pdf") }], message: plan.message };
};
