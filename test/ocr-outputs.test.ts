import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpus } from "./helpers/corpus.js";
import { characterAccuracy, ENGLISH, expectedEnglish, normaliseText, officeText, scannedPdf, tableScanPdf, type TextBlock } from "./helpers/ocr-fixtures.js";
import { pdftotext, qpdfCheck, renderGray, writeTemp } from "./helpers/pdf-tools.js";
import { postTool, runTool, startServer, type TestServer } from "./helpers/server.js";

/**
 * OCR PDF's output formats, its answers to bad input and its progress; what the recognition reads and how its
 * settings change it are in ocr.test.ts. OCR is slow on two cores: the scans are one page but for the progress's four.
 */

const exec = promisify(execFile);

const SHORT: TextBlock[] = [{ font: "dejavuSans", size: 16, text: "Short page." }];

let server: TestServer;
let englishScan: string;
let fourPages: Uint8Array;
beforeAll(async () => {
  server = await startServer();
  englishScan = await writeTemp("english-scan.pdf", await scannedPdf([ENGLISH], 300));
  // Made before any request: seconds of drawing between two requests let the client reuse a connection the server
  // is closing as idle, and the request fails with ECONNRESET on a busy machine.
  fourPages = await scannedPdf([SHORT, ENGLISH, SHORT, SHORT], 200);
}, 120_000);
afterAll(async () => server.close());

describe("ocr-pdf outputs", () => {
  it("writes a Word document whose paragraphs LibreOffice reads back", async () => {
    const { path: out, reply } = await runTool(server, "ocr-pdf", [englishScan], { outputFormat: "word" });
    expect(reply.filename).toBe("english-scan.docx");
    const text = await officeText(out, "docx");
    expect(characterAccuracy(expectedEnglish, text)).toBeGreaterThanOrEqual(0.98);
    // Each of the three blocks is a paragraph of its own.
    expect(text.split(/\n\s*\n|\n/).filter((p) => p.trim() !== "").length).toBeGreaterThanOrEqual(3);
  }, 180_000);

  it("writes an Excel workbook with one row a line and, with table recognition, one cell a column", async () => {
    const rows = [["Item", "Quantity", "Price"], ["Apples", "12", "3.40"], ["Pears", "7", "2.15"]];
    const scan = await writeTemp("table.pdf", await tableScanPdf(rows, 200));
    const [cells, lines] = await Promise.all([
      runTool(server, "ocr-pdf", [scan], { outputFormat: "excel", deskew: false }),
      runTool(server, "ocr-pdf", [scan], { outputFormat: "excel", deskew: false, recognizeTables: false }),
    ]);
    expect(cells.reply.filename).toBe("table.xlsx");
    const csv = (await officeText(cells.path, "xlsx")).trim().split("\n").map((l) => l.trim());
    expect(csv).toEqual(rows.map((r) => r.join(",")));
    const joined = (await officeText(lines.path, "xlsx")).trim().split("\n").map((l) => l.trim());
    expect(joined).toEqual(rows.map((r) => r.join(" ")));
  }, 240_000);

  it("writes a PDF whose recognised text is visible, in an embedded font, with or without the scan", async () => {
    const [withScan, textOnly] = await Promise.all([
      runTool(server, "ocr-pdf", [englishScan], { outputFormat: "pdf-with-text" }),
      runTool(server, "ocr-pdf", [englishScan], { outputFormat: "pdf-with-text", includeImages: false }),
    ]);
    for (const out of [withScan.path, textOnly.path]) {
      await qpdfCheck(out);
      expect(characterAccuracy(expectedEnglish, await pdftotext(out))).toBeGreaterThanOrEqual(0.98);
      expect((await exec("pdffonts", [out])).stdout).toMatch(/DejaVuSans\S*\s+CID TrueType\s+Identity-H\s+yes/);
    }
    const images = async (file: string) => (await exec("pdfimages", ["-list", file])).stdout.split("\n").filter((l) => /^\s+\d+\s/.test(l)).length;
    expect(await images(withScan.path)).toBe(1);
    expect(await images(textOnly.path)).toBe(0);
    // The text alone makes dark pixels: it is drawn, not hidden as in a searchable PDF.
    const page = await renderGray(textOnly.path, 1, 50);
    expect(page.pixels.filter((p) => p < 128).length).toBeGreaterThan(500);
  }, 180_000);

  it("lets the lines of a paragraph flow in text output when layout is off, and says which settings do not apply", async () => {
    const [kept, flowing] = await Promise.all([
      runTool(server, "ocr-pdf", [englishScan], { outputFormat: "text" }),
      runTool(server, "ocr-pdf", [englishScan], { outputFormat: "text", preserveLayout: false, includeImages: false }),
    ]);
    const lines = async (file: string) => (await fs.readFile(file, "utf8")).split("\n").filter((l) => l.trim() !== "").length;
    // Three blocks over eight lines on the page; flowing, each paragraph Tesseract finds is one line.
    expect(await lines(kept.path)).toBeGreaterThanOrEqual(6);
    expect(await lines(flowing.path)).toBeLessThanOrEqual(4);
    expect(characterAccuracy(expectedEnglish, await fs.readFile(flowing.path, "utf8"))).toBeGreaterThanOrEqual(0.98);
    expect(flowing.reply.message).toContain("Leaving images out changes nothing for text output.");
  }, 120_000);

  it("only straightens and cleans when text recognition is off", async () => {
    const { path: out, reply } = await runTool(server, "ocr-pdf", [englishScan], { recognizeText: false });
    expect(normaliseText(await pdftotext(out))).toBe("");
    expect(reply.message).toMatch(/without text recognition/);
    const text = await postTool(server, "ocr-pdf", [englishScan], { recognizeText: false, outputFormat: "text" });
    expect(text.status).toBe(400);
  }, 120_000);
});

