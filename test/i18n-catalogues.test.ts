import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { LANGUAGE_TAGS, LOCALES, type Locale } from "../catalog/locales.js";
import { expectedKeys, flatKeys, missingKeys, namespaces, readCatalogue, type Messages } from "../web/i18n-catalogues.js";

/**
 * The catalogues, checked as files: every locale has every key English has (in its own plural forms), in the web
 * app (web/src/locales, with the catalogue's texts as "tools") and on the server (catalog/messages). Locales still
 * being written are listed, and the test insists they really are incomplete, so that the list cannot go stale.
 */
const root = path.resolve(import.meta.dirname, "..");
const STILL_BEING_WRITTEN: readonly Locale[] = [];
const COMPLETE = LOCALES.filter((l) => l !== "en" && !STILL_BEING_WRITTEN.includes(l));

function serverCatalogue(locale: Locale): Messages {
  const file = path.join(root, "catalog/messages", `${locale}.json`);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as Messages) : {};
}

function serverMissing(locale: Locale): string[] {
  const have = new Set(flatKeys(serverCatalogue(locale)));
  return [...expectedKeys(flatKeys(serverCatalogue("en")), locale)].filter((key) => !have.has(key));
}

/** The texts of a catalogue with their keys. */
function entries(messages: Messages, prefix = ""): Array<[string, string]> {
  return Object.entries(messages).flatMap(([key, value]) => (typeof value === "string" ? [[prefix + key, value] as [string, string]] : entries(value, `${prefix}${key}.`)));
}

describe("the message catalogues", () => {
  it.each(COMPLETE)("%s has every key English has, web and server", (locale) => {
    expect(missingKeys(locale)).toEqual({});
    expect(serverMissing(locale)).toEqual([]);
  });

  it.each(STILL_BEING_WRITTEN)("%s is listed as still being written and indeed lacks keys", (locale) => {
    const missing = Object.values(missingKeys(locale)).flat().length + serverMissing(locale).length;
    expect(missing, `${locale} is complete: move it out of STILL_BEING_WRITTEN`).toBeGreaterThan(0);
  });

  it.each(COMPLETE)("%s is written in its own language, not English copied", (locale) => {
    let same = 0;
    let all = 0;
    for (const ns of namespaces()) {
      const english = new Map(entries(readCatalogue("en", ns)));
      for (const [key, text] of entries(readCatalogue(locale, ns))) {
        const original = english.get(key.replace(/_(zero|one|two|few|many|other)$/, "_other")) ?? english.get(key);
        all++;
        // Names, units and templates without words ("{{value}} MB", "PDF Toolbox", "JavaScript") stay the same.
        if (original === text && /[a-z]{3,}/.test(text.replace(/\{\{[^}]*\}\}/g, "").replace(/PDF Toolbox|JavaScript|Markdown|qpdf|MuPDF|Ghostscript|Links?|FAQ/g, ""))) same++;
      }
    }
    // French shares many words with English (Menu, Images, Position, Annotations); a copied catalogue would be near 100 %.
    expect(same / all).toBeLessThan(0.06);
  });

  it("has no key in another locale that English lacks", () => {
    for (const locale of LOCALES) {
      for (const ns of namespaces()) {
        const english = new Set([...expectedKeys(flatKeys(readCatalogue("en", ns)), locale)]);
        const extra = flatKeys(readCatalogue(locale, ns)).filter((key) => !english.has(key) && !english.has(key.replace(/_(zero|one|two|few|many|other)$/, "_other")));
        expect(extra, `${locale}/${ns}`).toEqual([]);
      }
    }
  });

  it("uses only plural forms each language has", () => {
    for (const locale of LOCALES) {
      const categories = new Set(new Intl.PluralRules(LANGUAGE_TAGS[locale]).resolvedOptions().pluralCategories);
      for (const ns of namespaces()) {
        for (const key of flatKeys(readCatalogue(locale, ns))) {
          const form = /_(zero|one|two|few|many|other)$/.exec(key)?.[1];
          // "zero" is i18next's own form for a count of 0, in any language.
          if (form && form !== "zero") expect(categories.has(form as Intl.LDMLPluralRule), `${locale}/${ns}: ${key}`).toBe(true);
        }
      }
    }
  });
});

describe("the rule against literal strings in JSX", () => {
  it("refuses a word a visitor reads, in text and in labels, and lets keys through", async () => {
    const eslint = new ESLint({ cwd: root });
    const file = path.join(root, "web/src/components/Example.tsx");
    const lint = async (code: string) => (await eslint.lintText(code, { filePath: file }))[0]!.messages.filter((m) => m.ruleId === "i18next/no-literal-string");
    const component = (jsx: string) => `declare const t: (k: string) => string;\nexport function A() {\n  return ${jsx};\n}\n`;
    expect(await lint(component(`<p>Hello there</p>`))).toHaveLength(1);
    expect(await lint(component(`<button aria-label="Close menu" />`))).toHaveLength(1);
    expect(await lint(component(`<input placeholder="Your name" />`))).toHaveLength(1);
    expect(await lint(component(`<p className="mt-2" data-testid="x">{t("hello")} 42%</p>`))).toHaveLength(0);
  });
});
