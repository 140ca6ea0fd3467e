import { i18n } from "../../i18n/i18n.js";
import { LANGUAGE_TAGS, type Locale } from "../../../../catalog/locales.js";
import type { OcrOptions } from "../../../../catalog/options/ocr.js";

type Output = OcrOptions["outputFormat"];

/** An output's name in the choices (tool:ocr.outputs.<output>.name). */
export function outputName(output: string | number): string {
  return i18n.t(`tool:ocr.outputs.${output}.name`);
}

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
  const short = (o: Output) => i18n.t(`tool:ocr.outputs.${o}.short`);
  const list = new Intl.ListFormat(LANGUAGE_TAGS[i18n.language as Locale] ?? "en", { type: "conjunction" }).format(outputs.map(short));
  return i18n.t("tool:ocr.noEffect", { outputs: list, output: short(output) });
}
