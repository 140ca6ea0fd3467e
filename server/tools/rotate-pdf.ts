import path from "node:path";
import type { RotateOptions } from "../../catalog/options/pages.js";
import { planRotate } from "../../pdf-ops/pages/rotate.js";
import { rotateArg } from "../../pdf-ops/qpdf-args.js";
import { qpdf } from "../engines/qpdf.js";
import { everyPageInOneRun } from "../pdf/every-page-in-one-run.js";
import { openPdfInput } from "../pdf/pdf-input.js";
import type { Processor } from "../work/types.js";

/** Turns pages by changing their /Rotate only (see planRotate). */
export const rotatePdf: Processor<RotateOptions> = async ({ files, options }, ctx) => {
  const file = files[0]!;
  const out = path.join(ctx.workDir, "rotated.pdf");
  // Every page turned needs no page count before the run: the usual, sound file takes one qpdf run.
  if (options.pages.trim() === "") {
    const done = await everyPageInOneRun(file, [rotateArg(options.angle, "1-z")], out, ctx);
    if (done) {
      const plan = planRotate(options, { name: file.name, pageCount: done.pageCount });
      return { files: [{ path: out, name: plan.name, copiedByQpdfFrom: [file.path] }], message: plan.message };
    }
  }
  const pdf = await openPdfInput(file, ctx, { check: true });
  const plan = planRotate(options, pdf);
  await qpdf([pdf.path, ...plan.args, out], ctx);
  return { files: [{ path: out, name: plan.name, copiedByQpdfFrom: [pdf.path] }], message: plan.message };
};
