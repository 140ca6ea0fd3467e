import { LANGUAGE_TAGS, type Locale } from "../../../../catalog/locales.js";
import { AUTO_OCR_LANGUAGE, intlOcrLanguageName } from "../../../../catalog/ocr-languages.js";
import { useLocale, useT } from "../../i18n/use-t.js";

/** The words Intl does not have: "detect automatically", a historical model, and models that are no language. */
export interface OcrLanguageWords {
  auto: string;
  historic(language: string): string;
  /** A model's own name (Fraktur), or undefined for a code nobody names (a custom model). */
  model(code: string): string | undefined;
}

/**
 * A Tesseract language's name as a menu shows it in the page's language: Intl's name, begun with a capital as a
 * list item is ("Französisch", "Allemand"), then the code Tesseract knows it by ("Allemand (deu)").
 */
export function ocrLanguageName(code: string, locale: Locale, words: OcrLanguageWords): string {
  if (code === AUTO_OCR_LANGUAGE) return words.auto;
  const found = intlOcrLanguageName(code, LANGUAGE_TAGS[locale]);
  const name = found ? (found.historic ? words.historic(found.name) : found.name) : words.model(code);
  if (!name) return code;
  return `${name.charAt(0).toLocaleUpperCase(LANGUAGE_TAGS[locale])}${name.slice(1)} (${code})`;
}

/** `ocrLanguageName` for the page on screen. */
export function useOcrLanguageName(): (code: string) => string {
  const t = useT("tool");
  const locale = useLocale();
  const words: OcrLanguageWords = {
    auto: t("ocr.languageNames.auto"),
    historic: (language) => t("ocr.languageNames.historic", { language }),
    model: (code) => (code === "frk" ? t("ocr.languageNames.frk") : undefined),
  };
  return (code) => ocrLanguageName(code, locale, words);
}
