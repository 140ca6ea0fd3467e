import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeNumberedPdf, pageTexts, qpdfCheck, renderGray, tempDir, writeTemp } from "../helpers/pdf-tools.js";
import { startWebHarness, toastText, type WebHarness } from "./harness.js";

const PAGE: [number, number] = [595, 842];
let web: WebHarness;
let twoPages: string;
let shots: string;
beforeAll(async () => {
  web = await startWebHarness();
  // Each page says "Sample page N of 2" in 24-point Helvetica, its baseline 421 points from the top.
  twoPages = await writeTemp("two-pages.pdf", await makeNumberedPdf(2, PAGE));
  shots = process.env.SCREENSHOT_DIR ?? (await tempDir());
});
afterAll(async () => web?.close());

/** Where a spot of the page (points from its top-left corner) is on screen, scrolled into view first. */
async function onScreen(page: Page, spot: [number, number]): Promise<[number, number]> {
  const layer = page.getByTestId("redact-layer");
  await layer.scrollIntoViewIfNeeded();
  const box = (await layer.boundingBox())!;
  return [box.x + (spot[0] / PAGE[0]) * box.width, box.y + (spot[1] / PAGE[1]) * box.height];
}

/** Drags the mouse from one spot of the page to another, as a visitor marks an area. */
async function dragArea(page: Page, from: [number, number], to: [number, number]) {
  const [x0, y0] = await onScreen(page, from);
  const [x1, y1] = await onScreen(page, to);
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  await page.mouse.move(x1, y1, { steps: 8 });
  await page.mouse.up();
}

describe("redact screen", () => {
  it("removes an area drawn with the mouse and a search term from the downloaded file", async () => {
    const { page, errors } = await web.reopen();
    await page.goto("/redact-pdf");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Redact PDF");
    await page.getByLabel("Choose files").setInputFiles(twoPages);
    await page.getByTestId("redact-page-image").waitFor();

    // Nothing to remove yet: the catalogue's sentence, before anything is sent.
    await page.getByRole("button", { name: "Redact PDF" }).click();
    expect(await toastText(page)).toContain("Please enter a word to search for, choose a preset or draw an area to redact.");

    // "Sample" spans about 72 to 153 points across, 403 to 427 down: the drag covers it and stops before "page".
    await dragArea(page, [66, 396], [150, 432]);
    await expect.poll(() => page.getByTestId("redact-area").count()).toBe(1);
    expect(await page.getByTestId("redact-area-list").innerText()).toMatch(/Page 1: 8\d × 3\d pt/);

    await page.getByLabel("Search terms").fill("of");
    await page.getByLabel("Whole words only").click();
    await page.screenshot({ path: path.join(shots, "redact-marked.png"), fullPage: true });

    await page.getByRole("button", { name: "Redact PDF" }).click();
    await expect.poll(() => toastText(page), { timeout: 60_000 }).toContain("PDF redacted");
    const card = page.getByTestId("redact-result");
    await expect.poll(() => card.count()).toBe(1);
    expect(await card.innerText()).toContain("Redacted 2 matches on pages 1 and 2, and 1 area on page 1.");
    await page.screenshot({ path: path.join(shots, "redact-result.png"), fullPage: true });

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download Redacted PDF" }).click();
    const file = path.join(await tempDir(), "redacted.pdf");
    await (await download).saveAs(file);
    await qpdfCheck(file);
    const [one, two] = (await pageTexts(file)).map((t) => t.replace(/\s+/g, " ").trim());
    expect(one).toBe("page 1 2");
    expect(two).toBe("Sample page 2 2");
    // The box is painted where the area was drawn: black in its middle.
    const render = await renderGray(file, 1, 72);
    expect(render.pixels[414 * render.width + 100]).toBe(0);
    expect(errors).toEqual([]);
  });

  it("lists areas, goes to their page and removes them", async () => {
    const { page } = await web.reopen();
    await page.goto("/redact-pdf");
    await page.getByLabel("Choose files").setInputFiles(twoPages);
    await page.getByTestId("redact-page-image").waitFor();
    await page.getByRole("button", { name: "Next page" }).click();
    expect(await page.getByTestId("page-position").textContent()).toBe("Page 2 of 2");
    // With the keyboard: Enter on the page adds an area in its middle.
    await page.getByTestId("redact-layer").focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("redact-area").count()).toBe(1);
    await page.getByRole("button", { name: "Previous page" }).click();
    await expect.poll(() => page.getByTestId("redact-area").count()).toBe(0);
    await page.getByRole("button", { name: "Page 2: 200 × 40 pt", exact: true }).click();
    expect(await page.getByTestId("page-position").textContent()).toBe("Page 2 of 2");
    await page.getByRole("button", { name: "Remove area: Page 2: 200 × 40 pt" }).click();
    await expect.poll(() => page.getByTestId("redact-area").count()).toBe(0);
    expect(await page.getByTestId("redact-area-list").count()).toBe(0);
  });
});
