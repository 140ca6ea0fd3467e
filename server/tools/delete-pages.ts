import path from "node:path";
import type { DeletePagesOptions } from "../../catalog/options/pages.js";
import { deletePagesMessage, planDeletePages } from "../../pdf-ops/pages/delete-pages.js";
import { keptPagesArgs } from "../../pdf-ops/qpdf-args.js";
import { runMupdf } from "../engines/mupdf/pool.js";
import { keepPages } from "../pdf/keep-pages.js";
import { onStatedPageCount } from "../pdf/on-stated-page-count.js";
import { openPdfInput, type ReadablePdf } from "../pdf/pdf-input.js";
import type { OutputFile, Processor, ProcessorContext } from "../work/types.js";

export const deletePages: Processor<DeletePagesOptions> = async ({ files, options }, ctx) => {
  const keep = async (pdf: ReadablePdf, workCtx: ProcessorContext) => {
    const plan = planDeletePages(options, pdf);
    const kept = await keepPages(pdf.path, plan.kept, workCtx, {
      keepBookmarks: options.keepBookmarks,
      qpdfArgs: keptPagesArgs(options.optimizePdf),
      name: "pages-deleted",
    });
    return { plan, kept };
  };
  const early = await onStatedPageCount(files[0]!, ctx, keep);
  const pdf = early?.pdf ?? (await openPdfInput(files[0]!, ctx, { check: true }));
  const { plan, kept: result } = early?.result ?? (await keep(pdf, ctx));
  let current = result.path;
  ctx.progress(0.5);

  if (!options.preserveMetadata) {
    const next = path.join(ctx.workDir, "metadata-removed.pdf");
    await runMupdf("stripMetadata", { input: current, output: next }, ctx);
    current = next;
  }

  // Only qpdf's own copy stands on the input's check; a file MuPDF rewrote afterwards is checked as any other.
  const copiedByQpdfFrom = current === result.path && !result.bookmarks ? [pdf.path] : undefined;
  const outputs: OutputFile[] = [{ path: current, name: plan.name, copiedByQpdfFrom }];
  if (options.createBackup) outputs.push({ path: files[0]!.path, name: plan.backupName });
  const message = deletePagesMessage(plan, { bookmarks: result.bookmarks, metadataRemoved: !options.preserveMetadata, backup: options.createBackup });
  return { files: outputs, zipName: plan.zipName, message };
};
