import type { RotateOptions } from "../../catalog/options/pages.js";
import { planRotate } from "../pages/rotate.js";
import { openOneOnDevice } from "./open.js";
import type { DeviceOperation } from "./operation.js";
import { OUT } from "./qpdf-wasm.js";

export const rotateOnDevice: DeviceOperation<RotateOptions> = async ({ files, options }, ctx) => {
  const { session, pdf } = await openOneOnDevice(files[0]!, ctx);
  const plan = planRotate(options, pdf);
  const run = await session.run({
    args: [pdf.path, ...plan.args, `${OUT}/rotated.pdf`],
    onProgress: ctx.progress,
    expectedOutput: { name: "rotated.pdf", bytes: pdf.data.length },
  });
  return { files: [{ name: plan.name, data: run.take("rotated.pdf") }], message: plan.message };
};
