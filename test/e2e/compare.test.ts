import fs from "node:fs/promises";
import path from "node:path";
import { PDFDocument, StandardFonts, rgb } from "@cantoo/pdf-lib";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CompareReport } from "../../catalog/compare-report.js";
import { pdftotext, qpdfCheck, tempDir } from "../helpers/pdf-tools.js";
import { startWebHarness, type WebHarness } from "./harness.js";

let web: WebHarness;
let oldPdf: string;
let newPdf: string;
let shots: string;

/** Three pages of lines; page 1's words change, page 2's rectangle moves, and page 3 is left alone. */
async function makePdf(firstPage: string[], rectY: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const lines = (page: ReturnType<PDFDocument["addPage"]>, text: string[]) =>
    text.forEach((line, i) => page.drawText(line, { x: 60, y: 760 - i * 22, size: 14, font, color: rgb(0, 0, 0) }));
  lines(doc.addPage([595, 842]), firstPage);
  const second = doc.addPage([595, 842]);
  lines(second, ["A page whose drawing moves."]);
  second.drawRectangle({ x: 100, y: rectY, width: 160, height: 80, color: rgb(0.2, 0.4, 0.9) });
  lines(doc.addPage([595, 842]), ["Nothing changes on this page."]);
  return doc.save();
}

beforeAll(async () => {
  web = await startWebHarness();
  const dir = await tempDir();
  shots = dir;
  oldPdf = path.join(dir, "contract-v1.pdf");
  newPdf = path.join(dir, "contract-v2.pdf");
  await fs.writeFile(oldPdf, await makePdf(["The tenant pays the rent monthly in advance.", "The deposit is two months of rent."], 500));
  await fs.writeFile(newPdf, await makePdf(["The tenant pays the rent quarterly in advance.", "The deposit is two months of rent.", "Pets are allowed."], 300));
});
afterAll(async () => web?.close());

/** The marks drawn over one column's pages, by kind. */
async function markKinds(page: Page, side: "old" | "new"): Promise<string[]> {
  return page.getByTestId(`compare-${side}-pages`).locator("rect[data-mark]").evaluateAll((rects) => rects.map((r) => r.getAttribute("data-mark") ?? ""));
}

describe("compare screen", () => {
  it("compares two PDFs through the jobs API, shows the changes side by side and offers the report", async () => {
    const { page, errors } = await web.open({ width: 1400 });
    // pdf.js, its worker and the marks run under the site's Content-Security-Policy.
    const violations: string[] = [];
    page.on("console", (message) => /Content Security Policy/i.test(message.text()) && violations.push(message.text()));
    await page.goto("/compare-pdf");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Compare PDF");
    expect(await page.getByRole("button", { name: "Compare PDFs" }).isDisabled()).toBe(true);

    // Both files in one pick: the first is the old version. Swap turns them round, and back.
    await page.getByLabel("Choose files").setInputFiles([oldPdf, newPdf]);
    await expect.poll(() => page.getByTestId("compare-slot-old").innerText()).toContain("contract-v1.pdf");
    await page.getByRole("button", { name: "Swap old and new" }).click();
    await expect.poll(() => page.getByTestId("compare-slot-old").innerText()).toContain("contract-v2.pdf");
    await page.getByRole("button", { name: "Swap old and new" }).click();
    await expect.poll(() => page.getByTestId("compare-slot-new").innerText()).toContain("contract-v2.pdf");

    // The run goes through the jobs API, whose events carry the progress the dialog shows.
    const jobStarted = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/jobs/compare-pdf");
    const events = page.waitForRequest((r) => /^\/api\/jobs\/[^/]+\/events$/.test(new URL(r.url()).pathname));
    await page.getByRole("button", { name: "Compare PDFs" }).click();
    await jobStarted;
    await events;
    await page.getByTestId("compare-view").waitFor({ timeout: 60_000 });
    expect(await page.getByTestId("compare-result").innerText()).toContain("2 text changes: 1 insertion and 1 changed passage");

    // The change list: the changed word, the inserted line, the page drawn differently.
    const list = page.getByTestId("compare-changes");
    await expect.poll(() => list.getByRole("button").count()).toBe(3);
    expect(await list.getByRole("button").nth(0).innerText()).toMatch(/Changed · page 1\s+monthly\s+quarterly/);
    expect(await list.getByRole("button").nth(1).innerText()).toMatch(/Inserted · page 1\s+Pets are allowed\./);
    expect(await list.getByRole("button").nth(2).innerText()).toMatch(/Drawing · page 2/);

    // Both columns draw their first page with the words marked: deleted on the left, inserted on the right.
    for (const side of ["old", "new"] as const) await page.getByTestId(`compare-${side}-pages`).getByRole("img", { name: "Page 1" }).waitFor();
    await expect.poll(() => markKinds(page, "old")).toEqual(expect.arrayContaining(["deleted", "place", "drawing"]));
    await expect.poll(() => markKinds(page, "new")).toEqual(expect.arrayContaining(["inserted", "drawing"]));
    expect(await markKinds(page, "new")).not.toContain("deleted");
    await page.screenshot({ path: path.join(shots, "compare-first.png") });

    // Choosing the drawing change scrolls both sides to page 2, where the rectangle moved.
    await list.getByRole("button").nth(2).click();
    expect(await list.getByRole("button").nth(2).getAttribute("aria-pressed")).toBe("true");
    for (const side of ["old", "new"] as const) {
      const column = page.getByTestId(`compare-${side}-pages`);
      await expect.poll(() => column.evaluate((el) => el.scrollTop)).toBeGreaterThan(300);
      await column.getByRole("img", { name: "Page 2" }).waitFor();
    }
    await page.screenshot({ path: path.join(shots, "compare-drawing.png") });
    console.log(`screenshots: ${shots}`);

    // The report downloads as PDF and JSON.
    const pdfDownload = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download report (PDF)" }).click();
    const reportPdf = path.join(shots, "report.pdf");
    await (await pdfDownload).saveAs(reportPdf);
    await qpdfCheck(reportPdf);
    const text = (await pdftotext(reportPdf)).replace(/\s+/g, " ");
    expect(text).toContain("#1 Changed: old page 1, new page 1 - monthly + quarterly");
    expect(text).toContain("+ Pets are allowed.");
    const jsonDownload = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download report (JSON)" }).click();
    const report = JSON.parse(await fs.readFile((await (await jsonDownload).path())!, "utf8")) as CompareReport;
    expect(report.drawingChanges.map((d) => [d.oldPage, d.newPage])).toEqual([[2, 2]]);
    expect(errors).toEqual([]);
    expect(violations).toEqual([]);
  }, 120_000);

  it("asks for the second file, and starts over when a file changes", async () => {
    const { page } = await web.open();
    await page.goto("/compare-pdf");
    await page.getByLabel("Choose files").setInputFiles(oldPdf);
    await expect.poll(() => page.getByTestId("compare-slot-new").innerText()).toContain("Add the later PDF.");
    expect(await page.getByRole("button", { name: "Compare PDFs" }).isDisabled()).toBe(true);
    await page.getByLabel("Choose files").setInputFiles(newPdf);
    await page.getByRole("button", { name: "Compare PDFs" }).click();
    await page.getByTestId("compare-view").waitFor({ timeout: 60_000 });
    await page.getByRole("button", { name: "Remove contract-v2.pdf" }).click();
    await expect.poll(() => page.getByTestId("compare-result").count()).toBe(0);
  }, 120_000);
});
