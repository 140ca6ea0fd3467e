import { isLocale, localeForTag, localizedPath, type Locale } from "../../../catalog/locales.js";

/** The visitor's chosen language, kept in the browser: set by the footer's selector and the suggestion. */
const KEY = "pdf-toolbox-language";

export function readLanguageChoice(): Locale | undefined {
  try {
    const value = localStorage.getItem(KEY);
    return isLocale(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function rememberLanguageChoice(locale: Locale): void {
  try {
    localStorage.setItem(KEY, locale);
  } catch {
    // Private windows may refuse storage; the choice then lasts this page only.
  }
}

/**
 * The language to suggest on the English home page: the one chosen before, or else the browser's first preferred
 * language that we have; none when that is English (or English was chosen).
 */
export function suggestedLocale(browserLanguages: readonly string[]): Locale | undefined {
  const chosen = readLanguageChoice();
  if (chosen) return chosen === "en" ? undefined : chosen;
  for (const tag of browserLanguages) {
    const locale = localeForTag(tag);
    if (locale) return locale === "en" ? undefined : locale;
  }
  return undefined;
}

/** Opens the same page in another language (a full load: its HTML, title and catalogues are that language's). */
export function switchLanguage(locale: Locale, pathInApp: string): void {
  rememberLanguageChoice(locale);
  window.location.assign(localizedPath(locale, pathInApp) + window.location.search + window.location.hash);
}
