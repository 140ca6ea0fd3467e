// @vitest-environment node
import { afterEach, describe, expect, it } from "vitest";
import { readCatalogue } from "../../i18n-catalogues.js";
import { formatBytes } from "../lib/format-bytes.js";
import { formatNumber } from "./format.js";
import { i18n } from "./i18n.js";

async function speak(locale: "fr" | "de" | "ja") {
  i18n.addResourceBundle(locale, "common", readCatalogue(locale, "common"), true, true);
  await i18n.changeLanguage(locale);
}

describe("numbers, sizes and plurals in the page's language", () => {
  afterEach(async () => {
    await i18n.changeLanguage("en");
  });

  it("writes sizes with each language's decimal mark and units", async () => {
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(0)).toBe("0 Byte");
    await speak("fr");
    expect(formatBytes(1536)).toBe("1,5 Ko");
    expect(formatBytes(500)).toBe("500 octets");
    await speak("de");
    expect(formatBytes(1.25 * 1024 * 1024)).toBe("1,25 MB");
    await speak("ja");
    expect(formatBytes(500)).toBe("500 バイト");
  });

  it("chooses plural forms by Intl.PluralRules: one and other in French, only other in Japanese", async () => {
    await speak("fr");
    expect(i18n.t("common:upload.pages", { count: 1 })).toBe("1 page");
    expect(i18n.t("common:upload.pages", { count: 3 })).toBe("3 pages");
    expect(i18n.t("common:lifetime.hour", { count: 1 })).toBe("une heure");
    await speak("ja");
    expect(i18n.t("common:upload.pages", { count: 1 })).toBe("1 ページ");
    expect(i18n.t("common:lifetime.hour", { count: 2 })).toBe("2 時間");
  });

  it("formats numbers as each language writes them", () => {
    expect(formatNumber(1234.5, "en")).toBe("1,234.5");
    expect(formatNumber(1234.5, "de")).toBe("1.234,5");
    expect(formatNumber(0.45, "fr", { style: "percent" })).toMatch(/^45\s%$/);
  });
});
