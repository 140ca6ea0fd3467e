import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpus } from "../helpers/corpus.js";
import { makeNumberedPdf, qpdfCheck, renderGray, writeTemp } from "../helpers/pdf-tools.js";
import { annotationsOf, type ReadAnnotation } from "../helpers/read-annotations.js";
import { startWebHarness, toastText, type WebHarness } from "./harness.js";

const PAGE: [number, number] = [600, 800];
let web: WebHarness;
let twoPages: string;
beforeAll(async () => {
  web = await startWebHarness();
  twoPages = await writeTemp("two-pages.pdf", await makeNumberedPdf(2, PAGE));
});
afterAll(async () => web?.close());

/**
 * Where spots of the page (points from its top-left corner) are on screen, from the page layer's box; the window
 * scrolls first when one of them is out of view or under the sticky header.
 */
async function screenPoints<T extends Array<[number, number]>>(page: Page, ...spots: T): Promise<{ [K in keyof T]: [number, number] }> {
  const layer = page.getByTestId("annotate-layer");
  const place = (box: { x: number; y: number; width: number; height: number }) =>
    spots.map(([x, y]): [number, number] => [box.x + (x / PAGE[0]) * box.width, box.y + (y / PAGE[1]) * box.height]);
  const viewport = page.viewportSize()!.height;
  const ys = place((await layer.boundingBox())!).map((p) => p[1]);
  if (Math.min(...ys) < 100 || Math.max(...ys) > viewport - 20) {
    await page.evaluate(`window.scrollBy(0, ${(Math.min(...ys) + Math.max(...ys)) / 2 - viewport / 2})`);
  }
  return place((await layer.boundingBox())!) as { [K in keyof T]: [number, number] };
}

async function screenPoint(page: Page, spot: [number, number]): Promise<[number, number]> {
  return (await screenPoints(page, spot))[0];
}

async function clickAt(page: Page, at: [number, number]) {
  const [x, y] = await screenPoint(page, at);
  await page.mouse.click(x, y);
  await expect.poll(() => toastText(page)).toContain("Annotation added");
}

async function openWithPdf(page: Page) {
  await page.goto("/annotate-pdf");
  await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Annotate PDF");
  await page.getByLabel("Choose files").setInputFiles(twoPages);
  await page.getByTestId("annotate-page-image").waitFor();
}

/**
 * Where an annotation's box starts, seen from the page's top-left corner: the left and top of its rectangle (PDF
 * rectangles count from the bottom), or of its marked area for text markup.
 */
function topLeftOf(a: ReadAnnotation): [number, number] {
  const xs = a.quadPoints ? a.quadPoints.filter((_, i) => i % 2 === 0) : [a.rect[0]!, a.rect[2]!];
  const ys = a.quadPoints ? a.quadPoints.filter((_, i) => i % 2 === 1) : [a.rect[1]!, a.rect[3]!];
  return [Math.min(...xs), PAGE[1] - Math.max(...ys)];
}

