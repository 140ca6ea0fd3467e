import type { Locale } from "../../../catalog/locales.js";
import { formatNumber } from "../i18n/format.js";
import { i18n } from "../i18n/i18n.js";

const UNITS = ["KB", "MB", "GB", "TB", "PB", "EB", "ZB", "YB"] as const;

/**
 * A byte count for people, base 1024, in the page's language: "0 Byte", "512 Bytes", "1.5 MB" in English,
 * "1,5 MB" in German, "1,5 Mo" in French. The file list passes 0 decimals.
 */
export function formatBytes(bytes: number, decimals = 2): string {
  const locale = (i18n.language || "en") as Locale;
  if (!(bytes > 0)) return i18n.t("common:units.bytes", { count: 0, value: formatNumber(0, locale) });
  const exponent = Math.min(UNITS.length, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = formatNumber(bytes / 1024 ** exponent, locale, { maximumFractionDigits: decimals });
  if (exponent === 0) return i18n.t("common:units.bytes", { count: bytes, value });
  return i18n.t(`common:units.${UNITS[exponent - 1]}`, { value });
}
