import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpus } from "../helpers/corpus.js";
import { pageCountOf, pageTexts, rotationsOf, writeTemp } from "../helpers/pdf-tools.js";
import { makePng } from "../helpers/png.js";
import { readZip } from "../helpers/zip.js";
import type { Page } from "playwright-core";
import { startWebHarness, toastText, type WebHarness } from "./harness.js";

const exec = promisify(execFile);

let web: WebHarness;
beforeAll(async () => {
  web = await startWebHarness();
});
afterAll(async () => web?.close());

/** qpdf's own answer on whether a file is encrypted (exit 0) or not (exit 2). */
async function isEncrypted(file: string): Promise<boolean> {
  try {
    await exec("qpdf", ["--is-encrypted", file]);
    return true;
  } catch {
    return false;
  }
}

/** Runs a one-file tool on a corpus file, then follows the result card's "Continue with" to `next`. */
async function runThenContinue(page: Page, from: { tool: string; file: string; button?: string | RegExp }, next: { name: string; path: string }) {
  await page.goto(`/${from.tool}`);
  await page.getByLabel("Choose files").setInputFiles(corpus(from.file));
  await page.getByRole("button", { name: from.button ?? "Process File" }).last().click();
  await page.getByTestId("continue-with").getByRole("button", { name: next.name, exact: true }).click();
  await page.waitForURL(`**/${next.path}`);
}

/** Merges the selected multicolumn.pdf (3 pages) and pdflatex-4-pages.pdf: the result must start with multicolumn's first page. */
async function expectMergedMulticolumnFirst(page: Page) {
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Merge PDFs" }).click();
  const merged = await (await download).path();
  const [first] = await pageTexts(merged);
  const [multicolumnFirst] = await pageTexts(corpus("multicolumn.pdf"));
  expect(first!.trim()).toBe(multicolumnFirst!.trim());
  expect(await pageCountOf(merged)).toBe(3 + 4);
}

