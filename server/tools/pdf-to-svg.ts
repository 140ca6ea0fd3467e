import fs from "node:fs/promises";
import path from "node:path";
import type { ImageConvertOptions } from "../../catalog/options/convert.js";
import { runMupdf } from "../engines/mupdf/pool.js";
import { stemOf } from "../../pdf-ops/names.js";
import { selectPages } from "../../pdf-ops/page-selection.js";
import { openPdfInput, repairNote } from "../pdf/pdf-input.js";
import type { Processor } from "../work/types.js";
import { msg, type Said } from "../i18n/message.js";

/** Each page as a vector SVG drawing written by MuPDF; embedded pictures keep their own pixels. */
export const pdfToSvg: Processor<ImageConvertOptions> = async ({ files, options }, ctx) => {
  const pdf = await openPdfInput(files[0]!, ctx);
  const pages = selectPages(options.pageRange, pdf.pageCount, "pageRange");
  const outDir = path.join(ctx.workDir, "svg");
  await fs.mkdir(outDir);
  const { paths } = await runMupdf("pagesToSvg", { input: pdf.path, outDir, pages: pages.map((p) => p - 1) }, ctx, ctx.progress);
  const stem = stemOf(pdf.name);
  const outputs = paths.map((file, i) => ({ path: file, name: paths.length === 1 ? `${stem}.svg` : `${stem}-page-${pages[i]}.svg` }));
  const notes: Said[] = [msg("svg.wrote", { count: paths.length }), msg("svg.vector")];
  if (options.ocrEnabled) notes.push(msg("svg.noOcr"));
  const repaired = repairNote([pdf]);
  if (repaired) notes.push(repaired);
  return { files: outputs, zipName: `${stem}-svg.zip`, message: notes };
};
