import fs from "node:fs/promises";
import path from "node:path";
import type { z } from "zod";
import type { basicConvertOptions } from "../../catalog/options/convert.js";
import { officeConvert } from "../engines/libreoffice.js";
import { assemblePages, pageCount } from "../engines/qpdf.js";
import { UserError } from "../errors.js";
import { stemOf } from "../../pdf-ops/names.js";
import { selectPages } from "../../pdf-ops/page-selection.js";
import { formatPageList } from "../../catalog/page-ranges.js";
import type { Processor } from "../work/types.js";
import { msg } from "../i18n/message.js";

type BasicConvertOptions = z.infer<typeof basicConvertOptions>;

/**
 * Word, Excel, PowerPoint and OpenDocument files to PDF with a warm LibreOffice. Images inside the document are
 * exported as JPEG at the chosen quality; pageRange picks pages of the result.
 */
export const wordToPdf: Processor<BasicConvertOptions> = async ({ files, options }, ctx) => {
  const file = files[0]!;
  // The office reads the file by its extension as well as its content: give it a name that matches its kind.
  const input = path.join(ctx.workDir, `document.${file.kind}`);
  await fs.copyFile(file.path, input);
  const out = path.join(ctx.workDir, "document.pdf");
  const filterData: Record<string, string | number | boolean> = {
    Quality: options.quality,
    UseLosslessCompression: false,
    ExportBookmarks: true,
  };
  const conversion = await officeConvert(input, out, "pdf", filterData, { ...ctx, fileName: file.name });
  ctx.progress(0.9);
  let pages = await pageCount(out, ctx);
  if (!pages) throw new UserError(msg("office.nothingToPrint", { name: file.name }), 422, "empty");
  let result = out;
  // The page count is known only after layout: the pages asked for are taken from the whole PDF.
  if (options.pageRange.trim() !== "") {
    const chosen = selectPages(options.pageRange, pages, "pageRange");
    result = path.join(ctx.workDir, "selected.pdf");
    await assemblePages([{ file: out, pages: formatPageList(chosen) }], result, ctx);
    pages = chosen.length;
  }
  const notes = [msg(`officeToPdf.converted.${conversion.kind}`, { count: pages })];
  if (options.ocrEnabled) notes.push(msg("officeToPdf.noOcr"));
  return { files: [{ path: result, name: `${stemOf(file.name)}.pdf` }], message: notes };
};