describe("workflows in the browser", () => {
  it("continues from a compressed PDF to Protect PDF by its id, without uploading it again", async () => {
    const { page, errors } = await web.reopen();
    await page.goto("/compress-pdf");
    await page.getByLabel("Choose files").setInputFiles(corpus("pdflatex-4-pages.pdf"));
    const compressed = page.waitForEvent("download");
    await page.getByRole("button", { name: "Process File" }).click();
    await compressed;
    const continueWith = page.getByTestId("continue-with");
    await continueWith.waitFor();
    await page.screenshot({ path: "/tmp/wf17-continue-with.png", fullPage: true });
    await continueWith.getByRole("button", { name: "Protect PDF" }).click();
    await page.waitForURL("**/protect-pdf");
    const list = page.getByTestId("file-list");
    await expect.poll(() => list.innerText()).toMatch(/pdflatex-4-pages.*\d+ (KB|B)/s);

    const bodies: Buffer[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().includes("/api/jobs/protect-pdf")) bodies.push(request.postDataBuffer() ?? Buffer.alloc(0));
    });
    await page.getByLabel("Password to open the document").fill("s3cret-Passw0rd");
    const protectedFile = page.waitForEvent("download");
    await page.screenshot({ path: "/tmp/wf17-continued.png", fullPage: true });
    await page.getByRole("button", { name: "Process File" }).click();
    const file = await (await protectedFile).path();
    expect(await isEncrypted(file)).toBe(true);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]!.toString("latin1")).toContain('name="fileIds"');
    expect(bodies[0]!.toString("latin1")).not.toContain('name="files"');
    expect(bodies[0]!.length).toBeLessThan(2000);
    expect(errors).toEqual([]);
  });

  it("draws page thumbnails of a continued result in Organize PDF", async () => {
    const { page, errors } = await web.reopen();
    await runThenContinue(page, { tool: "rotate-pdf", file: "pdflatex-4-pages.pdf" }, { name: "Organize PDF", path: "organize-pdf" });
    await expect.poll(() => page.getByTestId("page-thumbnail").count(), { timeout: 20_000 }).toBe(4);
    expect(errors).toEqual([]);
  });

  it("keeps the shown order when a continued result comes before an upload in Merge PDF", async () => {
    const { page, errors } = await web.reopen();
    await runThenContinue(page, { tool: "compress-pdf", file: "multicolumn.pdf" }, { name: "Merge PDF", path: "merge-pdf" });
    await expect.poll(() => page.getByTestId("file-list").locator("li").count()).toBe(1);
    await page.getByLabel("Choose more files").setInputFiles(corpus("pdflatex-4-pages.pdf"));
    await expect.poll(() => page.getByTestId("file-list").locator("li").count()).toBe(2);
    // The continued result goes by its id, ahead of the upload, and is not downloaded to be sent again.
    let body = "";
    await page.route("**/api/jobs/merge-pdf", async (route) => {
      body = route.request().postDataBuffer()!.toString("latin1");
      await route.continue();
    });
    await expectMergedMulticolumnFirst(page);
    expect(body.indexOf('name="fileIds"')).toBeGreaterThan(-1);
    expect(body.indexOf('name="fileIds"')).toBeLessThan(body.indexOf('name="files"'));
    expect(body.split('name="files"').length - 1).toBe(1);
    expect(errors).toEqual([]);
  });

  it("continues with each of several outputs: split pages go on to Merge PDF together", async () => {
    const { page, errors } = await web.reopen();
    await runThenContinue(page, { tool: "split-pdf", file: "pdflatex-4-pages.pdf", button: /Split|Process/ }, { name: "Merge PDF", path: "merge-pdf" });
    await expect.poll(() => page.getByTestId("file-list").locator("li").count()).toBe(4);
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Merge PDFs" }).click();
    const merged = await (await download).path();
    expect(await pageTexts(merged)).toEqual(await pageTexts(corpus("pdflatex-4-pages.pdf")));
    expect(errors).toEqual([]);
  });

  it("shows the server's sentence when a continued result has expired", async () => {
    const { page } = await web.reopen();
    await runThenContinue(page, { tool: "compress-pdf", file: "pdflatex-4-pages.pdf" }, { name: "Rotate PDF", path: "rotate-pdf" });
    // An id that names nothing, as an expired one does.
    await page.route("**/api/jobs/rotate-pdf", async (route) => {
      const body = route.request().postDataBuffer()!.toString("latin1").replace(/(name="fileIds"\r\n\r\n)[^\r]+/, "$1AAAAAAAAAAAAAAAAAAAAAAAA");
      await route.continue({ postData: Buffer.from(body, "latin1") });
    });
    await page.getByRole("button", { name: "Process File" }).click();
    await expect.poll(() => toastText(page)).toMatch(/^Processing failed This file does not exist or has expired/);
  });

  it("applies a one-file tool to each of two PDFs as a batch, into one ZIP", async () => {
    const { page, errors } = await web.reopen();
    await page.goto("/rotate-pdf");
    await page.getByLabel("Choose files").setInputFiles([corpus("pdflatex-4-pages.pdf"), corpus("multicolumn.pdf")]);
    await expect.poll(() => page.getByTestId("file-list").locator("li").count()).toBe(2);
    await expect.poll(() => page.getByTestId("batch-note").innerText()).toContain("each of your 2 files");
    const download = page.waitForEvent("download");
    await page.screenshot({ path: "/tmp/wf17-batch.png", fullPage: true });
    await page.getByRole("button", { name: "Apply to each file (batch)" }).click();
    const zip = await readZip(await (await download).path());
    const names = [...zip.keys()];
    expect(names).toContain("report.txt");
    const pdfs = names.filter((n) => n.endsWith(".pdf"));
    expect(pdfs).toHaveLength(2);
    for (const name of pdfs) {
      const file = await writeTemp(name, zip.get(name)!);
      expect(await pageCountOf(file)).toBeGreaterThan(0);
      expect((await rotationsOf(file)).every((r) => r === 90)).toBe(true);
    }
    await expect.poll(() => page.getByTestId("result").innerText()).toMatch(/\.zip/);
    expect(errors).toEqual([]);
  });
});

describe("reordering files", () => {
  it("moves the second PDF above the first with the keyboard, and merges in the order shown", async () => {
    const { page, errors } = await web.reopen();
    await page.goto("/merge-pdf");
    await page.getByLabel("Choose files").setInputFiles([corpus("pdflatex-4-pages.pdf"), corpus("multicolumn.pdf")]);
    const rows = page.getByTestId("file-list").locator("li");
    await expect.poll(() => rows.allInnerTexts()).toEqual([expect.stringContaining("pdflatex-4-pages.pdf"), expect.stringContaining("multicolumn.pdf")]);

    await page.getByRole("button", { name: "Move multicolumn.pdf" }).focus();
    // As a screen reader user would, move once the pick-up is announced, and drop once the move is.
    const liveRegion = page.locator("[id^=DndLiveRegion]");
    await page.keyboard.press("Space");
    await expect.poll(() => liveRegion.innerText()).toBe("multicolumn.pdf is at position 2 of 2.");
    await page.keyboard.press("ArrowUp");
    await expect.poll(() => liveRegion.innerText()).toBe("multicolumn.pdf is at position 1 of 2.");
    await page.keyboard.press("Space");
    await expect.poll(() => rows.allInnerTexts()).toEqual([expect.stringContaining("multicolumn.pdf"), expect.stringContaining("pdflatex-4-pages.pdf")]);
    await page.screenshot({ path: "/tmp/wf17-reordered.png", fullPage: true });

    await expectMergedMulticolumnFirst(page);
    expect(errors).toEqual([]);
  });
});

