import { useTranslation } from "react-i18next";
import type { Locale } from "../../../catalog/locales.js";

/**
 * The translation function for one or more namespaces of the current locale; the first is the default, the others
 * are reached as "ns:key". The calling screen suspends until they have loaded.
 */
export function useT(namespaces: string | readonly string[] = "common") {
  return useTranslation(namespaces as string[]).t;
}

/** The locale of the page on screen. */
export function useLocale(): Locale {
  return useTranslation().i18n.language as Locale;
}
