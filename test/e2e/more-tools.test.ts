import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeNumberedPdf, pageBoxesOf, pdfinfo, tempDir, writeTemp } from "../helpers/pdf-tools.js";
import { startWebHarness, type WebHarness } from "./harness.js";

let web: WebHarness;
let input: string;
let shots: string;
beforeAll(async () => {
  web = await startWebHarness();
  input = await writeTemp("three.pdf", await makeNumberedPdf(3));
  shots = process.env.SCREENSHOT_DIR ?? (await tempDir());
});
afterAll(async () => web?.close());

/** Each tool drawn by the schema's own settings, with a control the screen must show. */
const SCREENS: Array<[string, string]> = [
  ["flatten-pdf", "Keep links working"],
  ["edit-metadata", "Remove all metadata first"],
  ["crop-pdf", "Crop to content"],
  ["remove-blank-pages", "Tolerance (%)"],
  ["n-up-pdf", "Pages per sheet"],
  ["extract-images", "Smallest width (pixels)"],
  ["sanitize-pdf", "Form submit actions"],
];

describe("the tools whose settings come from the catalogue", () => {
  for (const [tool, control] of SCREENS) {
    it(`${tool} shows its settings`, async () => {
      const { page, errors } = await web.reopen();
      await page.goto(`/${tool}`);
      await page.getByLabel("Choose files").setInputFiles(input);
      await expect.poll(() => page.getByText(control, { exact: true }).count()).toBeGreaterThan(0);
      await page.screenshot({ path: path.join(shots, `${tool}.png`), fullPage: true });
      expect(errors).toEqual([]);
    });
  }

  it("crops with the margins typed on the screen", async () => {
    const { page } = await web.reopen();
    await page.goto("/crop-pdf");
    await page.getByLabel("Choose files").setInputFiles(input);
    await page.getByLabel("Top", { exact: true }).fill("20");
    await page.getByLabel("Unit", { exact: true }).selectOption("pt");
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Process File" }).click();
    const file = await (await download).path();
    const copy = path.join(await tempDir(), "cropped.pdf");
    await fs.copyFile(file, copy);
    expect((await pageBoxesOf(copy)).map((b) => Math.round(b[3]!))).toEqual([822, 822, 822]);
  });

  it("prints an HTML file on the page size chosen on the screen", async () => {
    const { page, errors } = await web.reopen();
    await page.goto("/html-to-pdf");
    const html = await writeTemp("invoice.html", "<!doctype html><html><body><h1>Invoice 42</h1><p>Due in 30 days.</p></body></html>");
    await page.getByLabel("Choose files").setInputFiles(html);
    await page.getByLabel("Page size", { exact: true }).selectOption("Letter");
    // With a file chosen, the web address form gives way to the file's settings.
    expect(await page.getByLabel("Web address").count()).toBe(0);
    await page.screenshot({ path: path.join(shots, "html-to-pdf.png"), fullPage: true });
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Process File" }).click();
    const file = path.join(await tempDir(), "invoice.pdf");
    await fs.copyFile(await (await download).path(), file);
    expect((await pdfinfo(file))["Page size"]).toMatch(/^612 x 792 pts \(letter\)/);
    expect(errors).toEqual([]);
  });

  it("sets metadata and custom entries typed on the screen, and says what the file now holds", async () => {
    const { page } = await web.reopen();
    await page.goto("/edit-metadata");
    await page.getByLabel("Choose files").setInputFiles(input);
    // The fields start from what the file holds (pdf-lib wrote its name as the producer).
    await expect.poll(() => page.getByLabel("Producer", { exact: true }).inputValue()).toContain("pdf-lib");
    await page.getByLabel("Title", { exact: true }).fill("Typed title");
    await page.getByLabel("Custom entries", { exact: true }).fill("Project: Apollo\nReviewed: yes");
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Process File" }).click();
    const copy = path.join(await tempDir(), "metadata.pdf");
    await fs.copyFile(await (await download).path(), copy);
    expect(await pdfinfo(copy, ["-custom"])).toMatchObject({ Title: "Typed title", Project: "Apollo", Reviewed: "yes" });
    await expect.poll(() => page.getByTestId("result").innerText()).toContain("Title: Typed title");
  });
});
