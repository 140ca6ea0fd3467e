import { z } from "zod";
import { refusal } from "./common.js";

export const OCR_ACCURACY = ["low", "medium", "high"] as const;
export const OCR_OUTPUTS = ["searchable-pdf", "pdf-with-text", "text", "word", "excel"] as const;

const languageCode = z.string().max(40).regex(/^[a-z]{3}(_[a-z]+)?$/i, { message: refusal("ocrLanguage") });
/** The primary language may also be "auto": the script is detected from the pages. */
const primaryLanguage = z.string().max(40).regex(/^(auto|[a-z]{3}(_[a-z]+)?)$/i, { message: refusal("ocrLanguageOrAuto") });

/**
 * How the server applies each setting (OCRmyPDF with Tesseract):
 * - language plus multipleLanguages (and customModel, the name of an installed Tesseract model) are combined, as
 *   Tesseract's "eng+fra"; one that is not installed is refused with its name. language "auto" detects the script
 *   on up to three pages (Tesseract's script detection) and reads it in that script's main language (Latin:
 *   English, Cyrillic: Russian, Han: Simplified Chinese...); with too little text to tell, English, and the
 *   reply says so. The default stays English, as the screen's spec has it.
 * - Pages that already carry text are kept as they are and not recognised again, unless forceOcr is set: then
 *   every page is rasterised and recognised (text that was there becomes part of the picture).
 * - recognizeText off: no text layer is made; the pages are only straightened and cleaned (searchable-pdf only).
 * - deskew: each crooked page is measured and turned straight, in the result too. enhanceDocument cleans the
 *   picture Tesseract reads (unpaper); the picture in the result stays as scanned.
 * - dpi: the resolution assumed for images that state none (or a 72/96 dpi placeholder), and the least at which
 *   pages are rasterised for recognition. confidenceThreshold: words Tesseract is less sure of (0-100) are left out.
 * - accuracy high uses Tesseract's adaptive (Sauvola) thresholding, for uneven lighting and shadows; low is medium.
 * - outputFormat: searchable-pdf is the scan with invisible text over it (PDF/A-2b when pdfA is set);
 *   pdf-with-text shows the recognised text in a real font where it was found (includeFonts embeds DejaVu Sans,
 *   includeImages keeps the scan faded underneath); text is UTF-8 with a form feed after each page; word is a
 *   DOCX of paragraphs; excel an XLSX with a sheet a page, a row a line and, with recognizeTables, a cell a column.
 *   preserveLayout keeps the lines of a paragraph in text and Word output; off, they flow.
 */
export const ocrOptions = z.object({
  language: primaryLanguage.default("eng"),
  enhanceDocument: z.boolean().default(true),
  deskew: z.boolean().default(true),
  recognizeText: z.boolean().default(true),
  recognizeTables: z.boolean().default(true),
  recognizeImages: z.boolean().default(true),
  accuracy: z.enum(OCR_ACCURACY).default("medium"),
  outputFormat: z.enum(OCR_OUTPUTS).default("searchable-pdf"),
  includeFonts: z.boolean().default(true),
  includeImages: z.boolean().default(true),
  preserveLayout: z.boolean().default(true),
  confidenceThreshold: z.number().min(0).max(100).default(75),
  dpi: z.number().int().min(72).max(600).default(300),
  /** Sent as multipleLanguages[0], multipleLanguages[1], ... */
  multipleLanguages: z.array(languageCode).max(10).default([]),
  customModel: z.string().max(200).default(""),
  /** Recognise pages that already carry text as well (OCRmyPDF's --force-ocr). */
  forceOcr: z.boolean().default(false),
  /** Write the searchable PDF as PDF/A-2b for archiving. */
  pdfA: z.boolean().default(false),
});
export type OcrOptions = z.infer<typeof ocrOptions>;
