import fs from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANGUAGE_TAGS, LOCALES, type Locale } from "../../catalog/locales.js";
import { corpus } from "../helpers/corpus.js";
import { makeNumberedPdf, pdfinfo, tempDir } from "../helpers/pdf-tools.js";
import { oneInTurn, someInTurn } from "../helpers/sweep-turn.js";
import { startWebHarness, type WebHarness } from "./harness.js";

let web: WebHarness;
beforeAll(async () => {
  web = await startWebHarness();
});
afterAll(async () => web?.close());

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** Every axe-core violation on the page as shown, by rule id and the first offending element. */
async function violations(page: Page): Promise<string[]> {
  // Evaluated through the debugging protocol: the site's Content-Security-Policy blocks injected script tags.
  await page.evaluate(axeSource);
  const results = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(): Promise<{ violations: Array<{ id: string; nodes: Array<{ target: string[] }> }> }> } }).axe;
    return (await axe.run()).violations;
  });
  return results.map((v) => `${v.id}: ${v.nodes[0]?.target.join(" ")}`);
}

/** Every title and percentage the progress bar showed, recorded in the page from its first script on. */
const PROGRESS_RECORDER = `
  window.progressSeen = [];
  new MutationObserver(() => {
    const bar = document.querySelector('[role="progressbar"]');
    const value = bar && bar.getAttribute("aria-label");
    if (value && window.progressSeen.at(-1) !== value) window.progressSeen.push(value);
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-label"] });
`;

/** What the home page and a tool page say in each language (the catalogues' own words, written out). */
const PAGES: Record<Locale, { hero: string; grid: string; tool: string }> = {
  en: { hero: "Next-Gen PDF Solutions", grid: "All the PDF tools you need", tool: "Rotate PDF" },
  es: { hero: "Soluciones PDF de nueva generación", grid: "Todas las herramientas PDF que necesitas", tool: "Girar PDF" },
  fr: { hero: "Des solutions PDF nouvelle génération", grid: "Tous les outils PDF dont vous avez besoin", tool: "Faire pivoter un PDF" },
  de: { hero: "PDF-Lösungen der nächsten Generation", grid: "Alle PDF-Werkzeuge, die Sie brauchen", tool: "PDF drehen" },
  it: { hero: "Soluzioni PDF di nuova generazione", grid: "Tutti gli strumenti PDF che ti servono", tool: "Ruota PDF" },
  pt: { hero: "Soluções PDF de nova geração", grid: "Todas as ferramentas PDF de que precisa", tool: "Rodar PDF" },
  ja: { hero: "次世代の PDF ソリューション", grid: "必要な PDF ツールがすべてそろっています", tool: "PDF 回転" },
  zh: { hero: "新一代 PDF 解决方案", grid: "您需要的 PDF 工具，这里应有尽有", tool: "旋转 PDF" },
};

/** What a run of Rotate PDF says in German and Japanese. */
const RUN: Record<"de" | "ja", { button: string; processing: string; onDevice: string; useServer: string; rotated: string; toast: string }> = {
  de: {
    button: "Datei verarbeiten",
    processing: "Wird verarbeitet",
    onDevice: "Wird auf Ihrem Gerät verarbeitet",
    useServer: "Stattdessen den Server verwenden",
    rotated: "Alle Seiten um 90 Grad gedreht.",
    toast: "Verarbeitung abgeschlossen",
  },
  ja: {
    button: "ファイルを処理",
    processing: "処理しています",
    onDevice: "お使いのデバイスで処理しています",
    useServer: "代わりにサーバーを使う",
    rotated: "すべてのページを 90 度回転しました。",
    toast: "処理が完了しました",
  },
};

const home = (locale: Locale) => (locale === "en" ? "/" : `/${locale}/`);

/**
 * The pages of every language are served and checked as HTML on every run; in the browser (the app started, axe's
 * checks) English and two other languages are, in turn (helpers/sweep-turn.ts), so that each language meets the
 * browser on the runs of a few days.
 */
const OTHER_LOCALES = LOCALES.filter((l) => l !== "en");
const BROWSER_LOCALES = someInTurn(OTHER_LOCALES, 2);

async function prerendered(path: string): Promise<string> {
  const response = await fetch(`${web.server.url}${path}`);
  expect(response.status, path).toBe(200);
  return response.text();
}

