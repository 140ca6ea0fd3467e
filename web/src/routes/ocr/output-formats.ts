import type { OcrOptions } from "../../../../catalog/options/ocr.js";

type Output = OcrOptions["outputFormat"];

export const OUTPUT_NAMES: Record<Output, string> = {
  "searchable-pdf": "Searchable PDF (the scan with invisible text)",
  "pdf-with-text": "PDF with text (the recognised text shown)",
  text: "Plain text (.txt)",
  word: "Word document (.docx)",
  excel: "Excel workbook (.xlsx)",
};

const SHORT_NAMES: Record<Output, string> = {
  "searchable-pdf": "searchable PDF",
  "pdf-with-text": "PDF with text",
  text: "plain text",
  word: "Word",
  excel: "Excel",
};

/** The settings that shape some outputs only, as the server applies them (catalog/options/ocr.ts). */
const SHAPES: Partial<Record<keyof OcrOptions, readonly Output[]>> = {
  includeFonts: ["pdf-with-text"],
  includeImages: ["pdf-with-text"],
  recognizeTables: ["excel"],
  preserveLayout: ["text", "word"],
  pdfA: ["searchable-pdf"],
};

/**
 * Said under a setting that cannot take effect with the chosen output, so that nobody believes it did; the
 * server's message repeats it after the run.
 */
export function noEffectNote(key: keyof OcrOptions, output: Output): string | undefined {
  const outputs = SHAPES[key];
  if (!outputs || outputs.includes(output)) return undefined;
  return `Only for ${outputs.map((o) => SHORT_NAMES[o]).join(" and ")} output: it changes nothing for ${SHORT_NAMES[output]}.`;
}
