import { z } from "zod";

export const OCR_ACCURACY = ["low", "medium", "high"] as const;
export const OCR_OUTPUTS = ["searchable-pdf", "pdf-with-text", "text", "word", "excel"] as const;

const languageCode = z.string().regex(/^[a-z]{3}(_[a-z]+)?$/i, { message: "must be a Tesseract language code such as eng" });

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
});
export type OcrOptions = z.infer<typeof ocrOptions>;
