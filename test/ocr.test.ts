import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpus } from "./helpers/corpus.js";
import { characterAccuracy, crookedScanPdf, ENGLISH, expectedEnglish, normaliseText, rasterise, scannedPdf, speckledScanPdf, textPdf, textSkewDegrees, type TextBlock } from "./helpers/ocr-fixtures.js";
import { pageTexts, pdfinfo, pdftotext, qpdfCheck, renderGray, writeTemp } from "./helpers/pdf-tools.js";
import { rawPdf } from "./helpers/raw-pdf.js";
import { postTool, runTool, startServer, type TestServer } from "./helpers/server.js";

/**
 * OCR is slow on two cores: every scan here is one or two pages, made once and reused. What the recognition reads
 * and how its settings change it; the output formats, bad input and progress are in ocr-outputs.test.ts, so that the
 * two halves can run side by side.
 */

const exec = promisify(execFile);

const FRENCH: TextBlock[] = [
  { font: "liberationSans", size: 14, text: "Le château se trouve près de la rivière, où les élèves étudient chaque été avec leur maître." },
  { font: "dejavuSans", size: 13, text: "Ça coûte très cher, mais la qualité de l'œuvre est remarquable à côté des autres." },
];
const expectedFrench = FRENCH.map((b) => b.text).join(" ");

let server: TestServer;
let englishScan: string;
let twoLanguageScan: string;
beforeAll(async () => {
  server = await startServer();
  englishScan = await writeTemp("english-scan.pdf", await scannedPdf([ENGLISH], 300));
  twoLanguageScan = await writeTemp("two-languages.pdf", await scannedPdf([ENGLISH, FRENCH], 300));
}, 120_000);
afterAll(async () => server.close());

describe("ocr-pdf", () => {
  it("makes an image-only scan searchable with at least 98% of English characters right at 300 dpi", async () => {
    expect(normaliseText(await pdftotext(englishScan))).toBe("");
    const { path: out, reply } = await runTool(server, "ocr-pdf", [englishScan], { language: "eng" });
    await qpdfCheck(out);
    expect(reply.filename).toBe("english-scan-ocr.pdf");
    expect(reply.message).toMatch(/Recognised 1 page in English \(eng\)/);
    const accuracy = characterAccuracy(expectedEnglish, await pdftotext(out));
    expect(accuracy).toBeGreaterThanOrEqual(0.98);
    // The picture is still there: the text is an invisible layer over it.
    const fonts = (await exec("pdfimages", ["-list", out])).stdout;
    expect(fonts.split("\n").filter((l) => /^\s+1\s/.test(l))).toHaveLength(1);
  }, 120_000);

  it("reads two languages in one document, and the text output matches the PDF's text", async () => {
    const fields = { language: "eng", "multipleLanguages[0]": "fra" };
    const [pdf, text] = await Promise.all([
      runTool(server, "ocr-pdf", [twoLanguageScan], fields),
      runTool(server, "ocr-pdf", [twoLanguageScan], { ...fields, outputFormat: "text" }),
    ]);
    expect(pdf.reply.message).toContain("French (fra)");
    const pages = await pageTexts(pdf.path);
    expect(characterAccuracy(expectedEnglish, pages[0]!)).toBeGreaterThanOrEqual(0.98);
    expect(characterAccuracy(expectedFrench, pages[1]!)).toBeGreaterThanOrEqual(0.95);
    // French letters survive: most accented words come back with their accents (one may be misread).
    const accented = ["château", "près", "rivière", "où", "élèves", "étudient", "été", "maître"];
    expect(accented.filter((word) => pages[1]!.includes(word)).length).toBeGreaterThanOrEqual(accented.length - 2);

    expect(text.reply.filename).toBe("two-languages.txt");
    const plain = await fs.readFile(text.path, "utf8");
    const plainPages = plain.split("\f");
    expect(characterAccuracy(expectedEnglish, plainPages[0]!)).toBeGreaterThanOrEqual(0.98);
    expect(characterAccuracy(expectedFrench, plainPages[1]!)).toBeGreaterThanOrEqual(0.95);
    // Both outputs come from the same recognition.
    expect(characterAccuracy(normaliseText(pages.join(" ")), plain)).toBeGreaterThanOrEqual(0.99);
  }, 240_000);

  it("names a language that is not installed, with a 4xx", async () => {
    const reply = await postTool(server, "ocr-pdf", [englishScan], { language: "eng", "multipleLanguages[0]": "tlh" });
    expect(reply.status).toBe(422);
    expect(reply.body.error).toContain("tlh");
    expect(reply.body.error).toMatch(/not installed/);
    // Every language the screen lists is installed (test/ocr-languages.test.ts); a code it does not list is named
    // with the Debian package an administrator would look for.
    expect(reply.body.error).toContain("tesseract-ocr-tlh");
  });

  it("answers a page OCRmyPDF cannot read (a MediaBox of three numbers) as damage, not a server error", async () => {
    const data = rawPdf(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>", "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200] >>"]);
    const reply = await postTool(server, "ocr-pdf", [{ name: "short-box.pdf", data }]);
    expect(reply.status).toBe(422);
    expect(reply.body.error).toContain("short-box.pdf");
  });

  it("refuses a custom model given as a path", async () => {
    const reply = await postTool(server, "ocr-pdf", [englishScan], { customModel: "../../etc/passwd" });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatch(/customModel/);
  });
});

