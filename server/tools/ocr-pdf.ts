import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { FILE_KINDS } from "../../catalog/file-kinds.js";
import type { OcrOptions } from "../../catalog/options/ocr.js";
import { AUTO_OCR_LANGUAGE, ocrLanguagePackage } from "../../catalog/ocr-languages.js";
import { ocrLanguageNames } from "../i18n/ocr-language-names.js";
import { DamagedPdfError, failedWith, InvalidOptionsError, replyForFailure, TooManyPagesError, UserError } from "../errors.js";
import { runMupdf } from "../engines/mupdf/pool.js";
import { runOcrmypdf } from "../engines/ocrmypdf.js";
import { installedOcrLanguages } from "../engines/tesseract.js";
import { stemOf } from "../../pdf-ops/names.js";
import { joinLines } from "../../pdf-ops/line-whitespace.js";
import { ensureRenderBudget } from "../pdf/render-budget.js";
import { writeOcrDocx } from "../lib/ocr-docx.js";
import { joinUnspacedScripts } from "../lib/unspaced-scripts.js";
import { writeOcrTextPdf } from "../pdf/ocr-text-pdf.js";
import { writeOcrXlsx } from "../convert/ocr-xlsx.js";
import { openPdfInput } from "../pdf/pdf-input.js";
import { detectOcrLanguage } from "../convert/ocr-language-detection.js";
import type { InputFile, Processor, ProcessorContext } from "../work/types.js";
import { msg, type Message } from "../i18n/message.js";
import { kindName } from "../i18n/kind-names.js";

/**
 * OCR PDF: OCRmyPDF with Tesseract makes scans and images searchable. Every output starts from the searchable PDF
 * and its plain text; Word, Excel and the text-only PDF are built from the recognised lines and their positions.
 * How each setting is applied is written beside the options in catalog/options/ocr.ts.
 */

/** Seconds one page may take at worst (a dense 600 dpi page with several languages, cleaned and deskewed). */
const SECONDS_PER_PAGE = 120;

/** How many ordinary pages' share of the job's deadline (JOB_DEADLINE_PER_PAGE_SECONDS) a page to recognise adds. */
const OCR_PAGE_WEIGHT = 10;

export const ocrPdf: Processor<OcrOptions> = async ({ files, options }, ctx) => {
  const chosen = await checkedLanguages(options);
  if (!options.recognizeText && options.outputFormat !== "searchable-pdf") {
    throw new InvalidOptionsError(msg("ocr.needsRecognition"));
  }
  const input = files[0]!;
  const notes: Message[] = [];
  const pdf = await pdfOfInput(input, options, ctx, notes);
  // OCR takes seconds a page: every step over the whole document gets time in proportion to its pages.
  const long = { ...ctx, timeoutMs: Math.max(ctx.timeoutMs, pdf.pageCount * SECONDS_PER_PAGE * 1000) };
  // Recognising a page costs many times what page tools spend on one: the job's deadline grows to match.
  ctx.allowPages?.(pdf.pageCount * OCR_PAGE_WEIGHT);

  // The pages that carry text already are kept as they are (--skip-text) unless recognition is forced.
  const withText = options.forceOcr ? [] : await pagesWithText(pdf, input.name, long);
  const toRecognise = pdf.pageCount - withText.length;
  if (withText.length > 0) {
    notes.push(
      withText.length === pdf.pageCount ? msg("ocr.allHadText") : msg("ocr.someHadText", { count: withText.length, total: pdf.pageCount }),
    );
  }

  const languages = await resolvedLanguages(chosen, options, { path: pdf.path, pageCount: pdf.pageCount, withText }, long, notes);
  // OCRmyPDF renders each page to be recognised at the chosen resolution and cannot lower it for a huge page.
  const kept = new Set(withText);
  const recognised = Array.from({ length: pdf.pageCount }, (_, i) => i).filter((i) => !kept.has(i));
  await ensureRenderBudget({ path: pdf.path, name: input.name }, recognised.map((i) => i + 1), options.dpi, long, false);

  const source = options.deskew && toRecognise > 0 ? await straightened(pdf, input.name, withText, long, notes) : pdf.path;
  const searchable = path.join(ctx.workDir, "searchable.pdf");
  const sidecar = path.join(ctx.workDir, "recognised.txt");
  ctx.progress(0.05);
  const { pdfaFailed } = await runOcrmypdf(
    {
      input: source,
      output: searchable,
      languages: languages.join("+"),
      sidecar,
      jobs: os.availableParallelism(),
      args: ocrmypdfArgs(options),
      minWordConfidence: options.confidenceThreshold,
      pagesToRecognise: toRecognise,
      timeoutMs: long.timeoutMs,
    },
    ctx,
    (fraction) => ctx.progress(0.05 + 0.85 * fraction),
  ).catch((err: unknown) => {
    throw failedWith(err, "encrypted", "damaged") ? replyForFailure(err, input.name) : err;
  });
  ctx.progress(0.9);
  if (options.recognizeText) await fs.writeFile(sidecar, joinUnspacedScripts(await fs.readFile(sidecar, "utf8")));
  notes.unshift(recognitionSummary(toRecognise, languages, options));
  notes.push(...settingNotes(options));

  const stem = stemOf(input.name);
  if (pdfaFailed) notes.push(msg("ocr.pdfaFailed"));
  const result = await writeOutput(options, { searchable, sidecar, stem, scan: source, kept: withText }, long, notes);
  ctx.progress(1);
  return { files: [result], message: notes };
};

