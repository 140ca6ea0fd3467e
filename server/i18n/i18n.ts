import i18next, { type Resource } from "i18next";
import { DEFAULT_LOCALE, isLocale, LANGUAGE_TAGS, LOCALES, localeFromAcceptLanguage, type Locale } from "../../catalog/locales.js";
import { catalogMessages } from "../../catalog/catalog-messages.js";
import { TOOLS } from "../../catalog/tools.js";
import toolsDe from "../../catalog/locales/de.json" with { type: "json" };
import toolsEs from "../../catalog/locales/es.json" with { type: "json" };
import toolsFr from "../../catalog/locales/fr.json" with { type: "json" };
import toolsIt from "../../catalog/locales/it.json" with { type: "json" };
import toolsJa from "../../catalog/locales/ja.json" with { type: "json" };
import toolsPt from "../../catalog/locales/pt.json" with { type: "json" };
import toolsZh from "../../catalog/locales/zh.json" with { type: "json" };
import de from "../locales/de.json" with { type: "json" };
import en from "../locales/en.json" with { type: "json" };
import es from "../locales/es.json" with { type: "json" };
import fr from "../locales/fr.json" with { type: "json" };
import it from "../locales/it.json" with { type: "json" };
import ja from "../locales/ja.json" with { type: "json" };
import pt from "../locales/pt.json" with { type: "json" };
import zh from "../locales/zh.json" with { type: "json" };
import { isMessage, type Text } from "./message.js";

/**
 * The server's sentences in the visitor's language, with i18next (the web app's library too). Each sentence has a
 * key and values in server/locales/<locale>.json (tool names come from the catalogue's namespace, "tools");
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

/** Sentences follow each other with a space, except in Japanese and Chinese, whose sentences run on. */
const SEPARATORS: Partial<Record<Locale, string>> = { ja: "", zh: "" };

/** `text` in `locale`: a message by its key, several joined as that language joins sentences. */
export function say(text: Text, locale: Locale): string {
  if (typeof text === "string") return text;
  if (isMessage(text)) {
    const values = Object.fromEntries(Object.entries(text.values ?? {}).map(([name, value]) => [name, isMessage(value) ? say(value, locale) : value]));
    return instance.t(text.key, { ...values, lng: locale });
  }
  return text
    .map((part) => say(part, locale))
    .filter((part) => part !== "")
    .join(SEPARATORS[locale] ?? " ");
}

/** English, as logs and the API's own documents say it. */
export function inEnglish(text: Text): string {
  return say(text, DEFAULT_LOCALE);
}

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
