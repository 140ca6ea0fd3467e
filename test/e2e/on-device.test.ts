import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import { promisify } from "node:util";
import type { Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpus } from "../helpers/corpus.js";
import { makeNumberedPdf, outlineTitles, pageCountOf, pageTexts, pdfinfo, qpdfCheck, renderGray, rotationsOf, tempDir, writeTemp } from "../helpers/pdf-tools.js";
import { makePng } from "../helpers/png.js";
import sharp from "sharp";
import { annotationsOf } from "../helpers/read-annotations.js";
import { readZip } from "../helpers/zip.js";
import { startWebHarness, toastText, type WebHarness } from "./harness.js";

/**
 * The page tools run in the browser: no request carries the files to /api/process or /api/jobs, the download is the
 * real result (read with qpdf, pdfinfo and pdftotext here), and with "Use the server instead" the same tool uploads.
 */

const exec = promisify(execFile);

let web: WebHarness;
let ten: string;
beforeAll(async () => {
  web = await startWebHarness();
  ten = await writeTemp("ten.pdf", await makeNumberedPdf(10));
});
afterAll(async () => web?.close());

const NOTICE = "Processed on your device — your files are not uploaded";

/** Every request the page sends to the processing API, as "METHOD path". */
function watchApi(page: Page): string[] {
  const calls: string[] = [];
  page.on("request", (request: Request) => {
    const url = new URL(request.url());
    if (/^\/api\/(process|jobs|pipeline)\b/.test(url.pathname)) calls.push(`${request.method()} ${url.pathname}`);
  });
  return calls;
}

async function runAndDownload(page: Page, button: string, downloads = 1): Promise<string[]> {
  const paths: Promise<string>[] = [];
  page.on("download", (d) => paths.push(d.path()));
  await page.getByRole("button", { name: button }).click();
  await expect.poll(() => paths.length, { timeout: 60_000 }).toBe(downloads);
  return Promise.all(paths);
}

/** A dedicated screen's run, whose result waits in a card: its download link followed, the file checked by qpdf. */
async function runAndFollowLink(page: Page, button: string, linkName: string): Promise<string> {
  await page.getByRole("button", { name: button }).click();
  const link = page.getByRole("link", { name: linkName });
  await link.waitFor({ timeout: 60_000 });
  const download = page.waitForEvent("download");
  await link.click();
  const file = await (await download).path();
  await qpdfCheck(file);
  return file;
}

/**
 * A tool page with files chosen, on the harness's warm page with the site's storage emptied: a tool's engines load
 * compiled from the browser's cache rather than fetched and compiled for a new context each test, and no choice a
 * test before made (the server switch) carries over.
 */
async function openTool(route: string, files: string | string[], { ownContext = false } = {}) {
  const { page, errors, context } = ownContext ? await web.open() : await web.reopen();
  const calls = watchApi(page);
  await page.goto(route);
  await expect.poll(() => page.getByTestId("where-it-runs").innerText()).toContain(NOTICE);
  await page.getByLabel("Choose files").setInputFiles(files);
  return { page, errors, calls, context };
}

/** The corpus's outlined PDF with its cross-reference pointing nowhere: MuPDF reads it only by repairing it. */
async function damagedOutline(): Promise<string> {
  const sound = await fs.readFile(corpus("pdflatex-outline.pdf"));
  const at = sound.lastIndexOf("startxref");
  const broken = Buffer.from(sound);
  broken.write("startxref\n999999\n%%EOF\n", at, "latin1");
  return writeTemp("damaged.pdf", broken.subarray(0, at + 22));
}