/** Zero-based pages that carry text already; a page MuPDF cannot load makes the file unreadable here (a 422). */
async function pagesWithText(pdf: OcrInput, name: string, ctx: ProcessorContext): Promise<number[]> {
  try {
    return (await runMupdf("pagesWithText", { input: pdf.path }, ctx)).pages;
  } catch (err) {
    throw failedWith(err, "damaged", "unsupported") ? new DamagedPdfError(name) : err;
  }
}

/**
 * The primary language, the extra ones and a custom model, each once; refused by name when not installed. "auto"
 * stays in the list, to be replaced by the detected language once the pages are known.
 */
async function checkedLanguages(options: OcrOptions): Promise<string[]> {
  const wanted = [options.language, ...options.multipleLanguages];
  const model = options.customModel.trim();
  if (model !== "") {
    // A model is named, never given as a path: it must be one installed beside the languages.
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(model)) {
      throw new InvalidOptionsError(msg("ocr.customModel", { field: "customModel" }));
    }
    wanted.push(model);
  }
  const unique = [...new Set(wanted)];
  const installed = await installedOcrLanguages();
  const missing = unique.filter((code) => code !== AUTO_OCR_LANGUAGE && !installed.has(code));
  if (missing.length > 0) {
    const named = ocrLanguageNames(missing);
    const packages = missing.map(ocrLanguagePackage).join(" ");
    throw new UserError(
      msg("ocr.notInstalled", { count: missing.length, languages: named, packages }),
      422,
      "language_not_installed",
    );
  }
  return unique;
}

/** The chosen languages with "auto" replaced by the language of the script detected on the pages to recognise. */
async function resolvedLanguages(
  chosen: readonly string[],
  options: OcrOptions,
  pdf: { path: string; pageCount: number; withText: readonly number[] },
  ctx: ProcessorContext,
  notes: Message[],
): Promise<string[]> {
  if (!chosen.includes(AUTO_OCR_LANGUAGE)) return [...chosen];
  const skip = new Set(pdf.withText);
  const pages = Array.from({ length: pdf.pageCount }, (_, i) => i).filter((i) => !skip.has(i));
  let detected = "eng";
  if (options.recognizeText && pages.length > 0) {
    const found = await detectOcrLanguage(pdf.path, pages, await installedOcrLanguages(), ctx);
    detected = found.language;
    notes.push(found.note);
  }
  return [...new Set(chosen.map((code) => (code === AUTO_OCR_LANGUAGE ? detected : code)))];
}

interface OcrInput {
  path: string;
  pageCount: number;
}

/** A PDF as it is (repaired where needed), or an image's frames as PDF pages. */
async function pdfOfInput(input: InputFile, options: OcrOptions, ctx: ProcessorContext, notes: Message[]): Promise<OcrInput> {
  if (input.kind === "pdf") return openPdfInput(input, ctx);
  const output = path.join(ctx.workDir, "image.pdf");
  try {
    const { pages, assumedDpi } = await runMupdf(
      "imageToPdf",
      { input: input.path, mime: FILE_KINDS[input.kind].mime, output, fallbackDpi: options.dpi },
      ctx,
    );
    if (pages > ctx.maxPages) throw new TooManyPagesError(ctx.maxPages);
    if (assumedDpi) notes.push(msg("ocr.assumedDpi", { dpi: options.dpi }));
    return { path: output, pageCount: pages };
  } catch (err) {
    if (failedWith(err, "too-large")) {
      throw new UserError(msg("ocr.imageTooLarge", { name: input.name, millions: 250 }), 422, "too_large");
    }
    if (failedWith(err, "damaged", "unsupported")) {
      throw new UserError(msg("ocr.imageUnreadable", { name: input.name, kind: kindName(input.kind) }), 422, "damaged");
    }
    throw err;
  }
}

/** The document with its crooked pages (of those to be recognised) turned straight. */
async function straightened(pdf: OcrInput, name: string, withText: readonly number[], ctx: ProcessorContext, notes: Message[]): Promise<string> {
  const skip = new Set(withText);
  const pages = Array.from({ length: pdf.pageCount }, (_, i) => i).filter((i) => !skip.has(i));
  const output = path.join(ctx.workDir, "straightened.pdf");
  const { turned } = await runMupdf("deskewPages", { input: pdf.path, output, pages }, ctx, (f) => ctx.progress(0.05 * f)).catch((err: unknown) => {
    // A page MuPDF reads as null (nested past its limits) cannot be measured or drawn.
    throw failedWith(err, "damaged", "unsupported") ? new DamagedPdfError(name) : err;
  });
  if (turned.length === 0) return pdf.path;
  const most = Math.max(...turned.map((t) => Math.abs(t.degrees)));
  notes.push(msg("ocr.straightened", { count: turned.length, degrees: most }));
  return output;
}

