import type { DeletePagesOptions } from "../../catalog/options/pages.js";
import { formatPageList } from "../../catalog/page-ranges.js";
import { keptOutline } from "../outline.js";
import { deletePagesMessage, planDeletePages } from "../pages/delete-pages.js";
import { assembleArgs, keptPagesArgs } from "../qpdf-args.js";
import { openOneOnDevice } from "./open.js";
import type { DeviceOperation, DeviceOutput } from "./operation.js";
import { readOutlineOnDevice, withOutline, withoutMetadata } from "./outline.js";
import { OUT } from "./qpdf-wasm.js";

/** Delete Pages on the device: qpdf keeps the other pages, MuPDF moves the bookmarks and removes metadata if asked. */
export const deletePagesOnDevice: DeviceOperation<DeletePagesOptions> = async ({ files, options }, ctx) => {
  const { session, pdf } = await openOneOnDevice(files[0]!, ctx, { outlines: true });
  const plan = planDeletePages(options, pdf);
  const run = await session.run({
    args: assembleArgs([{ file: pdf.path, pages: formatPageList(plan.kept) }], `${OUT}/kept.pdf`, keptPagesArgs(options.optimizePdf)),
    onProgress: (f) => ctx.progress(f * 0.8),
    expectedOutput: { name: "kept.pdf", bytes: pdf.data.length },
  });
  let data = run.take("kept.pdf");

  let bookmarks: "kept" | "removed" | undefined;
  if (pdf.hasOutline || !options.preserveMetadata) {
    const mupdf = await ctx.engines.mupdf();
    const outline = await readOutlineOnDevice(mupdf, pdf);
    if (outline.length > 0) {
      data = withOutline(mupdf, data, keptOutline(outline, plan.kept, options.keepBookmarks));
      bookmarks = options.keepBookmarks ? "kept" : "removed";
    }
    if (!options.preserveMetadata) data = withoutMetadata(mupdf, data);
  }
  ctx.progress(1);

  const outputs: DeviceOutput[] = [{ name: plan.name, data }];
  if (options.createBackup) outputs.push({ name: plan.backupName, data: pdf.data });
  const message = deletePagesMessage(plan, { bookmarks, metadataRemoved: !options.preserveMetadata, backup: options.createBackup });
  return { files: outputs, zipName: plan.zipName, message };
};