describe("ocr-pdf bad input and progress", () => {
  it("answers damaged, encrypted and broken image files with a sentence and a 4xx", async () => {
    const damaged = await postTool(server, "ocr-pdf", [{ name: "broken.pdf", data: "%PDF-1.7\n1 0 obj <</Type /Catalog" }]);
    expect(damaged.status).toBe(422);
    expect(damaged.body.error).toMatch(/could not be read/);
    const locked = await postTool(server, "ocr-pdf", [corpus("libreoffice-writer-password.pdf")]);
    expect(locked.status).toBe(422);
    expect(locked.body.error).toMatch(/password-protected/);
    const png = await postTool(server, "ocr-pdf", [{ name: "scan.png", data: Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.alloc(64, 7)]) }]);
    expect(png.status).toBe(422);
    expect(png.body.error).toMatch(/image could not be read/);
  });

  it("reports page-by-page progress through the jobs API", async () => {
    const form = new FormData();
    form.append("files", new Blob([Buffer.from(fourPages)]), "four.pdf");
    form.append("deskew", "false");
    const started = (await (await fetch(`${server.url}/api/jobs/ocr-pdf`, { method: "POST", body: form })).json()) as { jobId: string };
    const stream = await (await fetch(`${server.url}/api/jobs/${started.jobId}/events`)).text();
    const events = stream.split("\n\n").filter((c) => c.startsWith("data: ")).map((c) => JSON.parse(c.slice(6)) as { state: string; progress: number });
    expect(events.at(-1)).toMatchObject({ state: "succeeded", progress: 1 });
    // Between the start (0.05) and the end of recognition (0.9) come the pages as they finish.
    const during = events.map((e) => e.progress).filter((p) => p > 0.05 && p < 0.9);
    expect(during.length).toBeGreaterThanOrEqual(1);
    // Each of them is a count of finished pages (1, 2 or 3 of 4), not a clock's guess.
    const pagesDone = during.map((p) => ((p - 0.05) / 0.85) * 4);
    for (const done of pagesDone) expect(Math.abs(done - Math.round(done))).toBeLessThan(1e-9);
    expect(pagesDone.map(Math.round).every((n) => n >= 1 && n <= 3)).toBe(true);
  }, 180_000);
});
