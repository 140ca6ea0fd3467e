import type { OrganizeOptions } from "../../catalog/options/pages.js";
import { EXTRACTED_NAME, organizedPagesArgs, planOrganize } from "../pages/organize.js";
import { openOnDevice } from "./open.js";
import type { DeviceOperation } from "./operation.js";
import { OUT, runQpdf } from "./qpdf-wasm.js";

export const organizeOnDevice: DeviceOperation<OrganizeOptions> = async ({ files, options }, ctx) => {
  const qpdf = await ctx.engines.qpdf();
  const pdf = await openOnDevice(qpdf, files[0]!, 0, ctx.maxPages);
  const plan = planOrganize(options, pdf, ctx.maxPages);
  const inputs = new Map([[pdf.key, pdf.data]]);
  const write = async (pages: readonly number[], share: (f: number) => void) =>
    (await runQpdf(qpdf, { inputs, args: organizedPagesArgs(pdf.path, pages, options.pageRotations, `${OUT}/pages.pdf`), onProgress: share })).read("pages.pdf");

  const half = plan.extracted.length > 0 ? 0.5 : 1;
  const organized = { name: plan.name, data: await write(plan.kept, (f) => ctx.progress(f * half)) };
  if (plan.extracted.length === 0) return { files: [organized], message: plan.message };
  const extracted = { name: EXTRACTED_NAME, data: await write(plan.extracted, (f) => ctx.progress(0.5 + f / 2)) };
  return { files: [organized], extraction: { files: [extracted] }, message: plan.message };
};