describe("ocr-pdf settings", () => {
  const SHORT: TextBlock[] = [{ font: "dejavuSans", size: 16, text: "Quarterly report for the northern region, prepared in March." }];

  it("straightens a skewed scan with deskew, and leaves it crooked without", async () => {
    const crooked = await writeTemp("crooked.pdf", await crookedScanPdf([SHORT], 200, 3));
    expect(Math.abs(textSkewDegrees(await renderGray(crooked, 1, 100)))).toBeGreaterThan(2);
    const [straight, left] = await Promise.all([
      runTool(server, "ocr-pdf", [crooked], { deskew: true }),
      runTool(server, "ocr-pdf", [crooked], { deskew: false }),
    ]);
    expect(Math.abs(textSkewDegrees(await renderGray(straight.path, 1, 100)))).toBeLessThanOrEqual(0.5);
    expect(Math.abs(textSkewDegrees(await renderGray(left.path, 1, 100)))).toBeGreaterThan(2);
    expect(straight.reply.message).toMatch(/Straightened 1 crooked page \(by up to 3(\.\d)?°\)/);
    expect(characterAccuracy(SHORT[0]!.text, await pdftotext(straight.path))).toBeGreaterThanOrEqual(0.95);
  }, 180_000);

  it("reads a dusty scan cleanly with enhanceDocument, and worse without", async () => {
    const text = "Quarterly report for the northern region, prepared in March by the finance team.";
    const scan = await writeTemp("dusty.pdf", await speckledScanPdf([[{ font: "dejavuSans", size: 14, text }]], 300));
    const [cleaned, raw] = await Promise.all([
      runTool(server, "ocr-pdf", [scan], { outputFormat: "text", deskew: false, confidenceThreshold: 0, enhanceDocument: true }),
      runTool(server, "ocr-pdf", [scan], { outputFormat: "text", deskew: false, confidenceThreshold: 0, enhanceDocument: false }),
    ]);
    const cleanedAccuracy = characterAccuracy(text, await fs.readFile(cleaned.path, "utf8"));
    expect(cleanedAccuracy).toBeGreaterThanOrEqual(0.98);
    expect(characterAccuracy(text, await fs.readFile(raw.path, "utf8"))).toBeLessThan(cleanedAccuracy);
  }, 120_000);

  it("leaves out words below the confidence threshold", async () => {
    const scan = await writeTemp("short.pdf", await scannedPdf([SHORT], 200));
    const [all, none] = await Promise.all([
      runTool(server, "ocr-pdf", [scan], { confidenceThreshold: 0, outputFormat: "text" }),
      runTool(server, "ocr-pdf", [scan], { confidenceThreshold: 100, outputFormat: "text" }),
    ]);
    expect(characterAccuracy(SHORT[0]!.text, await fs.readFile(all.path, "utf8"))).toBeGreaterThanOrEqual(0.95);
    // Tesseract is never fully sure of a word, so nothing reaches 100%.
    expect(normaliseText(await fs.readFile(none.path, "utf8"))).toBe("");
  }, 120_000);

  it("keeps pages that already carry text unless forced, and writes PDF/A when asked", async () => {
    const kept = await runTool(server, "ocr-pdf", [corpus("pdflatex-4-pages.pdf")], { pdfA: true });
    expect(kept.reply.message).toMatch(/Every page already carries text/);
    expect(kept.reply.message).toMatch(/PDF\/A-2b/);
    const meta = (await exec("pdfinfo", ["-meta", kept.path])).stdout;
    expect(meta).toMatch(/pdfaid:part[^0-9]*2/);
    expect(await pageTexts(kept.path)).toEqual(await pageTexts(corpus("pdflatex-4-pages.pdf")));

    const onePage = await writeTemp("one-text-page.pdf", await textPdf([SHORT]));
    const forced = await runTool(server, "ocr-pdf", [onePage], { forceOcr: true });
    expect(forced.reply.message).toMatch(/Recognised 1 page/);
    // Forced recognition rasterises the page: the text now comes from OCR over a picture.
    expect((await exec("pdfimages", ["-list", forced.path])).stdout.split("\n").length).toBeGreaterThan(3);
    expect(characterAccuracy(SHORT[0]!.text, await pdftotext(forced.path))).toBeGreaterThanOrEqual(0.95);
  }, 180_000);

  it("accepts PNG, JPEG, GIF, BMP and multi-page TIFF, taking the dpi setting where an image states none", async () => {
    const [png] = await rasterise(await textPdf([SHORT]), 150);
    // Raw pixels carry no resolution, so the PNG states none (sharp writes its 72 dpi placeholder).
    const raw = await sharp(png!).greyscale().raw().toBuffer({ resolveWithObject: true });
    const plain = await sharp(raw.data, { raw: { width: raw.info.width, height: raw.info.height, channels: 1 } }).png().toBuffer();
    const jpeg = await sharp(plain).jpeg({ quality: 95 }).withMetadata({ density: 150 }).toBuffer();
    const gif = await sharp(plain).gif().toBuffer();
    const tiff = await sharp([plain, plain], { join: { animated: true } }).tiff().toBuffer();
    const bmp = bmpOf(raw);
    const cases = [
      { name: "scan.png", data: plain, pages: 1 },
      { name: "scan.jpg", data: jpeg, pages: 1 },
      { name: "scan.gif", data: gif, pages: 1 },
      { name: "scan.bmp", data: bmp, pages: 1 },
      { name: "scan.tif", data: tiff, pages: 2 },
    ];
    for (const c of cases) {
      const { path: out } = await runTool(server, "ocr-pdf", [{ name: c.name, data: c.data }], { dpi: 150, deskew: false, enhanceDocument: false });
      const texts = await pageTexts(out);
      expect(texts, c.name).toHaveLength(c.pages);
      for (const text of texts) expect(characterAccuracy(SHORT[0]!.text, text), c.name).toBeGreaterThanOrEqual(0.95);
      // 150 dpi taken as stated (JPEG) or as the dpi setting: the page is A4 again.
      expect((await pdfinfo(out))["Page size"], c.name).toMatch(/^59[45](\.\d+)? x 84[12]/);
    }
    const at300 = await runTool(server, "ocr-pdf", [{ name: "scan.png", data: plain }], { dpi: 300, deskew: false, enhanceDocument: false });
    expect((await pdfinfo(at300.path))["Page size"]).toMatch(/^29[78](\.\d+)? x 42[01]/);
    expect(at300.reply.message).toContain("read as 300 dpi");
  }, 300_000);
});

/** An 8-bit grey BMP (Windows bitmap with a grey palette), bottom-up rows padded to four bytes. */
function bmpOf({ data, info }: { data: Buffer; info: { width: number; height: number } }): Buffer {
  const stride = Math.ceil(info.width / 4) * 4;
  const offset = 14 + 40 + 256 * 4;
  const bmp = Buffer.alloc(offset + stride * info.height);
  bmp.write("BM", 0, "latin1");
  bmp.writeUInt32LE(bmp.length, 2);
  bmp.writeUInt32LE(offset, 10);
  bmp.writeUInt32LE(40, 14);
  bmp.writeInt32LE(info.width, 18);
  bmp.writeInt32LE(info.height, 22);
  bmp.writeUInt16LE(1, 26);
  bmp.writeUInt16LE(8, 28);
  bmp.writeUInt32LE(stride * info.height, 34);
  for (let i = 0; i < 256; i++) bmp.writeUInt32LE(i * 0x010101, 54 + i * 4);
  for (let y = 0; y < info.height; y++) data.copy(bmp, offset + (info.height - 1 - y) * stride, y * info.width, (y + 1) * info.width);
  return bmp;
}
