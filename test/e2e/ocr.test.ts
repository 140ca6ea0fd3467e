import fs from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { normaliseText, scannedPdf, type TextBlock } from "../helpers/ocr-fixtures.js";
import { pageCountOf, pdftotext, qpdfCheck, tempDir } from "../helpers/pdf-tools.js";
import { startWebHarness, toastText, type WebHarness } from "./harness.js";

let web: WebHarness;
beforeAll(async () => {
  web = await startWebHarness();
});
afterAll(async () => web?.close());

const ENGLISH: TextBlock[] = [
  { font: "liberationSerif", size: 16, text: "The quick brown fox jumps over the lazy dog near the riverbank." },
  { font: "liberationSerif", size: 16, text: "Searchable documents make archives useful again." },
];
const GERMAN: TextBlock[] = [{ font: "liberationSerif", size: 16, text: "Die Katze schläft auf dem grünen Teppich in der Küche." }];

/**
 * Records, in the page from its first script on, every value the progress bar shows ("title:percent") and the text
 * fields of each form the page uploads (as the browser sends them; the file part is left out).
 */
const RECORDER = `
  window.progressSeen = [];
  window.fieldsSent = [];
  new MutationObserver(() => {
    const bar = document.querySelector('[role="progressbar"]');
    const value = bar && bar.getAttribute("aria-label") + ":" + bar.getAttribute("aria-valuenow");
    if (value && window.progressSeen.at(-1) !== value) window.progressSeen.push(value);
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-valuenow", "aria-label"] });
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (body) {
    if (body instanceof FormData) window.fieldsSent.push([...body.entries()].filter(([, v]) => typeof v === "string"));
    return send.call(this, body);
  };
`;

describe("OCR screen", () => {
  it("recognises an image-only scan in two languages with real page-by-page progress, then offers the download", async () => {
    const { page, errors } = await web.open();
    await page.addInitScript({ content: RECORDER });
    const scan = `${await tempDir()}/scan.pdf`;
    await fs.writeFile(scan, await scannedPdf([ENGLISH, GERMAN, ENGLISH], 200));
    expect(normaliseText(await pdftotext(scan))).toBe("");

    await page.goto("/ocr-pdf");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("OCR PDF");
    await page.getByLabel("Choose files").setInputFiles(scan);
    await expect.poll(() => page.getByRole("heading", { name: "scan.pdf" }).count()).toBe(1);
    expect(await page.getByRole("tab").allInnerTexts()).toEqual(["General", "Recognition", "Output", "Advanced"]);
    // "Detect automatically" and the 13 primary languages, all installed.
    expect(await page.getByLabel("Primary language").locator("option").count()).toBe(14);

    const search = page.getByRole("combobox", { name: "Additional languages" });
    await search.fill("ger");
    const matches = page.getByRole("listbox", { name: "Matching languages" }).getByRole("option");
    expect(await matches.allInnerTexts()).toEqual(["German (deu)", "Fraktur (German) (frk)"]);
    await search.press("Enter");
    await search.fill("a");
    expect(await matches.count()).toBe(8);
    await search.press("Escape");
    await page.screenshot({ path: "/tmp/ocr-settings-light.png", fullPage: true });

    await page.getByRole("button", { name: "Run OCR" }).click();
    const [fields] = await page.evaluate<Array<Array<[string, string]>>>("window.fieldsSent");
    expect(fields).toEqual(expect.arrayContaining([["language", "eng"], ["multipleLanguages[0]", "deu"], ["outputFormat", "searchable-pdf"]]));
    expect(fields!.map(([name]) => name)).not.toContain("multipleLanguages");
    await expect.poll(() => page.getByRole("progressbar", { name: "Processing" }).count(), { timeout: 30_000 }).toBe(1);
    await page.screenshot({ path: "/tmp/ocr-progress.png" });

    await expect.poll(() => toastText(page), { timeout: 120_000 }).toContain("OCR Completed Successfully");
    const results = page.getByTestId("ocr-results");
    await expect.poll(() => results.count()).toBe(1);
    expect(await results.innerText()).toMatch(/OCR Results[\s\S]*Recognised 3 pages in English \(eng\) and German \(deu\)/);
    // The server's pages as they finished: values between the start of recognition (5%) and its end (90%).
    const processing = (await page.evaluate<string[]>("window.progressSeen")).filter((v) => v.startsWith("Processing:")).map((v) => Number(v.split(":")[1]));
    expect(processing.filter((p) => p > 5 && p < 90).length).toBeGreaterThanOrEqual(1);
    expect(processing).toEqual([...processing].sort((a, b) => a - b));

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download OCR Result" }).click();
    const file = await (await download).path();
    await qpdfCheck(file);
    const text = normaliseText(await pdftotext(file));
    for (const word of ["quick", "brown", "riverbank", "Searchable", "archives", "Katze", "Teppich", "Küche"]) expect(text).toContain(word);
    expect(await pageCountOf(file)).toBe(3);
    await page.screenshot({ path: "/tmp/ocr-results-light.png", fullPage: true });
    expect(errors).toEqual([]);
  }, 180_000);

  it("fits a 360 px phone and the dark theme", async () => {
    for (const [width, colorScheme, name] of [[360, "light", "ocr-360"], [1280, "dark", "ocr-dark"]] as const) {
      const { page, errors } = await web.open({ width, colorScheme });
      const scan = `${await tempDir()}/a-scan-with-a-rather-long-file-name-from-the-office-scanner.pdf`;
      await fs.writeFile(scan, await scannedPdf([ENGLISH], 100));
      await page.goto("/ocr-pdf");
      await page.getByLabel("Choose files").setInputFiles(scan);
      await page.getByRole("combobox", { name: "Additional languages" }).fill("chinese");
      const listbox = page.getByRole("listbox", { name: "Matching languages" });
      await expect.poll(() => listbox.getByRole("option").allInnerTexts()).toEqual(["Simplified Chinese (chi_sim)", "Traditional Chinese (chi_tra)"]);
      expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `/tmp/${name}.png`, fullPage: true });
      await page.getByRole("combobox", { name: "Additional languages" }).press("Escape");
      await page.getByRole("tab", { name: "Output" }).click();
      await page.getByLabel("Output format").selectOption("word");
      expect(await page.getByText("Only for PDF with text output: it changes nothing for Word.").count()).toBe(2);
      await page.screenshot({ path: `/tmp/${name}-output.png`, fullPage: true });
      expect(errors).toEqual([]);
    }
  });

  it("offers a language beyond the primary ones, now that every listed language is installed, and reads with it", async () => {
    const { page, errors } = await web.open();
    const scan = `${await tempDir()}/welsh.pdf`;
    await fs.writeFile(scan, await scannedPdf([ENGLISH], 100));
    await page.goto("/ocr-pdf");
    await page.getByLabel("Choose files").setInputFiles(scan);
    const search = page.getByRole("combobox", { name: "Additional languages" });
    await search.fill("welsh");
    expect(await page.getByRole("listbox", { name: "Matching languages" }).getByRole("option").allInnerTexts()).toEqual(["Welsh (cym)"]);
    await search.press("Enter");
    await page.getByRole("button", { name: "Run OCR" }).click();
    await page.getByTestId("ocr-results").waitFor({ timeout: 120_000 });
    expect(await page.getByTestId("ocr-results").innerText()).toMatch(/Recognised 1 page in English \(eng\) and Welsh \(cym\)/);
    expect(await page.getByTestId("toast").filter({ hasText: "OCR failed" }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
