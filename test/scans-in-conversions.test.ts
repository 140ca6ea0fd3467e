import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { characterAccuracy, scannedPdf, textPdf, type TextBlock } from "./helpers/ocr-fixtures.js";
import { tempDir, writeTemp } from "./helpers/pdf-tools.js";
import { readRebuilt } from "./helpers/rebuilt-output.js";
import { postTool, runTool, startServer, type TestServer } from "./helpers/server.js";

/**
 * Conversions that rebuild a document read scanned pages with OCR by default, and refuse a scan with OCR off
 * rather than return an empty document. OCR is slow on two cores: the scans are one page each, made once.
 */

const exec = promisify(execFile);

const LETTER: TextBlock[] = [
  { font: "liberationSerif", size: 14, text: "Dear customer, your parcel left our warehouse on Monday and should reach you within three working days." },
  { font: "dejavuSans", size: 13, text: "Please keep this letter until the delivery has arrived and check that nothing is missing." },
];
const TYPED: TextBlock[] = [{ font: "dejavuSerif", size: 13, text: "This first page was typed and carries its own text layer from the start." }];
const letterText = LETTER.map((b) => b.text).join(" ");

let server: TestServer;
let scan: string;
let mixed: string;
beforeAll(async () => {
  server = await startServer();
  scan = await writeTemp("letter-scan.pdf", await scannedPdf([LETTER], 300));
  const dir = await tempDir();
  const typed = path.join(dir, "typed.pdf");
  await fs.writeFile(typed, await textPdf([TYPED]));
  mixed = path.join(dir, "typed-then-scanned.pdf");
  await exec("qpdf", ["--empty", "--pages", typed, scan, "--", mixed]);
}, 120_000);
afterAll(async () => server.close());

describe("scanned pages in rebuilt documents", () => {
  it("reads a scanned page to Word with the default settings, and says so", async () => {
    // One conversion: runTool fails on anything but a 200 with a result, and gives its reply's message too.
    const { path: docx, reply } = await runTool(server, "pdf-to-word", [scan]);
    expect(reply.message).toContain("Page 1 had no text layer and was read with OCR (English (eng)) first.");
    const document = await readRebuilt("pdf-to-word", docx);
    expect(characterAccuracy(letterText, document.text)).toBeGreaterThan(0.95);
    // The picture of the words is left out once they are words.
    expect(document.pictures).toBe(0);
  }, 180_000);

  it.each(["pdf-to-word", "pdf-to-rtf", "pdf-to-excel", "pdf-to-ppt", "pdf-to-text", "pdf-to-markdown", "pdf-to-html", "pdf-to-epub"])(
    "%s refuses a scan with OCR turned off instead of returning a document without text",
    async (tool) => {
      const reply = await postTool(server, tool, [scan], { ocrEnabled: false });
      expect(reply.status).toBe(422);
      expect(reply.body.error).toBe(
        "This PDF has no text layer (it may be a scan), so there is no text to convert. Turn on OCR in the settings, or run OCR PDF on it first.",
      );
    },
  );

  it("recognises only the scanned pages of a partly typed document, in page order", async () => {
    const { path: file, reply } = await runTool(server, "pdf-to-text", [mixed]);
    expect(reply.message).toContain("Page 2 had no text layer and was read with OCR (English (eng)) first.");
    const [first, second] = (await fs.readFile(file, "utf8")).split("\f");
    expect(first).toContain("This first page was typed");
    expect(characterAccuracy(letterText, second ?? "")).toBeGreaterThan(0.95);
  }, 180_000);

  it("names the scanned pages left without text when OCR is off", async () => {
    for (const tool of ["pdf-to-html", "pdf-to-ppt"]) {
      const reply = await postTool(server, tool, [mixed], { ocrEnabled: false });
      expect(reply.status, tool).toBe(200);
      expect(reply.body.message, tool).toContain("Page 2 without a text layer came out without text (turn on OCR to recognise it).");
    }
  });
});
