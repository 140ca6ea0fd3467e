import i18next, { type Resource } from "i18next";
import { DEFAULT_LOCALE, isLocale, LANGUAGE_TAGS, LOCALES, localeFromAcceptLanguage, type Locale } from "../../catalog/locales.js";
import { catalogMessages } from "../../catalog/catalog-messages.js";
import { intlOcrLanguageName } from "../../catalog/ocr-languages.js";
import { TOOLS } from "../../catalog/tools.js";
import toolsDe from "../../catalog/locales/de.json" with { type: "json" };
import toolsEs from "../../catalog/locales/es.json" with { type: "json" };
import toolsFr from "../../catalog/locales/fr.json" with { type: "json" };
import toolsIt from "../../catalog/locales/it.json" with { type: "json" };
import toolsJa from "../../catalog/locales/ja.json" with { type: "json" };
import toolsPt from "../../catalog/locales/pt.json" with { type: "json" };
import toolsZh from "../../catalog/locales/zh.json" with { type: "json" };
import de from "../../catalog/messages/de.json" with { type: "json" };
import en from "../../catalog/messages/en.json" with { type: "json" };
import es from "../../catalog/messages/es.json" with { type: "json" };
import fr from "../../catalog/messages/fr.json" with { type: "json" };
import it from "../../catalog/messages/it.json" with { type: "json" };
import ja from "../../catalog/messages/ja.json" with { type: "json" };
import pt from "../../catalog/messages/pt.json" with { type: "json" };
import zh from "../../catalog/messages/zh.json" with { type: "json" };
import { sayEnglishWith } from "../../pdf-ops/errors.js";
import { sayText, type Text } from "./message.js";

/**
 * The server's sentences in the visitor's language, with i18next (the web app's library too). Each sentence has a
 * key and values in catalog/messages/<locale>.json (shared with the browser, which says the sentences of the tools it runs itself) (tool names come from the catalogue's namespace, "tools");
 * English is the default and what a locale lacks falls back to.
 * The OpenAPI document and /api/docs stay English: they describe the API, not a visitor's file.
 */
const CATALOGUES: Record<Locale, Resource[string]> = {
  en: { server: en, tools: catalogMessages(TOOLS) as Resource[string][string] },
  es: { server: es, tools: toolsEs },
  fr: { server: fr, tools: toolsFr },
  de: { server: de, tools: toolsDe },
  it: { server: it, tools: toolsIt },
  pt: { server: pt, tools: toolsPt },
  ja: { server: ja, tools: toolsJa },
  zh: { server: zh, tools: toolsZh },
};

const instance = i18next.createInstance();
void instance.init({
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: LOCALES,
  ns: ["server", "tools"],
  defaultNS: "server",
  resources: CATALOGUES,
  initAsync: false,
  interpolation: { escapeValue: false },
});

/**
 * OCR languages are named by Intl in the reader's language (the catalogue's "{{code, ocrLanguage}}": "allemand
 * (deu)"), with the catalogue's own words where Intl has none (Fraktur, historical models).
 */
function ocrLanguageName(code: string, locale: Locale): string {
  const found = intlOcrLanguageName(code, LANGUAGE_TAGS[locale]);
  if (found) return `${found.historic ? instance.t("ocr.historic", { lng: locale, language: found.name }) : found.name} (${code})`;
  const key = `ocr.models.${code}`;
  return instance.exists(key, { lng: locale }) ? `${instance.t(key, { lng: locale })} (${code})` : code;
}
instance.services.formatter?.add("ocrLanguage", (value: unknown, lng: string | undefined) => ocrLanguageName(String(value), isLocale(lng) ? lng : DEFAULT_LOCALE));

/** `text` in `locale`: a message by its key, several joined as that language joins sentences. */
export function say(text: Text, locale: Locale): string {
  return sayText(text, (key, options) => instance.t(key, { ...options, lng: locale }), locale);
}

/** English, as logs and the API's own documents say it. */
export function inEnglish(text: Text): string {
  return say(text, DEFAULT_LOCALE);
}

// Errors made anywhere on the server read in English through this catalogue.
sayEnglishWith(inEnglish);

/**
 * The language to answer a request in: its `lang` field (the web app sends the page's language) when given,
 * otherwise the best of its Accept-Language header, otherwise English.
 */
export function requestLocale(acceptLanguage: string | undefined, langField?: string): Locale {
  const field = langField?.trim().toLowerCase();
  if (isLocale(field)) return field;
  return localeFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LOCALE;
}

export function languageTag(locale: Locale): string {
  return LANGUAGE_TAGS[locale];
}
