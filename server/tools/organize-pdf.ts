import path from "node:path";
import type { OrganizeOptions } from "../../catalog/options/pages.js";
import { EXTRACTED_NAME, organizedPagesArgs, planOrganize } from "../../pdf-ops/pages/organize.js";
import { qpdf } from "../engines/qpdf.js";
import { openPdfInput } from "../pdf/pdf-input.js";
import type { Processor } from "../work/types.js";

/** The thumbnail editor's result (see planOrganize), written by qpdf. */
export const organizePdf: Processor<OrganizeOptions> = async ({ files, options }, ctx) => {
  const pdf = await openPdfInput(files[0]!, ctx, { check: true });
  const plan = planOrganize(options, pdf, ctx.maxPages);
  const main = path.join(ctx.workDir, "organized.pdf");
  await qpdf(organizedPagesArgs(pdf.path, plan.kept, options.pageRotations, main), ctx);
  ctx.progress(plan.extracted.length > 0 ? 0.5 : 1);

  const organized = { path: main, name: plan.name, copiedByQpdfFrom: [pdf.path] };
  if (plan.extracted.length === 0) return { files: [organized], message: plan.message };

  const extract = path.join(ctx.workDir, "extracted.pdf");
  await qpdf(organizedPagesArgs(pdf.path, plan.extracted, options.pageRotations, extract), ctx);
  return {
    files: [organized],
    extraction: { files: [{ path: extract, name: EXTRACTED_NAME, copiedByQpdfFrom: [pdf.path] }] },
    message: plan.message,
  };
};
