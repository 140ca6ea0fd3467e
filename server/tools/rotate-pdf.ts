import path from "node:path";
import type { RotateOptions } from "../../catalog/options/pages.js";
import { planRotate } from "../../pdf-ops/pages/rotate.js";
import { qpdf } from "../engines/qpdf.js";
import { openPdfInput } from "../pdf/pdf-input.js";
import type { Processor } from "../work/types.js";

/** Turns pages by changing their /Rotate only (see planRotate). */
export const rotatePdf: Processor<RotateOptions> = async ({ files, options }, ctx) => {
  const pdf = await openPdfInput(files[0]!, ctx, { check: true });
  const plan = planRotate(options, pdf);
  const out = path.join(ctx.workDir, "rotated.pdf");
  await qpdf([pdf.path, plan.arg, out], ctx);
  return { files: [{ path: out, name: plan.name, copiedByQpdfFrom: [pdf.path] }], message: plan.message };
};