describe("file rows", () => {
  it("show each file's first page or image and a PDF's page count", async () => {
    const { page, errors } = await web.reopen();
    await page.goto("/merge-pdf");
    await page.getByLabel("Choose files").setInputFiles([corpus("pdflatex-4-pages.pdf"), corpus("multicolumn.pdf")]);
    const rows = page.getByTestId("file-list").locator("li");
    // Each count comes from pdf.js reading the file in the page: on a busy machine that takes seconds, not one.
    await expect.poll(() => rows.getByTestId("page-count").allInnerTexts(), { timeout: 15_000 }).toEqual(["4 pages", "3 pages"]);
    await expect.poll(() => rows.getByTestId("file-picture").count()).toBe(2);
    // A real drawing of the page: a PNG of the row's width, not a placeholder.
    const picture = rows.first().getByTestId("file-picture");
    expect((await picture.getAttribute("src"))?.slice(0, 22)).toBe("data:image/png;base64,");
    expect(await picture.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThanOrEqual(64);
    await page.screenshot({ path: "/tmp/wf17-file-rows.png" });
    expect(errors).toEqual([]);
  });
});

describe("reordering files with the pointer", () => {
  it("drags the second image above the first in JPG to PDF", async () => {
    const { page, errors } = await web.reopen();
    await page.goto("/jpg-to-pdf");
    const wide = await writeTemp("wide.png", makePng(300, 150, () => 0));
    const tall = await writeTemp("tall.png", makePng(100, 400, () => 255));
    await page.getByLabel("Choose files").setInputFiles([wide, tall]);
    const rows = page.getByTestId("file-list").locator("li");
    await expect.poll(() => page.getByTestId("move-handle").count()).toBe(2);
    const from = (await page.getByTestId("move-handle").nth(1).boundingBox())!;
    const to = (await page.getByTestId("move-handle").nth(0).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y - 5, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + 2, { steps: 10 });
    await page.mouse.up();
    await expect.poll(() => rows.allInnerTexts()).toEqual([expect.stringContaining("tall.png"), expect.stringContaining("wide.png")]);
    expect(errors).toEqual([]);
  });
});

describe("focus", () => {
  const focused = (page: import("playwright-core").Page) => page.evaluate<string>('document.activeElement?.textContent?.trim() ?? ""');

  it("goes to the file list after adding or removing a file, and to the download after a run", async () => {
    const { page } = await web.reopen();
    await page.goto("/rotate-pdf");
    await page.getByLabel("Choose files").setInputFiles([corpus("pdflatex-4-pages.pdf"), corpus("multicolumn.pdf")]);
    await expect.poll(() => focused(page)).toBe("Selected Files");
    await page.getByRole("button", { name: "Remove file multicolumn.pdf" }).click();
    await expect.poll(() => page.getByTestId("file-list").locator("li").count()).toBe(1);
    await expect.poll(() => focused(page)).toBe("Selected Files");
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Process File" }).click();
    await download;
    await expect.poll(() => focused(page)).toMatch(/^Download pdflatex-4-pages/);
  });

  it("goes to Select Files when the last file is removed", async () => {
    const { page } = await web.reopen();
    await page.goto("/rotate-pdf");
    await page.getByLabel("Choose files").setInputFiles(corpus("multicolumn.pdf"));
    await page.getByRole("button", { name: "Remove file multicolumn.pdf" }).click();
    await expect.poll(() => focused(page)).toBe("Select Files");
    await page.getByLabel("Choose files").setInputFiles(corpus("multicolumn.pdf"));
    await page.getByRole("button", { name: "Clear All" }).click();
    await expect.poll(() => focused(page)).toBe("Select Files");
  });

  it("stays where it is when a page with a drop area is opened", async () => {
    const { page } = await web.reopen();
    await page.goto("/rotate-pdf");
    await page.getByRole("button", { name: "Select Files" }).waitFor();
    expect(await page.evaluate("document.activeElement === document.body")).toBe(true);
  });

  it("shows a tooltip on keyboard focus, not a title attribute", async () => {
    const { page, errors } = await web.reopen();
    await page.goto("/merge-pdf");
    const drive = page.getByRole("button", { name: "Drive (not available yet)", exact: true });
    expect(await drive.getAttribute("title")).toBeNull();
    await drive.focus();
    await expect.poll(() => page.getByRole("tooltip").innerText()).toBe("Not available yet");
    await page.screenshot({ path: "/tmp/wf17-tooltip.png" });

    await page.getByLabel("Choose files").setInputFiles(corpus("multicolumn.pdf"));
    const remove = page.getByRole("button", { name: "Remove file multicolumn.pdf" });
    expect(await remove.getAttribute("title")).toBeNull();
    await remove.focus();
    await expect.poll(() => page.getByRole("tooltip").innerText()).toBe("Remove file");
    expect(errors).toEqual([]);
  });
});
