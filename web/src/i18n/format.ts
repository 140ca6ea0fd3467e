import { LANGUAGE_TAGS, type Locale } from "../../../catalog/locales.js";

/**
 * Numbers, sizes and dates as each language writes them, through Intl: "1,234.5" in English, "1.234,5" in
 * German, "1 234,5" in French (sizes: lib/format-bytes.ts). Formatters are made once per locale and option set.
 */
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.NumberFormat | undefined;
  if (!format) cache.set(key, (format = new Intl.NumberFormat(LANGUAGE_TAGS[locale], options)));
  return format;
}

export function formatNumber(value: number, locale: Locale, options: Intl.NumberFormatOptions = {}): string {
  return numberFormat(locale, options).format(value);
}

export function formatDate(date: Date | number, locale: Locale, options: Intl.DateTimeFormatOptions = { dateStyle: "medium" }): string {
  const key = `d|${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) cache.set(key, (format = new Intl.DateTimeFormat(LANGUAGE_TAGS[locale], options)));
  return format.format(date);
}
