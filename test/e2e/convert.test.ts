import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import { promisify } from "node:util";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeDocx } from "../helpers/office-fixtures.js";
import { makeNumberedPdf, pdftotext, writeTemp } from "../helpers/pdf-tools.js";
import { makePng } from "../helpers/png.js";
import { readZip } from "../helpers/zip.js";
import { startWebHarness, toastText, type WebHarness } from "./harness.js";

let web: WebHarness;
beforeAll(async () => {
  web = await startWebHarness();
});
afterAll(async () => web?.close());

const words = (text: string) => text.replace(/\s+/g, " ").trim();

/** The text of a DOCX's body, read straight from its XML. */
function docxText(docx: Buffer): Promise<string> {
  return writeTemp("inner.docx", docx)
    .then(readZip)
    .then((entries) => words(entries.get("word/document.xml")!.toString("utf8").replace(/<w:p[ >]/g, " $&").replace(/<[^>]+>/g, "")));
}

/** Each page's width and height in points, as pdfinfo reads them. */
async function pageSizes(file: string): Promise<Array<[number, number]>> {
  const { stdout } = await promisify(execFile)("pdfinfo", ["-f", "1", "-l", "1000", file]);
  return [...stdout.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+)/gm)].map((m) => [Number(m[1]), Number(m[2])]);
}

/** The file the browser downloads after `action`, saved where the test can read it. */
async function downloadOf(page: Page, action: () => Promise<void>, timeout = 60_000): Promise<{ path: string; name: string }> {
  const download = page.waitForEvent("download", { timeout });
  await action();
  const done = await download;
  return { path: (await done.path())!, name: done.suggestedFilename() };
}

describe("Convert PDF screen", () => {
  it("converts to text, then to JPG pages at the chosen resolution, each downloading by itself", async () => {
    const { page, errors } = await web.reopen();
    const source = await writeTemp("report.pdf", await makeNumberedPdf(2));
    await page.goto("/convert-pdf");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Convert PDF");
    for (const group of ["Document Formats", "Image Formats", "Data Formats", "Presentation Formats", "E-Book & Archive"]) {
      expect(await page.getByRole("group", { name: group }).count()).toBe(1);
    }

    // PDF to Text: what comes back is what pdftotext reads from the source.
    await page.getByRole("radio", { name: "PDF to Text" }).check({ force: true });
    await page.getByLabel("Choose files").setInputFiles(source);
    await expect.poll(() => page.getByTestId("file-list").innerText()).toContain("report.pdf");
    const text = await downloadOf(page, () => page.getByRole("button", { name: "Convert to Text" }).click());
    expect(text.name).toBe("report.txt");
    expect(words(await fs.readFile(text.path, "utf8"))).toBe(words(await pdftotext(source)));
    expect(await toastText(page)).toContain("Conversion complete");
    expect(await page.getByTestId("convert-result").innerText()).toContain("from 2 pages");

    // Another format: the list empties and the result goes.
    await page.getByRole("radio", { name: "PDF to JPG" }).check({ force: true });
    expect(await page.getByTestId("file-list").count()).toBe(0);
    expect(await page.getByTestId("convert-result").count()).toBe(0);
    await page.getByLabel("Choose files").setInputFiles(source);
    await expect.poll(() => page.getByTestId("file-list").innerText()).toContain("report.pdf");
    await page.getByLabel("Resolution").selectOption("72");
    await page.getByLabel("Colour space").selectOption("grayscale");
    const zip = await downloadOf(page, () => page.getByRole("button", { name: "Convert to JPG" }).click());
    const entries = await readZip(zip.path);
    expect([...entries.keys()]).toHaveLength(2);
    for (const data of entries.values()) {
      // An A4 page (595 x 842 points) at 72 DPI is 595 x 842 pixels; grayscale has one channel.
      const meta = await sharp(data).metadata();
      expect([meta.format, meta.width, meta.height, meta.channels]).toEqual(["jpeg", 595, 842, 1]);
    }
    expect(errors).toEqual([]);
  });

  it("makes one PDF of images in the order chosen, and a PDF of a Word document", async () => {
    const { page, errors } = await web.reopen();
    await page.goto("/convert-pdf");
    await page.getByRole("radio", { name: "JPG to PDF" }).check({ force: true });
    // A wide image, then a tall one: the pages must come out wide, then tall.
    const wide = await writeTemp("wide.png", makePng(300, 150, (x) => (x < 150 ? 0 : 255)));
    const tall = await writeTemp("tall.png", makePng(100, 400, (_, y) => (y < 200 ? 0 : 255)));
    await page.getByLabel("Choose files").setInputFiles([wide, tall]);
    await expect.poll(() => page.getByTestId("file-list").locator("li").allInnerTexts()).toEqual([expect.stringContaining("wide.png"), expect.stringContaining("tall.png")]);
    const images = await downloadOf(page, () => page.getByRole("button", { name: "Convert to PDF" }).click());
    const sizes = await pageSizes(images.path);
    expect(sizes).toHaveLength(2);
    expect(sizes[0]![0] / sizes[0]![1]).toBeCloseTo(2, 2);
    expect(sizes[1]![0] / sizes[1]![1]).toBeCloseTo(0.25, 2);

    await page.getByRole("radio", { name: "Word to PDF" }).check({ force: true });
    const docx = await makeDocx(3);
    await page.getByLabel("Choose files").setInputFiles(await writeTemp("letter.docx", docx.data));
    await expect.poll(() => page.getByTestId("file-list").innerText()).toContain("letter.docx");
    const office = await downloadOf(page, () => page.getByRole("button", { name: "Convert to PDF" }).click(), 120_000);
    expect(office.name).toBe("letter.pdf");
    const text = words(await pdftotext(office.path));
    for (const paragraph of docx.content.paragraphs) expect(text).toContain(paragraph);
    expect(errors).toEqual([]);
  }, 180_000);

  it("says what is missing when Convert is pressed without files", async () => {
    const { page } = await web.reopen();
    await page.goto("/convert-pdf");
    await page.getByRole("button", { name: "Convert to Word" }).click();
    expect(await toastText(page)).toBe("No files selected Please upload at least one file to convert.");
  });
});

