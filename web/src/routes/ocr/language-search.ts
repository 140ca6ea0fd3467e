import { OCR_LANGUAGES, type OcrLanguage } from "../../../../catalog/ocr-languages.js";

/** The spec's additional-language search shows at most this many matches. */
export const MAX_LANGUAGE_MATCHES = 8;

/**
 * Languages whose name or code contains the query (case and accents ignored), leaving out those already chosen.
 * An exact code comes first, then names and codes that start with the query, so "por" finds Portuguese before
 * words that merely contain it. With `available` (the server's installed languages), only those are found. Names
 * are the English ones and, with `localName`, those of the page's language ("Deutsch" finds deu as "German" does).
 */
export function searchLanguages(
  query: string,
  excluded: readonly string[],
  limit = MAX_LANGUAGE_MATCHES,
  available?: ReadonlySet<string>,
  localName?: (code: string) => string,
): OcrLanguage[] {
  const wanted = fold(query.trim());
  if (wanted === "") return [];
  const skip = new Set(excluded);
  const rank = (language: OcrLanguage): number => {
    const code = language.code.toLowerCase();
    const names = [fold(language.name), ...(localName ? [fold(localName(language.code))] : [])];
    if (code === wanted) return 0;
    if (code.startsWith(wanted) || names.some((name) => name.startsWith(wanted))) return 1;
    if (code.includes(wanted) || names.some((name) => name.includes(wanted))) return 2;
    return -1;
  };
  return OCR_LANGUAGES.map((language) => ({ language, rank: rank(language) }))
    .filter(({ language, rank }) => rank >= 0 && !skip.has(language.code) && (!available || available.has(language.code)))
    .sort((a, b) => a.rank - b.rank)
    .slice(0, limit)
    .map(({ language }) => language);
}

function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}