describe("page tools on the device", () => {
  it("merges with no upload, bookmarks kept, and says it ran here", async () => {
    const { page, errors, calls } = await openTool("/merge-pdf", [ten, corpus("pdflatex-outline.pdf")]);
    const [file] = await runAndDownload(page, "Merge PDFs");
    await qpdfCheck(file!);
    expect(await pageCountOf(file!)).toBe(10 + (await pageCountOf(corpus("pdflatex-outline.pdf"))));
    expect((await pageTexts(file!))[0]!.trim()).toBe("Sample page 1 of 10");
    expect(await outlineTitles(file!)).toEqual(await outlineTitles(corpus("pdflatex-outline.pdf")));
    await expect.poll(() => page.getByTestId("result").innerText()).toContain("Merged 2 files into one PDF of");
    expect(calls).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("splits into the server's ZIP with no upload", async () => {
    const { page, calls } = await openTool("/split-pdf", ten);
    const [zip] = await runAndDownload(page, "Process File");
    const entries = await readZip(zip!);
    expect([...entries.keys()]).toEqual(Array.from({ length: 10 }, (_, i) => `ten-page-${i + 1}.pdf`));
    const dir = await tempDir();
    const fifth = `${dir}/5.pdf`;
    await fs.writeFile(fifth, entries.get("ten-page-5.pdf")!);
    await qpdfCheck(fifth);
    expect((await pageTexts(fifth)).map((t) => t.trim())).toEqual(["Sample page 5 of 10"]);
    expect(calls).toEqual([]);
  });

  it("rotates with no upload", async () => {
    const { page, calls } = await openTool("/rotate-pdf", ten);
    const [file] = await runAndDownload(page, "Process File");
    await qpdfCheck(file!);
    expect(await rotationsOf(file!)).toEqual(Array(10).fill(90));
    expect(calls).toEqual([]);
  });

  it("deletes pages with no upload", async () => {
    const { page, calls } = await openTool("/delete-pages", ten);
    await page.getByRole("radio", { name: "Page range" }).check();
    await page.getByLabel("Pages to delete").fill("2-9");
    const [file] = await runAndDownload(page, "Process File");
    await qpdfCheck(file!);
    expect((await pageTexts(file!)).map((t) => t.trim())).toEqual(["Sample page 1 of 10", "Sample page 10 of 10"]);
    expect(calls).toEqual([]);
  });

  it("organizes and extracts with no upload", async () => {
    const three = await writeTemp("three.pdf", await makeNumberedPdf(3));
    const { page, calls } = await openTool("/organize-pdf", three);
    const cards = page.getByTestId("page-card");
    await expect.poll(() => cards.count(), { timeout: 20_000 }).toBe(3);
    // The drag starts once the thumbnails are in: one arriving mid-drag moves the cards under the pointer.
    await expect.poll(() => page.getByTestId("page-thumbnail").count(), { timeout: 20_000 }).toBe(3);
    await cards.nth(2).dragTo(cards.nth(0));
    await expect.poll(() => cards.evaluateAll((els) => els.map((e) => e.getAttribute("data-page")))).toEqual(["3", "1", "2"]);
    await page.getByRole("button", { name: "Rotate page 1 right" }).click();
    await page.getByRole("button", { name: "Extract page 2" }).click();
    const [file, extracted] = await runAndDownload(page, "Process File", 2);
    await qpdfCheck(file!);
    expect((await pageTexts(file!)).map((t) => t.match(/\d+/)?.[0])).toEqual(["3", "1", "2"]);
    expect(await rotationsOf(file!)).toEqual([0, 90, 0]);
    expect((await pageTexts(extracted!)).map((t) => t.match(/\d+/)?.[0])).toEqual(["2"]);
    expect(calls).toEqual([]);
  });

  it("protects with AES-256 and the chosen permissions, with no upload", async () => {
    const { page, calls } = await openTool("/protect-pdf", ten);
    await page.getByLabel("Password to open the document").fill("open sesame");
    const [file] = await runAndDownload(page, "Process File");
    const { stdout } = await exec("qpdf", ["--password=open sesame", "--show-encryption", file!]);
    expect(stdout).toContain("R = 6");
    expect(stdout).toMatch(/stream encryption method: AESv3/);
    await expect(exec("qpdf", ["--show-npages", file!])).rejects.toThrow(/invalid password/);
    await expect.poll(() => page.getByTestId("result").innerText()).toContain("Protected with AES-256");
    expect(calls).toEqual([]);
  });

  it("unlocks with no upload", async () => {
    const { page, calls } = await openTool("/unlock-pdf", corpus("libreoffice-writer-password.pdf"));
    await page.getByLabel("Document password").fill("openpassword");
    const [file] = await runAndDownload(page, "Process File");
    const { stdout } = await exec("qpdf", ["--show-encryption", file!]);
    expect(stdout).toContain("File is not encrypted");
    await qpdfCheck(file!);
    expect((await pageTexts(file!)).join("").trim().length).toBeGreaterThan(10);
    await expect.poll(() => page.getByTestId("result").innerText()).toContain("encryption was removed with the user password");
    expect(calls).toEqual([]);

    const onServer = await openTool("/unlock-pdf", corpus("libreoffice-writer-password.pdf"));
    await onServer.page.getByRole("switch", { name: "Use the server instead" }).click();
    await onServer.page.getByLabel("Document password").fill("openpassword");
    const [fromServer] = await runAndDownload(onServer.page, "Process File");
    expect((await exec("qpdf", ["--show-encryption", fromServer!])).stdout).toContain("File is not encrypted");
    expect(onServer.calls.some((c) => c.startsWith("POST /api/jobs/unlock-pdf"))).toBe(true);
  });

  it("extracts text with no upload, page by page as pdftotext reads it", async () => {
    const { page, calls } = await openTool("/extract-text", ten);
    const [file] = await runAndDownload(page, "Process File");
    const pages = (await fs.readFile(file!, "utf8")).split("\f").slice(0, -1);
    expect(pages.map((p) => p.trim())).toEqual((await pageTexts(ten)).map((t) => t.trim()));
    expect(calls).toEqual([]);
  });

  it("watermarks and numbers pages with no upload, and uploads them with the switch", async () => {
    const { page, calls } = await openTool("/add-watermark", ten);
    await page.getByLabel("Watermark text").fill("Entwurf № 7");
    await page.getByLabel("Rotation (degrees)").fill("0");
    const [file] = await runAndDownload(page, "Process File");
    await qpdfCheck(file!);
    const texts = await pageTexts(file!);
    expect(texts).toHaveLength(10);
    expect(texts.every((text, i) => text.includes("Entwurf № 7") && text.includes(`Sample page ${i + 1} of 10`))).toBe(true);
    expect(calls).toEqual([]);

    const numbers = await openTool("/add-page-numbers", ten);
    const [numbered] = await runAndDownload(numbers.page, "Process File");
    await qpdfCheck(numbered!);
    const lines = (await pageTexts(numbered!)).map((text) => text.split("\n").map((line) => line.trim()));
    expect(lines.every((pageLines, i) => pageLines.includes(String(i + 1)))).toBe(true);
    await expect.poll(() => numbers.page.getByTestId("result").innerText()).toContain("Numbered 10 of 10 pages");
    expect(numbers.calls).toEqual([]);

    await numbers.page.getByRole("switch", { name: "Use the server instead" }).click();
    const [fromServer] = await runAndDownload(numbers.page, "Process File");
    expect((await pageTexts(fromServer!)).map((text) => text.split("\n").map((line) => line.trim()))).toEqual(lines);
    expect(numbers.calls.some((c) => c.startsWith("POST /api/jobs/add-page-numbers"))).toBe(true);
  });

  it("renders pages as JPG and PNG with no upload, each close to poppler's rendering", async () => {
    const two = await writeTemp("two.pdf", await makeNumberedPdf(2));
    const { page, calls } = await openTool("/pdf-to-jpg", two);
    const [zip] = await runAndDownload(page, "Process File");
    const entries = await readZip(zip!);
    expect([...entries.keys()]).toEqual(["two-page-1.jpg", "two-page-2.jpg"]);
    for (const [i, jpeg] of [...entries.values()].entries()) {
      const decoded = await sharp(jpeg).grayscale().raw().toBuffer({ resolveWithObject: true });
      const reference = await renderGray(two, i + 1, 300);
      expect(Math.abs(decoded.info.width - reference.width)).toBeLessThanOrEqual(1);
      expect(Math.abs(decoded.info.height - reference.height)).toBeLessThanOrEqual(1);
      let difference = 0;
      for (let y = 0; y < Math.min(decoded.info.height, reference.height); y++) {
        for (let x = 0; x < Math.min(decoded.info.width, reference.width); x++) {
          difference += Math.abs(decoded.data[y * decoded.info.width + x]! - reference.pixels[y * reference.width + x]!);
        }
      }
      expect(difference / (reference.width * reference.height)).toBeLessThan(4);
    }
    await expect.poll(() => page.getByTestId("result").innerText()).toContain("Rendered 2 pages as JPG at 300 dpi (RGB)");
    expect(calls).toEqual([]);

    const one = await writeTemp("one.pdf", await makeNumberedPdf(1));
    const png = await openTool("/pdf-to-png", one);
    const [single] = await runAndDownload(png.page, "Process File");
    const meta = await sharp(single!).metadata();
    expect([meta.format, meta.density, meta.channels]).toEqual(["png", 300, 3]);
    expect(Math.abs(meta.width! - 2480)).toBeLessThanOrEqual(1);
    expect(png.calls).toEqual([]);
    // Two pages at 300 dpi compared pixel by pixel, on a machine that may be busy.
  }, 120_000);

  it("shows PDF to PNG's and JPG to PDF's settings on their own pages, honoured on the device and on the server", async () => {
    const one = await writeTemp("settings.pdf", await makeNumberedPdf(1));
    const png = await openTool("/pdf-to-png", one);
    await png.page.getByLabel("Resolution").selectOption("72");
    await png.page.getByLabel("Colour space").selectOption("grayscale");
    if (process.env.SCREENSHOT_DIR) await png.page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/pdf-to-png-settings.png`, fullPage: true });
    const [onDevice] = await runAndDownload(png.page, "Process File");
    await png.page.getByRole("switch", { name: "Use the server instead" }).click();
    const [onServer] = await runAndDownload(png.page, "Process File");
    for (const file of [onDevice!, onServer!]) {
      const meta = await sharp(file).metadata();
      expect([meta.format, meta.density, meta.channels]).toEqual(["png", 72, 1]);
      expect(Math.abs(meta.width! - 595)).toBeLessThanOrEqual(1);
    }
    expect(png.calls.filter((c) => c.startsWith("POST /api/jobs/pdf-to-png"))).toHaveLength(1);

    const wide = await writeTemp("wide.png", makePng(300, 150, (x) => (x < 150 ? 0 : 255)));
    const images = await openTool("/jpg-to-pdf", wide);
    await images.page.getByLabel("Page size").selectOption("a4");
    await images.page.getByLabel("Orientation").selectOption("portrait");
    const [placed] = await runAndDownload(images.page, "Process File");
    await qpdfCheck(placed!);
    expect((await pdfinfo(placed!))["Page size"]).toMatch(/^595\.2\d* x 841\.8\d* pts \(A4\)$/);
    expect(images.calls).toEqual([]);
  }, 120_000);

  it("hands a file MuPDF had to repair to the server in one click, with the reason", async () => {
    const damaged = await damagedOutline();
    const { page, calls } = await openTool("/pdf-to-jpg", damaged);
    await page.getByRole("button", { name: "Process File" }).click();
    const fallback = page.getByTestId("device-fallback");
    await expect.poll(() => fallback.innerText(), { timeout: 30_000 }).toContain("Recovering a damaged file (damaged.pdf) is done on the server only.");
    expect(calls).toEqual([]);
    const download = page.waitForEvent("download");
    await fallback.getByRole("button", { name: "Run on the server" }).click();
    const file = await (await download).path();
    const pages = await pageCountOf(corpus("pdflatex-outline.pdf"));
    expect([...(await readZip(file)).keys()]).toHaveLength(pages);
    expect(calls.some((c) => c.startsWith("POST /api/jobs/pdf-to-jpg"))).toBe(true);
  });

  it("makes a PDF of images with no upload, and uploads them with the switch", async () => {
    const wide = await writeTemp("wide.png", makePng(300, 150, (x) => (x < 150 ? 0 : 255)));
    const tall = await writeTemp("tall.png", makePng(100, 400, (_, y) => (y < 200 ? 255 : 60)));
    const { page, calls } = await openTool("/jpg-to-pdf", [wide, tall]);
    const [file] = await runAndDownload(page, "Process File");
    await qpdfCheck(file!);
    const info = await pdfinfo(file!, ["-f", "1", "-l", "2"]);
    expect([info["Page    1 size"], info["Page    2 size"]]).toEqual(["300 x 150 pts", "100 x 400 pts"]);
    const { stdout } = await exec("pdfimages", ["-list", file!]);
    expect(stdout.split("\n").slice(2).filter(Boolean).map((line) => line.trim().split(/\s+/).slice(3, 5))).toEqual([["300", "150"], ["100", "400"]]);
    expect(calls).toEqual([]);

    await page.getByRole("switch", { name: "Use the server instead" }).click();
    const [fromServer] = await runAndDownload(page, "Process File");
    const served = await pdfinfo(fromServer!, ["-f", "1", "-l", "2"]);
    expect([served["Page    1 size"], served["Page    2 size"]]).toEqual(["300 x 150 pts", "100 x 400 pts"]);
    expect(calls.some((c) => c.startsWith("POST /api/jobs/jpg-to-pdf"))).toBe(true);
  });

  it("uploads instead when the visitor switches to the server, and remembers it", async () => {
    const { page, calls } = await openTool("/rotate-pdf", ten);
    await page.getByRole("switch", { name: "Use the server instead" }).click();
    await expect.poll(() => page.getByTestId("where-it-runs").innerText()).toContain("Processed on our server");
    const [file] = await runAndDownload(page, "Process File");
    expect(await rotationsOf(file!)).toEqual(Array(10).fill(90));
    expect(calls.some((c) => c.startsWith("POST /api/jobs/rotate-pdf"))).toBe(true);
    await page.reload();
    await expect.poll(() => page.getByRole("switch", { name: "Use the server instead" }).getAttribute("aria-checked")).toBe("true");
  });

  it("annotates with no upload, and uploads with the switch", async () => {
    const { page, calls, errors } = await openTool("/annotate-pdf", ten);
    await page.getByTestId("annotate-page-image").waitFor();
    // A text box at the page's centre, then a highlight beside it, placed with the keyboard.
    const layer = page.getByTestId("annotate-layer");
    await layer.focus();
    await page.keyboard.press("Enter");
    await page.getByLabel("Text", { exact: true }).fill("Checked on the device");
    await page.getByRole("button", { name: "Done" }).click();
    await page.getByRole("button", { name: "Highlight", exact: true }).click();
    await layer.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Done" }).click();

    const save = async () => {
      const file = await runAndFollowLink(page, "Save Annotations", "Download Annotated PDF");
      expect((await pageTexts(file))[0]).toContain("Sample page 1 of 10");
      return annotationsOf(file);
    };
    const onDevice = await save();
    expect(onDevice.map((a) => `${a.subtype}@${a.page}`).sort()).toEqual(["/FreeText@0", "/Highlight@0"]);
    expect(onDevice.find((a) => a.subtype === "/FreeText")!.contents).toBe("Checked on the device");
    expect(await page.getByTestId("annotate-result").innerText()).toContain("Added 2 annotations on 1 page.");
    expect(calls).toEqual([]);

    await page.getByRole("switch", { name: "Use the server instead" }).click();
    await expect.poll(() => page.getByTestId("where-it-runs").innerText()).toContain("Processed on our server");
    expect(await save()).toEqual(onDevice);
    expect(calls.some((c) => c.startsWith("POST /api/jobs/annotate-pdf"))).toBe(true);
    expect(errors).toEqual([]);
  });

  it("signs with a typed name with no upload; a certificate, or the switch, goes to the server", async () => {
    const { page, calls, errors } = await openTool("/pdf-sign", ten);
    await page.getByLabel("Signature type").selectOption("type");
    await page.getByLabel("Your name").fill("Ada Lovelace");
    const sign = async () => {
      const file = await runAndFollowLink(page, "Sign PDF", "Download Signed PDF");
      return (await pageTexts(file)).map((text) => text.trim());
    };
    const texts = await sign();
    expect(texts).toHaveLength(10);
    expect(texts[9]).toContain("Signed by Ada Lovelace");
    expect(texts[9]).toContain("Sample page 10 of 10");
    expect(await page.getByTestId("sign-results").innerText()).toContain("Signed page 10 with your typed signature.");
    expect(calls).toEqual([]);

    // Choosing a certificate says the server makes it, without the switch.
    await page.getByLabel("Signature type").selectOption("certificate");
    await expect.poll(() => page.getByTestId("where-it-runs").innerText()).toContain("A certificate signature is made on our server");
    expect(await page.getByRole("switch", { name: "Use the server instead" }).count()).toBe(0);
    await page.getByLabel("Signature type").selectOption("type");
    await expect.poll(() => page.getByTestId("where-it-runs").innerText()).toContain(NOTICE);

    await page.getByRole("switch", { name: "Use the server instead" }).click();
    expect(await sign()).toEqual(texts);
    expect(calls.some((c) => c.startsWith("POST /api/jobs/sign-pdf"))).toBe(true);
    expect(errors).toEqual([]);
  });

  it("says on the dedicated screens of server tools that they run on the server", async () => {
    const { page } = await web.open();
    for (const route of ["/ocr-pdf", "/repair-pdf", "/convert-pdf"]) {
      await page.goto(route);
      await expect.poll(() => page.getByTestId("where-it-runs").innerText()).toContain("Processed on our server");
      expect(await page.getByRole("switch", { name: "Use the server instead" }).count()).toBe(0);
    }
  });

  it("offers the server in one click when the device cannot read a file, with the reason", async () => {
    const damaged = await damagedOutline();
    const { page, calls } = await openTool("/merge-pdf", [ten, damaged]);
    await page.getByRole("button", { name: "Merge PDFs" }).click();
    const fallback = page.getByTestId("device-fallback");
    await expect.poll(() => fallback.innerText(), { timeout: 30_000 }).toContain("damaged.pdf");
    expect(calls).toEqual([]);
    const download = page.waitForEvent("download");
    await fallback.getByRole("button", { name: "Run on the server" }).click();
    const file = await (await download).path();
    expect(await pageCountOf(file)).toBe(10 + (await pageCountOf(corpus("pdflatex-outline.pdf"))));
    expect(calls.some((c) => c.startsWith("POST /api/jobs/merge-pdf"))).toBe(true);
    await expect.poll(() => page.getByTestId("result").innerText()).toContain("Repaired on the way: damaged.pdf");
  });

  it("starts the worker and loads qpdf when files are added, not before", async () => {
    const { page, errors } = await web.open();
    const wasm: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith(".wasm")) wasm.push(new URL(request.url()).pathname);
    });
    await page.goto("/rotate-pdf");
    await expect.poll(() => page.getByTestId("where-it-runs").innerText()).toContain(NOTICE);
    expect(page.workers().filter((w) => w.url().includes("device.worker"))).toHaveLength(0);
    await page.getByLabel("Choose files").setInputFiles(ten);
    // Only qpdf, the engine a rotation starts with; MuPDF waits until a run needs it.
    await expect.poll(() => wasm, { timeout: 20_000 }).toEqual([expect.stringMatching(/qpdf.*\.wasm$/)]);
    expect(page.workers().filter((w) => w.url().includes("device.worker"))).toHaveLength(1);
    const ready = page.workers().find((w) => w.url().includes("device.worker"));
    const [rotated] = await runAndDownload(page, "Process File");
    expect(await rotationsOf(rotated!)).toEqual(Array(10).fill(90));
    // The warm worker served the run.
    expect(page.workers().filter((w) => w.url().includes("device.worker"))).toEqual([ready]);
    expect(errors).toEqual([]);
  });

  it("cancels a device run by stopping its worker; nothing downloads; a fresh worker gets ready", async () => {
    const { page } = await web.open();
    const calls = watchApi(page);
    // Hold the engine's download, so that the run is still in the worker when Cancel is pressed. The worker starts
    // loading it as soon as the file is added.
    await page.route("**/*.wasm", () => undefined);
    await page.goto("/rotate-pdf");
    await page.getByLabel("Choose files").setInputFiles(ten);
    let downloads = 0;
    page.on("download", () => downloads++);
    // The device's worker (the page also starts pdf.js's, for the file's picture), read from the page's list of
    // workers rather than caught as an event, which would be missed by a listener attached a moment late.
    const deviceWorkers = () => page.workers().filter((w) => w.url().includes("device.worker"));
    await expect.poll(() => deviceWorkers().length, { timeout: 20_000 }).toBe(1);
    const running = deviceWorkers()[0]!;
    await page.getByRole("button", { name: "Process File" }).click();
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.innerText()).toContain("Processing on your device");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => deviceWorkers().includes(running), { timeout: 20_000 }).toBe(false);
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await toastText(page)).toContain("Cancelled");
    await expect.poll(() => deviceWorkers().length, { timeout: 20_000 }).toBe(1);
    expect(downloads).toBe(0);
    expect(calls).toEqual([]);
  });

  it("works offline on a second visit, from the service worker's cache", async () => {
    // A context of its own: it goes offline and opens a second page.
    const { page, context, calls } = await openTool("/merge-pdf", [ten, ten], { ownContext: true });
    await runAndDownload(page, "Merge PDFs");
    // After the first run the page, its chunks, the worker and both engines are stored for the next visit. The
    // engines can reach the cache first, through the service worker, when a worker started after it took control
    // fetches them, while the page's own list is still being stored: so the page itself is waited for too.
    const cached =
      '(async () => { const cache = await caches.open("pdf-toolbox-device-v1");' +
      ' const wasm = (await cache.keys()).filter((r) => r.url.endsWith(".wasm")).length;' +
      ' return { wasm, page: (await cache.match("/merge-pdf")) !== undefined }; })()';
    await expect.poll(() => page.evaluate<{ wasm: number; page: boolean }>(cached), { timeout: 60_000 }).toEqual({ wasm: 2, page: true });
    await expect.poll(() => page.evaluate<boolean>("navigator.serviceWorker.controller !== null")).toBe(true);

    await context.setOffline(true);
    const second = await context.newPage();
    second.on("request", (request) => {
      if (/\/api\/(process|jobs)/.test(request.url())) calls.push(request.url());
    });
    await second.goto("/merge-pdf");
    await expect.poll(() => second.getByTestId("where-it-runs").innerText()).toContain(NOTICE);
    await second.getByLabel("Choose files").setInputFiles([ten, corpus("pdflatex-outline.pdf")]);
    const [file] = await runAndDownload(second, "Merge PDFs");
    await qpdfCheck(file!);
    expect(await outlineTitles(file!)).toEqual(await outlineTitles(corpus("pdflatex-outline.pdf")));
    expect(calls).toEqual([]);
    await context.setOffline(false);
  });
});