describe("the site in eight languages", () => {
  it("serves every language's home page and a tool page prerendered in the language, with alternates", async () => {
    for (const locale of LOCALES) {
      // Before any script: the prerendered HTML is already in the language.
      const html = await prerendered(home(locale));
      expect(html).toContain(`<html lang="${LANGUAGE_TAGS[locale]}" dir="ltr">`);
      for (const other of LOCALES) expect(html).toContain(`hreflang="${LANGUAGE_TAGS[other]}" href="${home(other)}"`);
      expect(html).toContain('hreflang="x-default" href="/"');
      expect(html).toContain(PAGES[locale].hero);
      const tool = await prerendered(`${home(locale)}rotate-pdf`);
      expect(tool).toContain(`<html lang="${LANGUAGE_TAGS[locale]}" dir="ltr">`);
      expect(tool).toContain(`<title>${PAGES[locale].tool} | PDF Toolbox</title>`);
      expect(tool).toMatch(new RegExp(`rel="canonical" href="${home(locale)}rotate-pdf"`));
    }
  });

  it.each(["en", ...BROWSER_LOCALES] as Locale[])("shows the %s home page in its language, with no accessibility violation", async (locale) => {
    const { page, errors } = await web.reopen();
    const response = await page.goto(home(locale));
    expect(response?.status()).toBe(200);
    const known = PAGES[locale];
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(known.hero);
    expect(await page.locator("#tools-title").innerText()).toBe(known.grid);
    await page.waitForFunction("document.querySelector('[data-testid=\"language-select\"]')?.value !== undefined");
    expect(await page.getByTestId("language-select").inputValue()).toBe(locale);
    expect(await violations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it.each(BROWSER_LOCALES)("shows a tool page in %s: its name, the upload area and the head", async (locale) => {
    const { page, errors } = await web.reopen();
    await page.goto(`/${locale}/rotate-pdf`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe(PAGES[locale].tool);
    expect(await page.title()).toBe(`${PAGES[locale].tool} | PDF Toolbox`);
    expect(await page.evaluate("document.documentElement.lang")).toBe(LANGUAGE_TAGS[locale]);
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(new RegExp(`/${locale}/rotate-pdf$`));
    // Links inside the app stay in the language.
    expect(await page.locator("header a").first().getAttribute("href")).toBe(`/${locale}/`);
    expect(await violations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("switches to the same page in the chosen language with the footer's selector, and remembers it", async () => {
    const { page, errors } = await web.reopen();
    await page.goto("/merge-pdf");
    await page.getByTestId("language-select").selectOption("de");
    await page.waitForURL("**/de/merge-pdf");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("PDF zusammenfügen");
    expect(await page.evaluate('localStorage.getItem("pdf-toolbox-language")')).toBe("de");
    await page.getByTestId("language-select").selectOption("ja");
    await page.waitForURL("**/ja/merge-pdf");
    await page.getByTestId("language-select").selectOption("en");
    await page.waitForURL((url) => url.pathname === "/merge-pdf");
    expect(errors).toEqual([]);
  });

  // Rotate runs on the device unless the visitor chooses the server: the sentence is the same either way.
  // Each language and each way on every run: German on one and Japanese on the other, in turn.
  const runs: Array<Array<["de" | "ja", "device" | "server"]>> = [
    [
      ["de", "device"],
      ["ja", "server"],
    ],
    [
      ["de", "server"],
      ["ja", "device"],
    ],
  ];
  it.each(oneInTurn(runs))("runs Rotate PDF in %s on the %s with translated progress, result and toast", async (locale, where) => {
    const { page, errors } = await web.open();
    await page.addInitScript({ content: PROGRESS_RECORDER });
    await page.goto(`/${locale}/rotate-pdf`);
    await page.locator('input[type="file"]').first().setInputFiles(corpus("multicolumn.pdf"));
    const known = RUN[locale];
    if (where === "server") await page.getByRole("switch", { name: known.useServer }).click();
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: known.button }).click();
    const download = await downloading;
    const result = page.getByTestId("result");
    await expect.poll(() => result.innerText()).toContain(known.rotated);
    const seen = await page.evaluate<string[]>("window.progressSeen");
    expect(seen).toContain(where === "device" ? known.onDevice : known.processing);
    expect(await page.getByTestId("toast").innerText()).toContain(known.toast);
    // The file is really rotated: poppler reads the first page as turned by 90 degrees.
    const file = await download.path();
    const info = await pdfinfo(file!, ["-f", "1", "-l", "1"]);
    expect(Object.entries(info).find(([key]) => /^Page\s+1 rot$/.test(key))?.[1]).toBe("90");
    expect(errors).toEqual([]);
  });

  it("shows Repair PDF's result card in German: the server's report, sizes and all", async () => {
    const { page, errors } = await web.reopen();
    // A PDF whose cross-reference offset points nowhere: the report has damage to name.
    const good = Buffer.from(await makeNumberedPdf(2));
    const at = good.lastIndexOf("startxref");
    const damaged = `${await tempDir()}/beschädigt.pdf`;
    fs.writeFileSync(damaged, Buffer.concat([good.subarray(0, at), Buffer.from("startxref\n999999\n%%EOF\n")]));
    await page.goto("/de/repair-pdf");
    await page.getByLabel("Dateien auswählen").setInputFiles(damaged);
    await page.getByLabel("Größe optimieren").check();
    await page.getByRole("button", { name: "PDF reparieren" }).click();
    const results = page.getByTestId("repair-results");
    await expect.poll(() => results.count(), { timeout: 60_000 }).toBe(1);
    const shown = await results.innerText();
    expect(shown).toContain("Reparaturergebnis");
    expect(shown).toContain("Gefunden: die Querverweistabelle war defekt oder fehlte");
    expect(shown).toMatch(/Das Ergebnis besteht qpdf --check und hat 2 von 2 Seiten\./);
    expect(shown).toMatch(/Größe: vorher \d+,\d KB, nachher \d+,\d KB\./);
    expect(shown).not.toMatch(/\b(the|was|were|with|from|and)\b/);
    await page.screenshot({ path: `${await tempDir()}/repair-de.png`, fullPage: true });
    expect(await violations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  // The dedicated screens and the information pages have catalogues of their own (tool, workflows, info).
  it.each([
    ["de", "/de/redact-pdf", "Was entfernt wird", "Suchbegriffe"],
    ["de", "/de/faq", "Allgemeines", "Ist PDF Toolbox kostenlos?"],
    ["de", "/de/workflows", "Workflows", "Schritt hinzufügen"],
    ["ja", "/ja/pdf-sign", "使い方", "署名する PDF をアップロードします。"],
    ["ja", "/ja/compare-pdf", "比較するファイル", "PDF を比較"],
    ["ja", "/ja/privacy-policy", "お客様のファイル", "最終更新日：2025年4月29日"],
  ] as const)("shows %s's %s in its language, with no accessibility violation", async (locale, path, heading, text) => {
    const { page, errors } = await web.reopen();
    await page.goto(path);
    // The screen and its catalogue load after the page: give them time on a busy machine.
    await expect.poll(() => page.getByRole("heading", { name: heading }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await page.locator("main").innerText()).toContain(text);
    expect(await page.evaluate("document.documentElement.lang")).toBe(LANGUAGE_TAGS[locale]);
    expect(await violations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("offers a browser's preferred language on the English home page without moving, and remembers a refusal", async () => {
    const context = await web.browser.newContext({ baseURL: web.server.url, locale: "de-DE" });
    try {
      const page = await context.newPage();
      await page.goto("/");
      const offer = page.getByTestId("language-suggestion");
      await expect.poll(() => offer.innerText()).toContain("PDF Toolbox gibt es auch auf Deutsch.");
      expect(new URL(page.url()).pathname).toBe("/");
      await offer.getByRole("button", { name: "Auf Englisch bleiben" }).click();
      expect(await offer.count()).toBe(0);
      await page.reload();
      await page.waitForTimeout(500);
      expect(await page.getByTestId("language-suggestion").count()).toBe(0);
      await page.evaluate('localStorage.removeItem("pdf-toolbox-language")');
      await page.reload();
      await page.getByTestId("language-suggestion").getByRole("button", { name: "Auf Deutsch weiter" }).click();
      await page.waitForURL("**/de/");
    } finally {
      await context.close();
    }
  });

  it("answers an unknown address under a prefix with the not-found page of its language and a 404", async () => {
    const { page } = await web.reopen();
    const response = await page.goto("/ja/no-such-page");
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("404 ページが見つかりません");
    expect(await page.evaluate("document.documentElement.lang")).toBe("ja");
  });

  it("lists every page in every language in the sitemap, with its alternates", async () => {
    const xml = await (await fetch(`${web.server.url}/sitemap.xml`)).text();
    for (const locale of LOCALES) expect(xml).toContain(`${web.server.url}${locale === "en" ? "" : `/${locale}`}/merge-pdf</loc>`);
    expect(xml).toContain(`hreflang="x-default" href="${web.server.url}/faq"`);
  });

  it("lays a page out right to left under dir=rtl", async () => {
    const { page } = await web.open({ width: 1000 });
    await page.goto("/de/merge-pdf");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("PDF zusammenfügen");
    await page.evaluate('document.documentElement.dir = "rtl"');
    await page.screenshot({ path: "/tmp/i18n-rtl.png", fullPage: false });
    // The logo moves to the right edge, and the back link and heading start at the right of the content.
    const logo = await page.locator("header a").first().boundingBox();
    expect(logo!.x).toBeGreaterThan(500);
    const heading = await page.getByRole("heading", { level: 1 }).boundingBox();
    expect(heading!.x + heading!.width).toBeGreaterThan(700);
  });
});
