import fs from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpus } from "../helpers/corpus.js";
import { makeNumberedPdf, pageCountOf, pageTexts, rotationsOf, writeTemp } from "../helpers/pdf-tools.js";
import { startWebHarness, toastText, type WebHarness } from "./harness.js";

let web: WebHarness;
beforeAll(async () => {
  web = await startWebHarness();
});
afterAll(async () => web?.close());

describe("tools in the browser", () => {
  it("takes files dropped on the home page to the chosen tool", async () => {
    const { page, errors } = await web.reopen();
    await page.goto("/");
    await page.getByLabel("Choose files").setInputFiles([corpus("minimal-document.pdf"), corpus("habibi.pdf")]);
    expect(await toastText(page)).toContain("Files added successfully");
    await expect.poll(() => page.getByTestId("file-list").locator("li").count()).toBe(2);
    await page.getByRole("button", { name: "Process Files" }).click();
    expect(await toastText(page)).toContain("No tool selected Please select a tool to process your files.");
    await page.getByLabel("Tool", { exact: true }).selectOption("merge-pdf");
    await page.getByRole("button", { name: "Process Files" }).click();
    await page.waitForURL("**/merge-pdf");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Merge PDF");
    await expect.poll(() => page.getByTestId("file-list").innerText()).toContain("habibi.pdf");
    expect(errors).toEqual([]);
  });

  it("merges two PDFs end to end and downloads the real result", async () => {
    const { page } = await web.reopen();
    await page.goto("/merge-pdf");
    await page.getByLabel("Choose files").setInputFiles([corpus("pdflatex-4-pages.pdf"), corpus("multicolumn.pdf")]);
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Merge PDFs" }).click();
    const file = await (await download).path();
    expect(await pageCountOf(file)).toBe(4 + 3);
    expect(await toastText(page)).toContain("Processing complete Your file has been processed successfully.");
  });

  it("reorders and rotates pages by their real thumbnails in organize-pdf", async () => {
    const { page, errors } = await web.reopen();
    const input = await writeTemp("numbered.pdf", await makeNumberedPdf(3));
    await page.goto("/organize-pdf");
    await page.getByLabel("Choose files").setInputFiles(input);
    const cards = page.getByTestId("page-card");
    await expect.poll(() => cards.count()).toBe(3);
    // Thumbnails are pictures drawn from the file, not placeholders.
    await expect.poll(() => page.getByTestId("page-thumbnail").count(), { timeout: 20_000 }).toBe(3);
    const size = await page.getByTestId("page-thumbnail").first().evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth);
    expect(size).toBeGreaterThan(50);

    await cards.nth(2).dragTo(cards.nth(0));
    await expect.poll(() => cards.evaluateAll((els) => els.map((e) => e.getAttribute("data-page")))).toEqual(["3", "1", "2"]);
    await page.getByRole("button", { name: "Rotate page 1 right" }).click();
    await page.getByRole("button", { name: "Extract page 2" }).click();
    const downloads: Promise<string>[] = [];
    page.on("download", (d) => downloads.push(d.path()));
    await page.getByRole("button", { name: "Process File" }).click();
    // The organized document, then the extracted pages a second later.
    await expect.poll(() => downloads.length, { timeout: 20_000 }).toBe(2);
    const [file, extracted] = await Promise.all(downloads);
    const texts = await pageTexts(file!);
    expect(texts.map((t) => t.match(/\d+/)?.[0])).toEqual(["3", "1", "2"]);
    expect(await rotationsOf(file!)).toEqual([0, 90, 0]);
    expect((await pageTexts(extracted!)).map((t) => t.match(/\d+/)?.[0])).toEqual(["2"]);
    expect(await toastText(page)).toContain("Your file has been processed and extracted pages have been saved separately.");
    expect(errors).toEqual([]);
  });

  it("numbers pages as the start number's hint says when the first page is skipped", async () => {
    const { page, errors } = await web.reopen();
    await page.goto("/add-page-numbers");
    await page.getByLabel("Choose files").setInputFiles(await writeTemp("three.pdf", await makeNumberedPdf(3)));
    const hint = "The first page of the range counts as this number; a skipped or excluded page counts but shows none, as in a book.";
    await expect.poll(() => page.getByText(hint).count()).toBe(1);
    await page.getByRole("tab", { name: "Advanced Options" }).click();
    await page.getByRole("switch", { name: "Skip the first page" }).click();
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Process File" }).click();
    const lines = (await pageTexts(await (await download).path())).map((text) => text.split("\n").map((line) => line.trim()));
    // Start number 1: page 1 counts as 1 but shows nothing, so the first number shown is 2, on page 2.
    expect(lines[0]).not.toContain("1");
    expect(lines[1]).toContain("2");
    expect(lines[2]).toContain("3");
    expect(errors).toEqual([]);
  });

  it("cancels a run: the dialog closes, the server is asked to stop the job, nothing downloads", async () => {
    const { page } = await web.open();
    // On the server (Rotate PDF runs on the device by default; its cancel is in on-device.test.ts). Hold the job's
    // event stream so that the run is still processing when Cancel is pressed.
    await page.addInitScript('localStorage.setItem("pdf-toolbox-use-server", "1")');
    await page.route("**/api/jobs/*/events", () => undefined);
    await page.goto("/rotate-pdf");
    await page.getByLabel("Choose files").setInputFiles(corpus("pdflatex-4-pages.pdf"));
    let downloads = 0;
    page.on("download", () => downloads++);
    await page.getByRole("button", { name: "Process File" }).click();
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.innerText()).toContain("Processing");
    const cancelRequest = page.waitForRequest((request) => request.method() === "DELETE" && /\/api\/jobs\/[^/]+$/.test(request.url()));
    await dialog.getByRole("button", { name: "Cancel" }).click();
    const response = await (await cancelRequest).response();
    expect(response?.status()).toBe(200);
    await expect.poll(() => dialog.count()).toBe(0);
    await page.waitForTimeout(1000);
    expect(downloads).toBe(0);
  });

  it("refuses a file the tool does not take, with the spec's toast", async () => {
    const { page } = await web.reopen();
    const text = await writeTemp("notes.txt", "not a pdf");
    await page.goto("/split-pdf");
    await page.getByLabel("Choose files").setInputFiles(text);
    expect(await toastText(page)).toBe("Error adding files File notes.txt has an invalid file type.");
    await fs.rm(text);
  });

  it("shows the server's sentence when a tool cannot run", async () => {
    const { page } = await web.reopen();
    await page.goto("/unlock-pdf");
    await page.getByLabel("Choose files").setInputFiles(corpus("libreoffice-writer-password.pdf"));
    await page.getByRole("button", { name: "Process File" }).click();
    // The toast that said the file was added may still be showing for a moment.
    await expect.poll(() => toastText(page)).toBe("Password required Please enter the password to unlock your PDF.");
    await page.getByLabel("Document password").fill("wrong-password");
    await page.getByRole("button", { name: "Process File" }).click();
    await expect.poll(() => toastText(page)).toMatch(/^Processing failed /);
  });
});
