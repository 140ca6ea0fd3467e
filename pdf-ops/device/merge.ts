import { TooManyPagesError } from "../errors.js";
import { mergedOutline, type OutlineNode } from "../outline.js";
import { MERGED_NAME, mergeMessage } from "../pages/merge.js";
import { mergeArgs } from "../qpdf-args.js";
import { openOnDevice, type DevicePdf } from "./open.js";
import type { DeviceOperation } from "./operation.js";
import { readOutlineOnDevice, withOutline } from "./outline.js";
import { OUT, runQpdf } from "./qpdf-wasm.js";

/** Merge PDF on the device: qpdf joins the files with the server's command line, MuPDF carries the bookmarks. */
export const mergeOnDevice: DeviceOperation = async ({ files }, ctx) => {
  const qpdf = await ctx.engines.qpdf();
  const pdfs: DevicePdf[] = [];
  for (const [i, file] of files.entries()) {
    pdfs.push(await openOnDevice(qpdf, file, i, ctx.maxPages));
    ctx.progress((0.1 * (i + 1)) / files.length);
  }
  if (pdfs.reduce((sum, p) => sum + p.pageCount, 0) > ctx.maxPages) throw new TooManyPagesError(ctx.maxPages);

  const run = await runQpdf(qpdf, {
    inputs: new Map(pdfs.map((p) => [p.key, p.data])),
    args: mergeArgs(
      pdfs.map((p) => p.path),
      `${OUT}/${MERGED_NAME}`,
    ),
    onProgress: (f) => ctx.progress(0.1 + 0.8 * f),
  });
  let merged = run.read(MERGED_NAME);

  let outline: OutlineNode[] = [];
  if (pdfs.some((p) => p.hasOutline)) {
    const mupdf = await ctx.engines.mupdf();
    const documents = [];
    for (const pdf of pdfs) documents.push({ pageCount: pdf.pageCount, outline: await readOutlineOnDevice(mupdf, pdf) });
    outline = mergedOutline(documents);
    if (outline.length > 0) merged = withOutline(mupdf, merged, outline);
  }
  ctx.progress(1);
  const inputs = pdfs.map((p) => ({ name: p.name, pageCount: p.pageCount, repaired: false }));
  return { files: [{ name: MERGED_NAME, data: merged }], message: mergeMessage(inputs, outline) };
};
