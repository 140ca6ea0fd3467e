import fs from "node:fs/promises";
import path from "node:path";
import { ocrLanguagePackage } from "../../catalog/ocr-languages.js";
import { ocrLanguageName } from "../i18n/ocr-language-names.js";
import { failedWith, UserError } from "../errors.js";
import { runMupdf } from "../engines/mupdf/pool.js";
import { fittedDpi } from "../../pdf-ops/render/page-pixels.js";
import { popplerPageBoxes } from "../engines/poppler-page-boxes.js";
import { statedCropBoxes } from "../pdf/stated-page-layout.js";
import { renderPagesInParallel } from "./parallel-render.js";
import { detectScript } from "../engines/tesseract.js";
import type { ProcessorContext } from "../work/types.js";
import { msg, type Message } from "../i18n/message.js";

/**
 * OCR language "auto": Tesseract's script detection on a few pages, and the main language of the script found.
 * Script detection tells scripts apart, not languages that share one, so every Latin page is read as English
 * (whose model also reads most accented Latin letters); a visitor who knows better chooses the language.
 */

/** Tesseract's script names (osd.traineddata) and the language each is read in. */
const LANGUAGE_OF_SCRIPT: Readonly<Record<string, string>> = {
  Latin: "eng",
  Fraktur: "frk",
  Cyrillic: "rus",
  Greek: "ell",
  Han: "chi_sim",
  HanS: "chi_sim",
  HanT: "chi_tra",
  Japanese: "jpn",
  Katakana: "jpn",
  Hiragana: "jpn",
  Hangul: "kor",
  Korean: "kor",
  Arabic: "ara",
  Hebrew: "heb",
  Devanagari: "hin",
  Bengali: "ben",
  Gujarati: "guj",
  Gurmukhi: "pan",
  Kannada: "kan",
  Malayalam: "mal",
  Oriya: "ori",
  Tamil: "tam",
  Telugu: "tel",
  Sinhala: "sin",
  Thai: "tha",
  Lao: "lao",
  Khmer: "khm",
  Myanmar: "mya",
  Tibetan: "bod",
  Armenian: "hye",
  Georgian: "kat",
  Ethiopic: "amh",
  Syriac: "syr",
  Thaana: "div",
  Cherokee: "chr",
  Canadian_Aboriginal: "iku",
};

/** At most this many pages are looked at: the first pages to be recognised speak for the document. */
const PAGES_LOOKED_AT = 3;
/** Pages are rendered at this resolution for detection, as Tesseract reads best. */
const DETECTION_DPI = 300;
const MAX_PIXELS = 40_000_000;

export interface DetectedLanguage {
  language: string;
  /** A sentence for the reply. */
  note: Message;
}

/**
 * The language to read the document in. pages are the zero-based pages to be recognised; installed the models on
 * this machine. A script whose language is not installed is refused (422) naming the language and its package.
 */
export async function detectOcrLanguage(
  input: string,
  pages: readonly number[],
  installed: ReadonlySet<string>,
  ctx: ProcessorContext,
): Promise<DetectedLanguage> {
  const outDir = await fs.mkdtemp(path.join(ctx.workDir, "script-"));
  const looked = pages.slice(0, PAGES_LOOKED_AT);
  const weight = new Map<string, number>();
  try {
    const images = looked.length > 0 ? await pageImages(input, looked, outDir, ctx) : [];
    // Each page's look is a Tesseract run of its own: side by side, within Tesseract's share of the cores, and all
    // of them ended before the images go.
    const outcomes = await Promise.allSettled(images.map((image) => detectScript(image, ctx)));
    const failed = outcomes.find((o) => o.status === "rejected");
    if (failed) throw failed.reason;
    for (const outcome of outcomes) {
      const script = (outcome as PromiseFulfilledResult<Awaited<ReturnType<typeof detectScript>>>).value;
      // A confidence of 0 still names the most likely script; it counts a little, so one page decides alone.
      if (script) weight.set(script.script, (weight.get(script.script) ?? 0) + script.confidence + 0.01);
    }
  } finally {
    await fs.rm(outDir, { recursive: true, force: true });
  }

  const best = [...weight.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!best) {
    return { language: "eng", note: msg("ocr.tooLittleText", { language: ocrLanguageName("eng") }) };
  }
  const language = LANGUAGE_OF_SCRIPT[best] ?? "eng";
  if (!installed.has(language)) {
    throw new UserError(
      msg("ocr.detectedNotInstalled", { script: best, language: ocrLanguageName(language), package: ocrLanguagePackage(language) }),
      422,
      "language_not_installed",
    );
  }
  const known = LANGUAGE_OF_SCRIPT[best] !== undefined;
  return {
    language,
    note: known
      ? msg(best === "Latin" ? "ocr.detectedLatin" : "ocr.detected", { script: best, language: ocrLanguageName(language) })
      : msg("ocr.detectedOther", { script: best, language: ocrLanguageName("eng") }),
  };
}

/**
 * Grey images of the pages (zero-based) at DETECTION_DPI, or lower for a page that would pass MAX_PIXELS: poppler's
 * plain grey pixels, which Tesseract reads as they are, the pages over several processes; MuPDF's PNG where poppler
 * cannot read the page sizes or fails on the file.
 */
async function pageImages(input: string, pages: readonly number[], outDir: string, ctx: ProcessorContext): Promise<string[]> {
  const boxes = (await statedCropBoxes(input, ctx.maxPages))?.boxes ?? (await popplerPageBoxes(input, Math.max(...pages) + 1, ctx));
  const planned = boxes && pages.map((page) => boxes[page] && { page: page + 1, dpi: fittedDpi(boxes[page].width, boxes[page].height, DETECTION_DPI, MAX_PIXELS) });
  if (planned?.every((page) => page !== undefined)) {
    try {
      const rendered = await renderPagesInParallel(input, planned, outDir, { format: "pgm", gray: true, quality: 100 }, ctx, () => undefined);
      return rendered.map((page) => page.path);
    } catch (err) {
      if (!failedWith(err, "damaged")) throw err;
    }
  }
  const mupdfDir = await fs.mkdtemp(path.join(outDir, "mupdf-"));
  const { pages: rendered } = await runMupdf(
    "renderPages",
    { input, outDir: mupdfDir, pages: [...pages], dpi: DETECTION_DPI, color: "gray", encoding: "png", quality: 0, maxPixels: MAX_PIXELS },
    ctx,
  );
  return rendered.map((page) => page.path);
}