/** OCRmyPDF arguments for the visitor's settings. */
export function ocrmypdfArgs(options: OcrOptions): string[] {
  const args = [options.forceOcr ? "--force-ocr" : "--skip-text"];
  args.push("--output-type", options.pdfA && options.outputFormat === "searchable-pdf" ? "pdfa-2" : "pdf");
  if (options.enhanceDocument) args.push("--clean");
  // Pages whose pictures are coarser than this are upsampled before Tesseract reads them.
  args.push("--oversample", String(options.dpi));
  if (options.accuracy === "high") args.push("--tesseract-thresholding", "sauvola");
  // A zero timeout is OCRmyPDF's documented way to do the image steps (deskew, clean) without recognition.
  if (!options.recognizeText) args.push("--tesseract-timeout", "0");
  return args;
}

function recognitionSummary(pages: number, languages: readonly string[], options: OcrOptions): Message {
  if (!options.recognizeText) return msg("ocr.processedOnly", { count: pages });
  const names = ocrLanguageNames(languages);
  if (options.confidenceThreshold > 0) return msg("ocr.recognisedAbove", { count: pages, languages: names, confidence: options.confidenceThreshold });
  return msg("ocr.recognised", { count: pages, languages: names });
}

/** Lines of a paragraph joined into one (words hyphenated at a line end mended); pages and paragraphs kept. */
function reflowed(text: string): string {
  return text
    .split("\f")
    .map((page) => page.split(/\n\s*\n/).map((para) => para.replace(/(\p{Ll})-\n(?=\p{Ll})/gu, "$1")).map(joinLines).join("\n\n"))
    .join("\f");
}

/** Which outputs each format-specific setting shapes (when turned off, a sentence under "ocr.notApplied."). */
const APPLIES_TO: Partial<Record<keyof OcrOptions, readonly OcrOptions["outputFormat"][]>> = {
  includeFonts: ["pdf-with-text"],
  includeImages: ["pdf-with-text"],
  recognizeTables: ["excel"],
  preserveLayout: ["text", "word"],
};

/** What the chosen settings could not do, said plainly. */
function settingNotes(options: OcrOptions): Message[] {
  const notes: Message[] = [];
  for (const [key, outputs] of Object.entries(APPLIES_TO)) {
    if (options[key as keyof OcrOptions] === false && outputs && !outputs.includes(options.outputFormat)) {
      notes.push(msg(`ocr.notApplied.${key}`, { format: msg(`ocr.formats.${options.outputFormat}`) }));
    }
  }
  if (options.accuracy === "low") notes.push(msg("ocr.lowAccuracy"));
  if (!options.recognizeImages) notes.push(msg("ocr.picturesRecognised"));
  if (options.pdfA && options.outputFormat !== "searchable-pdf") notes.push(msg("ocr.pdfaSearchableOnly"));
  return notes;
}

interface Recognised {
  searchable: string;
  sidecar: string;
  stem: string;
  /** The pages as recognition saw them (straightened), and those kept because they had text. */
  scan: string;
  kept: readonly number[];
}

async function writeOutput(
  options: OcrOptions,
  recognised: Recognised,
  ctx: ProcessorContext,
  notes: Message[],
): Promise<{ path: string; name: string }> {
  const { searchable, sidecar, stem, scan, kept } = recognised;
  switch (options.outputFormat) {
    case "searchable-pdf":
      if (options.pdfA && !notes.some((n) => n.key === "ocr.pdfaFailed")) notes.push(msg("ocr.writtenAsPdfA"));
      return { path: searchable, name: `${stem}-ocr.pdf` };
    case "text":
      if (!options.preserveLayout) await fs.writeFile(sidecar, reflowed(await fs.readFile(sidecar, "utf8")));
      return { path: sidecar, name: `${stem}.txt` };
    case "pdf-with-text": {
      const out = path.join(ctx.workDir, "text.pdf");
      notes.push(...(await writeOcrTextPdf({ searchable, scan, kept }, out, options, ctx)));
      return { path: out, name: `${stem}-text.pdf` };
    }
    case "word": {
      const out = path.join(ctx.workDir, "text.docx");
      await writeOcrDocx(await fs.readFile(sidecar, "utf8"), out, { keepLineBreaks: options.preserveLayout });
      return { path: out, name: `${stem}.docx` };
    }
    case "excel": {
      const out = path.join(ctx.workDir, "text.xlsx");
      const { pages } = await runMupdf("recognisedLines", { input: searchable }, ctx);
      await writeOcrXlsx(pages, out, { splitColumns: options.recognizeTables });
      return { path: out, name: `${stem}.xlsx` };
    }
  }
}