describe("annotate screen", () => {
  it("places, edits, moves and deletes annotations on two pages and saves them as real PDF annotations", async () => {
    const { page, errors } = await web.reopen();
    await page.goto("/annotate-pdf");
    await page.getByLabel("Choose files").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    expect(await toastText(page)).toBe("Invalid file type Please upload a PDF file");

    await openWithPdf(page);
    expect(await page.getByTestId("page-position").textContent()).toBe("Page 1 of 2");
    // Save and Clear All wait for the first annotation.
    expect(await page.getByRole("button", { name: "Save Annotations" }).count()).toBe(0);

    // Page 1: a text box, given its words and a red colour once placed.
    await clickAt(page, [60, 80]);
    await page.getByLabel("Text", { exact: true }).fill("Hello from page one");
    await page.getByRole("tab", { name: "Appearance" }).click();
    await page.getByLabel("Text colour").fill("#dc2626");
    await expect.poll(() => page.getByTestId("annotation").first().textContent()).toContain("Hello from page one");

    // Page 2: a highlight, a rectangle (green), and a comment that is deleted again.
    await page.getByRole("button", { name: "Next page" }).click();
    await expect.poll(() => page.getByTestId("page-position").textContent()).toBe("Page 2 of 2");
    // The page number can be typed too.
    await page.getByRole("spinbutton", { name: "Page" }).fill("1");
    await expect.poll(() => page.getByTestId("page-position").textContent()).toBe("Page 1 of 2");
    await page.getByRole("spinbutton", { name: "Page" }).fill("2");
    await expect.poll(() => page.getByTestId("page-position").textContent()).toBe("Page 2 of 2");
    await page.getByTestId("annotate-page-image").waitFor();
    expect(await page.getByTestId("annotation").count()).toBe(0);
    await page.getByRole("button", { name: "Highlight", exact: true }).click();
    await clickAt(page, [120, 240]);
    // Widen it by its handle from 100 x 30 to 200 x 40 points.
    const [[handleX, handleY], [widerX, widerY]] = await screenPoints(page, [220, 270], [320, 280]);
    await page.mouse.move(handleX, handleY);
    await page.mouse.down();
    await page.mouse.move(widerX, widerY, { steps: 5 });
    await page.mouse.up();
    expect(await page.getByLabel("Width").inputValue()).toBe("200");
    await page.getByRole("button", { name: "Shape", exact: true }).click();
    await clickAt(page, [300, 400]);
    await page.getByRole("tab", { name: "Appearance" }).click();
    await page.getByLabel("Stroke colour").fill("#16a34a");
    await page.getByRole("button", { name: "Comment", exact: true }).click();
    await clickAt(page, [420, 150]);
    expect(await page.getByTestId("selected-annotation").innerText()).toBe("Editing: Comment on page 2");
    await page.getByRole("button", { name: "Delete annotation" }).click();
    expect(await page.getByTestId("annotation").count()).toBe(2);

    // Move the rectangle 60 points right and 100 down by dragging its middle.
    const [[fromX, fromY], [toX, toY]] = await screenPoints(page, [350, 415], [410, 515]);
    await page.mouse.move(fromX, fromY);
    await page.mouse.down();
    await page.mouse.move(toX, toY, { steps: 8 });
    await page.mouse.up();
    await page.screenshot({ path: "/tmp/annotate-e2e-page2.png" });

    await page.getByRole("button", { name: "Save Annotations" }).click();
    await expect.poll(() => toastText(page), { timeout: 30_000 }).toContain("PDF processed successfully");
    expect(await page.getByTestId("annotate-result").innerText()).toContain("Added 3 annotations on 2 pages.");
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download Annotated PDF" }).click();
    const file = await (await download).path();
    await qpdfCheck(file);

    const read = await annotationsOf(file);
    expect(read.map((a) => `${a.subtype}@${a.page}`).sort()).toEqual(["/FreeText@0", "/Highlight@1", "/Square@1"]);
    const bySubtype = (s: string) => read.find((a) => a.subtype === s)!;
    const near = ([x, y]: [number, number], [ex, ey]: [number, number]) => {
      expect(Math.abs(x - ex)).toBeLessThan(3);
      expect(Math.abs(y - ey)).toBeLessThan(3);
    };
    const text = bySubtype("/FreeText");
    expect(text.contents).toBe("Hello from page one");
    near(topLeftOf(text), [60, 80]);
    expect(text.da).toMatch(/ 0?\.86\d* 0?\.14\d* 0?\.14\d* rg/);
    const highlight = bySubtype("/Highlight");
    near(topLeftOf(highlight), [120, 240]);
    const quadXs = highlight.quadPoints!.filter((_, i) => i % 2 === 0);
    expect(Math.max(...quadXs) - Math.min(...quadXs)).toBeCloseTo(200, 0);
    expect(highlight.color!.map((c) => c.toFixed(2))).toEqual(["0.98", "0.80", "0.08"]);
    const square = bySubtype("/Square");
    near(topLeftOf(square), [360, 500]);
    expect(square.rect[2]! - square.rect[0]!).toBeCloseTo(100, -1);
    expect(square.color!.map((c) => c.toFixed(2))).toEqual(["0.09", "0.64", "0.29"]);

    // Changing an annotation after saving withdraws the download until it is saved again.
    const rectangle = page.locator('[data-testid="annotation"][data-type="shape"]');
    const before = (await rectangle.boundingBox())!;
    await rectangle.focus();
    await page.keyboard.press("Shift+ArrowRight");
    // Ten points to the right, on screen as on the page.
    const box = (await page.getByTestId("annotate-layer").boundingBox())!;
    await expect.poll(async () => Math.round((((await rectangle.boundingBox())!.x - before.x) / box.width) * PAGE[0])).toBe(10);
    expect(await page.getByRole("link", { name: "Download Annotated PDF" }).count()).toBe(0);
    expect(await page.getByTestId("annotate-result").innerText()).toContain("save again");
    await page.getByRole("button", { name: "Clear All" }).click();
    expect(await toastText(page)).toContain("Annotations cleared");
    expect(await page.getByRole("button", { name: "Save Annotations" }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("asks for a link's address before saving, then saves the link", async () => {
    const { page, errors } = await web.reopen();
    await openWithPdf(page);
    await page.getByRole("button", { name: "Link", exact: true }).click();
    await clickAt(page, [100, 300]);
    await page.getByRole("button", { name: "Done" }).click();
    await page.getByRole("button", { name: "Save Annotations" }).click();
    expect(await toastText(page)).toBe("Cannot process Link on page 1 needs a web address starting with https:// (or mailto:).");
    // The link to fix is selected for editing.
    await page.getByLabel("Link address").fill("https://example.org/guide");
    await page.getByRole("button", { name: "Save Annotations" }).click();
    await page.getByRole("link", { name: "Download Annotated PDF" }).waitFor({ timeout: 30_000 });
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download Annotated PDF" }).click();
    const read = await annotationsOf(await (await download).path());
    const link = read.find((a) => a.subtype === "/Link")!;
    expect(link.uri).toBe("https://example.org/guide");
    expect(topLeftOf(link).map(Math.round)).toEqual([100, 300]);
    // The underline that shows where the link is.
    expect(read.filter((a) => a.subtype === "/Line")).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it("places and moves an annotation with the keyboard alone", async () => {
    const { page, errors } = await web.reopen();
    await openWithPdf(page);
    await page.getByTestId("annotate-layer").focus();
    await page.keyboard.press("Enter");
    expect(await toastText(page)).toBe("Annotation added Text on page 1");
    await page.keyboard.press("Shift+ArrowDown");
    await page.keyboard.press("ArrowLeft");
    // A long text makes the box taller, as MuPDF would otherwise cut it off at the box's bottom.
    await page.getByLabel("Text", { exact: true }).fill("A sentence long enough to need four or five lines in a box that is one hundred points wide");
    await expect.poll(async () => Number(await page.getByLabel("Height").inputValue())).toBeGreaterThan(60);
    await page.getByRole("button", { name: "Save Annotations" }).click();
    await page.getByRole("link", { name: "Download Annotated PDF" }).waitFor({ timeout: 30_000 });
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download Annotated PDF" }).click();
    const [text] = await annotationsOf(await (await download).path());
    // Placed at the page's centre (300, 400), then 10 points down and 1 to the left.
    expect(text!.subtype).toBe("/FreeText");
    expect(topLeftOf(text!).map(Math.round)).toEqual([299, 410]);
    expect(text!.rect[3]! - text!.rect[1]!).toBeGreaterThan(60);
    expect(errors).toEqual([]);
  });

  it("draws freehand strokes that are saved as ink", async () => {
    const { page, errors } = await web.reopen();
    await openWithPdf(page);
    await page.getByRole("button", { name: "Draw", exact: true }).click();
    const points: [[number, number], ...Array<[number, number]>] = [[100, 300], [150, 340], [200, 300], [250, 340]];
    const [start, ...rest] = await screenPoints(page, ...points);
    await page.mouse.move(...start);
    await page.mouse.down();
    for (const [x, y] of rest) await page.mouse.move(x, y, { steps: 4 });
    await page.mouse.up();
    expect(await toastText(page)).toContain("Annotation added");
    await page.getByRole("button", { name: "Save Annotations" }).click();
    await expect.poll(() => toastText(page), { timeout: 30_000 }).toContain("PDF processed successfully");
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download Annotated PDF" }).click();
    const [ink] = await annotationsOf(await (await download).path());
    expect(ink).toMatchObject({ subtype: "/Ink", page: 0 });
    // The stroke runs through the points dragged through (PDF y counts from the bottom).
    const stroke = ink!.ink![0]!;
    const drawn = Array.from({ length: stroke.length / 2 }, (_, i): [number, number] => [stroke[2 * i]!, PAGE[1] - stroke[2 * i + 1]!]);
    for (const p of points) expect(Math.min(...drawn.map(([x, y]) => Math.hypot(x - p[0], y - p[1])))).toBeLessThan(3);
    expect(errors).toEqual([]);
  });

  it("places annotations on a turned page where they were clicked on the page as seen", async () => {
    const { page, errors } = await web.reopen();
    await page.goto("/annotate-pdf");
    // Page 1 is an A4 page turned 90 degrees: as seen it is 842 points wide and 595 high.
    await page.getByLabel("Choose files").setInputFiles(corpus("habibi-rotated.pdf"));
    await page.getByTestId("annotate-page-image").waitFor();
    const layer = (await page.getByTestId("annotate-layer").boundingBox())!;
    expect(layer.width / layer.height).toBeCloseTo(841.89 / 595.28, 1);
    await page.getByRole("button", { name: "Shape", exact: true }).click();
    await page.mouse.click(layer.x + (600 / 841.89) * layer.width, layer.y + (400 / 595.28) * layer.height);
    await page.getByRole("tab", { name: "Appearance" }).click();
    await page.getByLabel("Fill colour").fill("#000000");
    await page.getByRole("button", { name: "Save Annotations" }).click();
    await page.getByRole("link", { name: "Download Annotated PDF" }).waitFor({ timeout: 30_000 });
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download Annotated PDF" }).click();
    // Rendered by poppler at 72 dpi, one pixel a point: the black box covers 600-700 across and 400-430 down.
    const { width, height, pixels } = await renderGray(await (await download).path(), 1, 72);
    expect(width).toBeGreaterThan(height);
    expect(pixels[415 * width + 650]).toBeLessThan(50);
    expect(pixels[415 * width + 560]).toBeGreaterThan(200);
    expect(pixels[460 * width + 650]).toBeGreaterThan(200);
    expect(errors).toEqual([]);
  });

  it("looks right in light and dark, and on a 360 px wide phone", async () => {
    for (const [name, options] of [
      ["light", { width: 1280 }],
      ["dark", { width: 1280, colorScheme: "dark" }],
      ["phone", { width: 360 }],
    ] as const) {
      const { page, errors } = await web.open(options);
      await openWithPdf(page);
      await clickAt(page, [60, 80]);
      await page.getByRole("button", { name: "Shape", exact: true }).click();
      await clickAt(page, [300, 300]);
      await page.screenshot({ path: `/tmp/annotate-${name}.png`, fullPage: true });
      // Nothing spills sideways on a phone.
      expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(options.width);
      expect(errors).toEqual([]);
    }
  });
});
