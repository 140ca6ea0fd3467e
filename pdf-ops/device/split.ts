import type { SplitOptions } from "../../catalog/options/pages.js";
import { planSplit, splitMessage, splitZipName } from "../pages/split.js";
import { assembleArgs, splitArgs } from "../qpdf-args.js";
import { openOnDevice } from "./open.js";
import type { DeviceOperation, DeviceOutput } from "./operation.js";
import { OUT, runQpdf } from "./qpdf-wasm.js";

export const splitOnDevice: DeviceOperation<SplitOptions> = async ({ files, options }, ctx) => {
  const qpdf = await ctx.engines.qpdf();
  const pdf = await openOnDevice(qpdf, files[0]!, 0, ctx.maxPages);
  const plan = planSplit(options, pdf);
  const inputs = new Map([[pdf.key, pdf.data]]);
  let outputs: DeviceOutput[];
  if (plan.kind === "groups") {
    const run = await runQpdf(qpdf, { inputs, args: splitArgs(pdf.path, plan.size, `${OUT}/part.pdf`), onProgress: ctx.progress });
    // qpdf pads the numbers in its names to one width, so name order is page order.
    const written = run.written().sort();
    if (written.length !== plan.parts.length) throw new Error(`qpdf wrote ${written.length} parts, expected ${plan.parts.length}`);
    outputs = written.map((file, i) => ({ name: plan.parts[i]!.name, data: run.read(file) }));
  } else {
    outputs = [];
    for (const [i, part] of plan.parts.entries()) {
      const pages = plan.kind === "selected" ? plan.pages : `${part.from}-${part.to}`;
      const run = await runQpdf(qpdf, { inputs, args: assembleArgs([{ file: pdf.path, pages }], `${OUT}/part.pdf`) });
      outputs.push({ name: part.name, data: run.read("part.pdf") });
      ctx.progress((i + 1) / plan.parts.length);
    }
  }
  return { files: outputs, zipName: splitZipName(pdf.name), message: splitMessage(pdf.pageCount, outputs.length) };
};
