import os from "node:os";
import path from "node:path";
import { formatPageList } from "../../catalog/page-ranges.js";
import { failedWith, replyForFailure } from "../errors.js";
import { runOcrmypdf } from "../engines/ocrmypdf.js";
import { runMupdf } from "../engines/mupdf/pool.js";
import type { LayoutPage } from "../engines/mupdf/convert-tasks.js";
import { installedOcrLanguages } from "../engines/tesseract.js";
import type { ReadablePdf } from "../pdf/pdf-input.js";
import { ensureRenderBudget } from "../pdf/render-budget.js";
import type { ProcessorContext } from "../work/types.js";
import { detectOcrLanguage } from "./ocr-language-detection.js";
import { noTextError, NO_TEXT_SENTENCE, scannedPages, unrecognisedScans } from "../../pdf-ops/text/scans.js";
import { msg, type Message } from "../i18n/message.js";
import { ocrLanguageName } from "../i18n/ocr-language-names.js";

/**
 * Conversions that rebuild a document read the PDF's text layer. A scan has none: its chosen pages are recognised
 * with OCR first (OCRmyPDF keeps pages that carry text as they are), so that a scanned letter becomes a document
 * with words in it rather than an empty one. With OCR turned off, a selection without any text is refused: a
 * "successful" empty document helps nobody.
 */

/** Seconds one page may take at worst, as in OCR PDF with its cleaning steps off. */
const SECONDS_PER_PAGE = 60;
/** Scans are recognised at this resolution when their pictures are coarser, as OCR PDF does by default. */
const OCR_DPI = 300;

export interface TextLayer {
  /** The PDF to read text from: the input, or a copy whose scanned pages now carry recognised text. */
  path: string;
  /** Zero-based pages whose text was recognised here. */
  recognised: number[];
  notes: Message[];
}

export { NO_TEXT_SENTENCE };

/**
 * With OCR turned off, a selection without any text is refused before anything else is read: the look at the text
 * layer decodes no picture, so a scan is turned away without its pages being extracted or rendered first.
 */
export async function refuseWithoutText(pdf: ReadablePdf, pages: readonly number[], ctx: ProcessorContext): Promise<void> {
  const { text } = await runMupdf("anyPageDrawsText", { input: pdf.path, pages: [...pages] }, ctx);
  if (!text) throw noTextError();
}

/** Whether MuPDF found any character on the page that is not white space; a form field's value is not the page's text. */
export function pageHasText(page: LayoutPage): boolean {
  return page.blocks.some((b) => b.kind === "text" && !b.formField && b.lines.some((l) => l.spans.some((s) => s.text.trim() !== "")));
}

/**
 * pages: the zero-based pages the conversion reads; scanned: those of them its own reading found without text.
 * progress covers the recognition, 0 to 1.
 */
export async function recogniseScans(
  pdf: ReadablePdf,
  pages: readonly number[],
  scanned: readonly number[],
  ocrEnabled: boolean,
  ctx: ProcessorContext,
  progress: (fraction: number) => void = () => undefined,
): Promise<TextLayer> {
  if (scanned.length === 0) return { path: pdf.path, recognised: [], notes: [] };
  if (!ocrEnabled) return { path: pdf.path, recognised: [], notes: unrecognisedScans(pages, scanned) };

  const long = { ...ctx, timeoutMs: Math.max(ctx.timeoutMs, scanned.length * SECONDS_PER_PAGE * 1000) };
  await ensureRenderBudget(pdf, scanned.map((p) => p + 1), OCR_DPI, long, false);
  const output = path.join(ctx.workDir, "recognised.pdf");
  let language: string;
  try {
    ({ language } = await detectOcrLanguage(pdf.path, scanned, await installedOcrLanguages(), long));
    await runOcrmypdf(
      {
        input: pdf.path,
        output,
        languages: language,
        jobs: os.availableParallelism(),
        args: ["--skip-text", "--output-type", "pdf", "--oversample", String(OCR_DPI), "--pages", formatPageList(scanned.map((p) => p + 1))],
        minWordConfidence: 0,
        pagesToRecognise: scanned.length,
        timeoutMs: long.timeoutMs,
      },
      ctx,
      progress,
    );
  } catch (err) {
    if (failedWith(err, "encrypted")) throw replyForFailure(err, pdf.name);
    if (!failedWith(err, "damaged", "unsupported")) throw err;
    // The text layer MuPDF reads may still be whole where the recognisers stumble over a damaged file: the
    // conversion goes on with it rather than fail for the sake of pages that may well be blank.
    return { path: pdf.path, recognised: [], notes: [msg("scans.ocrFailed", scannedPages(scanned))] };
  }
  return {
    path: output,
    recognised: [...scanned],
    notes: [msg("scans.recognised", { ...scannedPages(scanned), language: ocrLanguageName(language) })],
  };
}


