import { LANGUAGE_TAGS, type Locale } from "../../../catalog/locales.js";

/**
 * Numbers, sizes and dates as each language writes them, through Intl: "1,234.5" in English, "1.234,5" in
 * German, "1 234,5" in French. Formatters are made once per locale and option set.
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

const BYTE_UNITS = ["byte", "kilobyte", "megabyte", "gigabyte", "terabyte", "petabyte"] as const;

/** A byte count for people, base 1024 as file managers count: "512 byte", "1.5 MB", "1,5 MB". */
export function formatBytes(bytes: number, locale: Locale, maximumFractionDigits = 2): string {
  const safe = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  const exponent = safe === 0 ? 0 : Math.min(BYTE_UNITS.length - 1, Math.floor(Math.log(safe) / Math.log(1024)));
  return formatNumber(safe / 1024 ** exponent, locale, {
    style: "unit",
    unit: BYTE_UNITS[exponent],
    unitDisplay: "short",
    maximumFractionDigits: exponent === 0 ? 0 : maximumFractionDigits,
  });
}

export function formatDate(date: Date | number, locale: Locale, options: Intl.DateTimeFormatOptions = { dateStyle: "medium" }): string {
  const key = `d|${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) cache.set(key, (format = new Intl.DateTimeFormat(LANGUAGE_TAGS[locale], options)));
  return format.format(date);
}
