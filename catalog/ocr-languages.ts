/**
 * The languages OCR PDF offers: Tesseract's own codes (the names of its `.traineddata` files) with English names.
 * Set-up installs every one of them (Debian's `tesseract-ocr-<code>` packages, with "_" written as "-"), or only the
 * 13 primary ones or a chosen list (OCR_LANGUAGES). The primary ones fill the screen's main dropdown, the others the
 * additional-language search; the screen offers only what the server reports installed, and the server answers
 * with an error naming a language that is not.
 */

export interface OcrLanguage {
  code: string;
  name: string;
}

export const PRIMARY_OCR_LANGUAGE_CODES = [
  "eng", "spa", "fra", "deu", "ita", "por", "rus", "chi_sim", "chi_tra", "jpn", "kor", "ara", "hin",
] as const;

/**
 * The language value that asks the server to tell the script from the pages (Tesseract's script detection) and
 * read them in that script's main language; English when there is too little text to tell.
 */
export const AUTO_OCR_LANGUAGE = "auto";

export const OCR_LANGUAGES: readonly OcrLanguage[] = [
  { code: "afr", name: "Afrikaans" },
  { code: "amh", name: "Amharic" },
  { code: "ara", name: "Arabic" },
  { code: "asm", name: "Assamese" },
  { code: "aze", name: "Azerbaijani" },
  { code: "aze_cyrl", name: "Azerbaijani (Cyrillic)" },
  { code: "bel", name: "Belarusian" },
  { code: "ben", name: "Bengali" },
  { code: "bod", name: "Tibetan" },
  { code: "bos", name: "Bosnian" },
  { code: "bre", name: "Breton" },
  { code: "bul", name: "Bulgarian" },
  { code: "cat", name: "Catalan" },
  { code: "ceb", name: "Cebuano" },
  { code: "ces", name: "Czech" },
  { code: "chi_sim", name: "Chinese (Simplified)" },
  { code: "chi_tra", name: "Chinese (Traditional)" },
  { code: "chr", name: "Cherokee" },
  { code: "cos", name: "Corsican" },
  { code: "cym", name: "Welsh" },
  { code: "dan", name: "Danish" },
  { code: "deu", name: "German" },
  { code: "div", name: "Dhivehi" },
  { code: "dzo", name: "Dzongkha" },
  { code: "ell", name: "Greek" },
  { code: "eng", name: "English" },
  { code: "enm", name: "Middle English" },
  { code: "epo", name: "Esperanto" },
  { code: "est", name: "Estonian" },
  { code: "eus", name: "Basque" },
  { code: "fao", name: "Faroese" },
  { code: "fas", name: "Persian" },
  { code: "fil", name: "Filipino" },
  { code: "fin", name: "Finnish" },
  { code: "fra", name: "French" },
  { code: "frk", name: "Fraktur (German)" },
  { code: "frm", name: "Middle French" },
  { code: "fry", name: "Western Frisian" },
  { code: "gla", name: "Scottish Gaelic" },
  { code: "gle", name: "Irish" },
  { code: "glg", name: "Galician" },
  { code: "grc", name: "Ancient Greek" },
  { code: "guj", name: "Gujarati" },
  { code: "hat", name: "Haitian Creole" },
  { code: "heb", name: "Hebrew" },
  { code: "hin", name: "Hindi" },
  { code: "hrv", name: "Croatian" },
  { code: "hun", name: "Hungarian" },
  { code: "hye", name: "Armenian" },
  { code: "iku", name: "Inuktitut" },
  { code: "ind", name: "Indonesian" },
  { code: "isl", name: "Icelandic" },
  { code: "ita", name: "Italian" },
  { code: "ita_old", name: "Old Italian" },
  { code: "jav", name: "Javanese" },
  { code: "jpn", name: "Japanese" },
  { code: "kan", name: "Kannada" },
  { code: "kat", name: "Georgian" },
  { code: "kat_old", name: "Old Georgian" },
  { code: "kaz", name: "Kazakh" },
  { code: "khm", name: "Khmer" },
  { code: "kir", name: "Kyrgyz" },
  { code: "kmr", name: "Kurmanji Kurdish" },
  { code: "kor", name: "Korean" },
  { code: "lao", name: "Lao" },
  { code: "lat", name: "Latin" },
  { code: "lav", name: "Latvian" },
  { code: "lit", name: "Lithuanian" },
  { code: "ltz", name: "Luxembourgish" },
  { code: "mal", name: "Malayalam" },
  { code: "mar", name: "Marathi" },
  { code: "mkd", name: "Macedonian" },
  { code: "mlt", name: "Maltese" },
  { code: "mon", name: "Mongolian" },
  { code: "mri", name: "Maori" },
  { code: "msa", name: "Malay" },
  { code: "mya", name: "Burmese" },
  { code: "nep", name: "Nepali" },
  { code: "nld", name: "Dutch" },
  { code: "nor", name: "Norwegian" },
  { code: "oci", name: "Occitan" },
  { code: "ori", name: "Odia" },
  { code: "pan", name: "Punjabi" },
  { code: "pol", name: "Polish" },
  { code: "por", name: "Portuguese" },
  { code: "pus", name: "Pashto" },
  { code: "que", name: "Quechua" },
  { code: "ron", name: "Romanian" },
  { code: "rus", name: "Russian" },
  { code: "san", name: "Sanskrit" },
  { code: "sin", name: "Sinhala" },
  { code: "slk", name: "Slovak" },
  { code: "slv", name: "Slovenian" },
  { code: "snd", name: "Sindhi" },
  { code: "spa", name: "Spanish" },
  { code: "spa_old", name: "Old Spanish" },
  { code: "sqi", name: "Albanian" },
  { code: "srp", name: "Serbian" },
  { code: "srp_latn", name: "Serbian (Latin)" },
  { code: "sun", name: "Sundanese" },
  { code: "swa", name: "Swahili" },
  { code: "swe", name: "Swedish" },
  { code: "syr", name: "Syriac" },
  { code: "tam", name: "Tamil" },
  { code: "tat", name: "Tatar" },
  { code: "tel", name: "Telugu" },
  { code: "tgk", name: "Tajik" },
  { code: "tha", name: "Thai" },
  { code: "tir", name: "Tigrinya" },
  { code: "ton", name: "Tongan" },
  { code: "tur", name: "Turkish" },
  { code: "uig", name: "Uyghur" },
  { code: "ukr", name: "Ukrainian" },
  { code: "urd", name: "Urdu" },
  { code: "uzb", name: "Uzbek" },
  { code: "uzb_cyrl", name: "Uzbek (Cyrillic)" },
  { code: "vie", name: "Vietnamese" },
  { code: "yid", name: "Yiddish" },
  { code: "yor", name: "Yoruba" },
];

