import type { SplitOptions } from "../../catalog/options/pages.js";
import { planSplit, splitMessage, splitZipName } from "../pages/split.js";
import { assembleArgs, splitArgs, STREAMS_AS_THEY_ARE } from "../qpdf-args.js";
import { openOneOnDevice } from "./open.js";
import type { DeviceOperation, DeviceOutput } from "./operation.js";
import { OUT } from "./qpdf-wasm.js";

export const splitOnDevice: DeviceOperation<SplitOptions> = async ({ files, options }, ctx) => {
  const { session, pdf } = await openOneOnDevice(files[0]!, ctx);
  const plan = planSplit(options, pdf);
  let outputs: DeviceOutput[];
  if (plan.kind === "groups") {
    const run = await session.run({ args: splitArgs(pdf.path, plan.size, `${OUT}/part.pdf`), onProgress: ctx.progress });
    // qpdf pads the numbers in its names to one width, so name order is page order.
    const written = run.written().sort();
    if (written.length !== plan.parts.length) throw new Error(`qpdf wrote ${written.length} parts, expected ${plan.parts.length}`);
    outputs = written.map((file, i) => ({ name: plan.parts[i]!.name, data: run.take(file) }));
  } else {
    outputs = [];
    for (const [i, part] of plan.parts.entries()) {
      const pages = plan.kind === "selected" ? plan.pages : `${part.from}-${part.to}`;
      const run = await session.run({ args: assembleArgs([{ file: pdf.path, pages }], `${OUT}/part.pdf`, [STREAMS_AS_THEY_ARE]) });
      outputs.push({ name: part.name, data: run.take("part.pdf") });
      ctx.progress((i + 1) / plan.parts.length);
    }
  }
  return { files: outputs, zipName: splitZipName(pdf.name), message: splitMessage(pdf.pageCount, outputs.length) };
};
