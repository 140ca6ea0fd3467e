import { z } from "zod";

export const OCR_ACCURACY = ["low", "medium", "high"] as const;
export const OCR_OUTPUTS = ["searchable-pdf", "pdf-with-text", "text", "word", "excel"] as const;

const languageCode = z.string().regex(/^[a-z]{3}(_[a-z]+)?$/i, { message: "must be a Tesseract language code such as eng" });

/**
 * How the server applies each setting (OCRmyPDF with Tesseract):
 * - language plus multipleLanguages (and customModel, the name of an installed Tesseract model) are combined, as
 *   Tesseract's "eng+fra"; one that is not installed is refused with its name.
 * - Pages that already carry text are kept as they are and not recognised again, unless forceOcr is set: then
 *   every page is rasterised and recognised (text that was there becomes part of the picture).
 * - recognizeText off: no text layer is made; the pages are only deskewed and cleaned (searchable-pdf and
 *   pdf-with-text only).
 * - enhanceDocument cleans the picture Tesseract reads (unpaper); deskew straightens the pages of the result.
 * - dpi: the resolution assumed for images that do not state one, and the least at which pages are rasterised for
 *   recognition. confidenceThreshold: words Tesseract is less sure of (0-100) are left out of the text.
 * - accuracy high uses Tesseract's adaptive (Sauvola) thresholding, for uneven lighting and shadows.
 * - pdfA: the searchable PDF is written as PDF/A-2b.
 */
export const ocrOptions = z.object({
  language: languageCode.default("eng"),
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