/** Models that Intl knows by a tag of their own (a script), rather than by their ISO 639 code alone. */
const INTL_TAGS: Readonly<Record<string, string>> = {
  chi_sim: "zh-Hans",
  chi_tra: "zh-Hant",
  aze_cyrl: "az-Cyrl",
  srp_latn: "sr-Latn",
  uzb_cyrl: "uz-Cyrl",
};

/** Models of a language as it was written centuries ago ("ita_old"): named as the language, marked as historical. */
const HISTORIC_SUFFIX = "_old";

export interface IntlOcrLanguageName {
  /** As Intl writes it in a sentence ("allemand", "Deutsch", "ドイツ語"). */
  name: string;
  historic: boolean;
}

/**
 * A Tesseract language's name in the reader's language (`locale`, a BCP 47 tag), from Intl: Tesseract's codes are
 * ISO 639-2/3 codes, which Intl names. Undefined where Intl has no name (Fraktur is a typeface, not a language; a
 * custom model): the caller says those in its own words.
 */
export function intlOcrLanguageName(code: string, locale: string): IntlOcrLanguageName | undefined {
  const historic = code.endsWith(HISTORIC_SUFFIX);
  const tag = INTL_TAGS[code] ?? (historic ? code.slice(0, -HISTORIC_SUFFIX.length) : code);
  if (!/^[a-z]{2,3}(-[A-Z][a-z]{3})?$/.test(tag)) return undefined;
  try {
    const name = new Intl.DisplayNames([locale], { type: "language", fallback: "none" }).of(tag);
    return name ? { name, historic } : undefined;
  } catch {
    return undefined;
  }
}

/** The Debian package that installs a language's data ("chi_sim" comes in tesseract-ocr-chi-sim). */
export function ocrLanguagePackage(code: string): string {
  return `tesseract-ocr-${code.toLowerCase().replace(/_/g, "-")}`;
}
