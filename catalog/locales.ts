/**
 * The languages the product speaks, shared by the web app (addresses, the language selector, the suggestion) and
 * the server (its messages follow Accept-Language). English lives at the bare paths; every other language under
 * its own prefix ("/de/merge-pdf").
 */
export const LOCALES = ["en", "es", "fr", "de", "it", "pt", "ja", "zh"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** Each language named in itself, as the selector lists it. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  en: "English",
  es: "Español",
  fr: "Français",
  de: "Deutsch",
  it: "Italiano",
  pt: "Português",
  ja: "日本語",
  zh: "中文（简体）",
};

/** The BCP 47 tag for `<html lang>`, hreflang and Intl: Chinese is the simplified script. */
export const LANGUAGE_TAGS: Readonly<Record<Locale, string>> = {
  en: "en",
  es: "es",
  fr: "fr",
  de: "de",
  it: "it",
  pt: "pt",
  ja: "ja",
  zh: "zh-Hans",
};

/** Scripts written right to left; a locale of one of these languages gets `dir="rtl"`. */
const RIGHT_TO_LEFT = new Set(["ar", "he", "fa", "ur", "yi", "ps", "sd", "ckb", "dv"]);

/** How sentences follow each other: a space, except in Japanese and Chinese, whose sentences run on. */
export const SENTENCE_SEPARATORS: Readonly<Record<Locale, string>> = { en: " ", es: " ", fr: " ", de: " ", it: " ", pt: " ", ja: "", zh: "" };

export function textDirection(locale: string): "ltr" | "rtl" {
  return RIGHT_TO_LEFT.has(locale.split("-")[0]!.toLowerCase()) ? "rtl" : "ltr";
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** "/de/merge-pdf" → de and "/merge-pdf"; "/de" and "/de/" → de and "/"; a path without a prefix is English. */
export function splitLocalePath(urlPath: string): { locale: Locale; path: string } {
  const match = /^\/([a-z]{2})(?=\/|$)/.exec(urlPath);
  const prefix = match?.[1];
  if (prefix === undefined || prefix === DEFAULT_LOCALE || !isLocale(prefix)) return { locale: DEFAULT_LOCALE, path: urlPath };
  return { locale: prefix, path: urlPath.slice(prefix.length + 1) || "/" };
}

/** The address of `path` (an English path such as "/merge-pdf" or "/") in `locale`: "/de/merge-pdf", "/de/". */
export function localizedPath(locale: Locale, path: string): string {
  if (locale === DEFAULT_LOCALE) return path;
  return `/${locale}${path}`;
}

/**
 * The locale a language tag asks for, if we have it: "de-AT" is German, "pt-BR" Portuguese, "zh-CN" and
 * "zh-Hans" simplified Chinese; traditional Chinese ("zh-TW", "zh-Hant") is not offered simplified characters.
 */
export function localeForTag(tag: string): Locale | undefined {
  const parts = tag.trim().toLowerCase().split(/[-_]/);
  const primary = parts[0];
  if (primary === "zh" && parts.slice(1).some((p) => p === "hant" || p === "tw" || p === "hk" || p === "mo")) return undefined;
  return isLocale(primary) ? primary : undefined;
}

const MAX_ACCEPT_LANGUAGE_CHARS = 1000;
const MAX_RANGES = 40;

/**
 * The best of our locales for an Accept-Language header ("fr-CH, fr;q=0.9, en;q=0.8, *;q=0.5"), honouring
 * q-values; undefined when none matches. Read by splitting, never by a pattern that could backtrack, and only
 * the first thousand characters, so any header costs linear time.
 */
export function localeFromAcceptLanguage(header: string | undefined): Locale | undefined {
  if (!header) return undefined;
  let best: { locale: Locale; q: number } | undefined;
  const ranges = header.slice(0, MAX_ACCEPT_LANGUAGE_CHARS).split(",").slice(0, MAX_RANGES);
  for (const range of ranges) {
    const [tag = "", ...params] = range.split(";");
    let q = 1;
    for (const param of params) {
      const [name, value] = param.split("=");
      if (name?.trim().toLowerCase() === "q") q = Number(value?.trim());
    }
    if (!Number.isFinite(q) || q <= 0 || q > 1) continue;
    const locale = localeForTag(tag);
    if (locale && (!best || q > best.q)) best = { locale, q };
  }
  return best?.locale;
}