describe("a format's own page", () => {
  it("shows PDF to Excel's settings, and the page range chosen there is what the server converts", async () => {
    const { page, errors } = await web.reopen();
    const source = await writeTemp("three.pdf", await makeNumberedPdf(3));
    await page.goto("/pdf-to-excel");
    await page.getByLabel("Choose files").setInputFiles(source);
    await page.getByLabel("Page range").fill("2-3");
    expect(await page.getByRole("switch", { name: "Keep page layout" }).getAttribute("aria-checked")).toBe("true");
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/pdf-to-excel-settings.png`, fullPage: true });
    const workbook = await downloadOf(page, () => page.getByRole("button", { name: "Process File" }).click(), 120_000);
    expect(workbook.name).toBe("three.xlsx");
    const entries = await readZip(workbook.path);
    // One sheet per page kept, and only the pages asked for: the workbook's own strings, read from its XML.
    expect([...entries.keys()].filter((name) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name))).toHaveLength(2);
    const strings = words([...entries].filter(([name]) => name.startsWith("xl/")).map(([, data]) => data.toString("utf8").replace(/<[^>]+>/g, " ")).join(" "));
    expect(strings).toContain("Sample page 2 of 3");
    expect(strings).toContain("Sample page 3 of 3");
    expect(strings).not.toContain("Sample page 1 of 3");
    expect(errors).toEqual([]);
  }, 150_000);
});

describe("PDF to Word screen", () => {
  it("converts two PDFs into a ZIP of two Word documents, then starts over", async () => {
    const { page, errors } = await web.reopen();
    const one = await writeTemp("first.pdf", await makeNumberedPdf(1));
    const two = await writeTemp("second.pdf", await makeNumberedPdf(2));
    await page.goto("/pdf-to-word");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("PDF to Word");
    expect(await page.getByRole("heading", { name: "Batch processing" }).count()).toBe(1);

    await page.getByLabel("Choose files").setInputFiles([one, two]);
    await expect.poll(() => page.getByTestId("file-list").locator("li").count()).toBe(2);
    // The upload area makes way for the list.
    expect(await page.getByTestId("drop-area").count()).toBe(0);
    await page.getByRole("button", { name: "Process Files" }).click();
    const complete = page.getByTestId("processing-complete");
    await complete.waitFor({ timeout: 90_000 });
    expect(await complete.getByRole("heading").innerText()).toBe("Processing Complete");
    expect(await toastText(page)).toContain("Processing complete");

    const zip = await downloadOf(page, () => complete.getByRole("link", { name: "Download" }).click());
    const entries = await readZip(zip.path);
    expect([...entries.keys()]).toEqual(["first.docx", "second.docx"]);
    expect(await docxText(entries.get("first.docx")!)).toContain("Sample page 1 of 1");
    const second = await docxText(entries.get("second.docx")!);
    expect(second).toContain("Sample page 1 of 2");
    expect(second).toContain("Sample page 2 of 2");

    await page.getByRole("button", { name: "Process Another File" }).click();
    expect(await complete.count()).toBe(0);
    expect(await page.getByTestId("drop-area").count()).toBe(1);
    expect(errors).toEqual([]);
  });
});

describe("both screens on a phone", () => {
  it("fit 360 pixels without sideways scrolling, light and dark", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      const { page } = await web.open({ width: 360, colorScheme });
      for (const path of ["/convert-pdf", "/pdf-to-word"]) {
        await page.goto(path);
        await page.getByRole("heading", { level: 1 }).waitFor();
        expect(await page.evaluate<number>("document.documentElement.scrollWidth"), `${path} ${colorScheme}`).toBeLessThanOrEqual(360);
      }
    }
  });
});
