import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { catalogMessages } from "../catalog/catalog-messages.js";
import { LANGUAGE_TAGS, LOCALES, type Locale } from "../catalog/locales.js";
import { TOOLS } from "../catalog/tools.js";

/**
 * The message catalogues as files, for the build (the English catalogue namespace, which locales still miss
 * keys), the prerender and the completeness test. Web namespaces are web/src/locales/<locale>/<ns>.json; the
 * catalogue's namespace "tools" is generated from catalog/ in English and translated in catalog/locales/<locale>.json.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const WEB_LOCALES_DIR = path.join(root, "web/src/locales");
export const CATALOG_LOCALES_DIR = path.join(root, "catalog/locales");
export const TOOLS_NAMESPACE = "tools";

export type Messages = { [key: string]: string | Messages };

/** The web app's namespaces: the English catalogue's files, plus the catalogue's own. */
export function namespaces(): string[] {
  const files = fs.readdirSync(path.join(WEB_LOCALES_DIR, "en")).filter((f) => f.endsWith(".json"));
  return [...files.map((f) => f.slice(0, -".json".length)).sort(), TOOLS_NAMESPACE];
}

function readJson(file: string): Messages {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as Messages) : {};
}

export function readCatalogue(locale: Locale, namespace: string): Messages {
  if (namespace === TOOLS_NAMESPACE) {
    return locale === "en" ? (catalogMessages(TOOLS) as Messages) : readJson(path.join(CATALOG_LOCALES_DIR, `${locale}.json`));
  }
  return readJson(path.join(WEB_LOCALES_DIR, locale, `${namespace}.json`));
}

/** "a.b.c" for every text of a catalogue. */
export function flatKeys(messages: Messages, prefix = ""): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === "string" ? [prefix + key] : flatKeys(value, `${prefix}${key}.`),
  );
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/**
 * The keys a locale needs, from English's: a plural English key ("files_one", "files_other") stands for the
 * plural forms of the locale's own language (Japanese has only "other", French also "many").
 */
export function expectedKeys(englishKeys: readonly string[], locale: Locale): Set<string> {
  const categories = new Intl.PluralRules(LANGUAGE_TAGS[locale]).resolvedOptions().pluralCategories;
  const keys = new Set<string>();
  for (const key of englishKeys) {
    if (PLURAL_SUFFIX.test(key)) {
      const base = key.replace(PLURAL_SUFFIX, "");
      for (const category of categories) keys.add(`${base}_${category}`);
    } else {
      keys.add(key);
    }
  }
  return keys;
}

/** Per namespace, the keys English has that `locale` lacks. */
export function missingKeys(locale: Locale): Record<string, string[]> {
  const missing: Record<string, string[]> = {};
  for (const namespace of namespaces()) {
    const have = new Set(flatKeys(readCatalogue(locale, namespace)));
    const lacking = [...expectedKeys(flatKeys(readCatalogue("en", namespace)), locale)].filter((key) => !have.has(key));
    if (lacking.length > 0) missing[namespace] = lacking;
  }
  return missing;
}

/** The locales whose catalogues still lack keys: they fall back to English for those. */
export function incompleteLocales(): Locale[] {
  return LOCALES.filter((locale) => locale !== "en" && Object.keys(missingKeys(locale)).length > 0);
}
