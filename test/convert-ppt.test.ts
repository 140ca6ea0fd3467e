import fs from "node:fs/promises";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpus } from "./helpers/corpus.js";
import { makePptx } from "./helpers/office-fixtures.js";
import { characterAccuracy, rasterise, scannedPdf, type TextBlock } from "./helpers/ocr-fixtures.js";
import { pageTexts, writeTemp } from "./helpers/pdf-tools.js";
import { runTool, startServer, type TestServer } from "./helpers/server.js";
import { readZip } from "./helpers/zip.js";

/** Round trip: a PPTX made by the test → PDF → PowerPoint again, slides read straight from their XML. */

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server.close());

const decode = (s: string) => s.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&amp;/g, "&");

describe("pdf-to-ppt", () => {
  it("gives one slide per page: the drawing as a picture without its text, the text editable on top", async () => {
    const { data, slides } = await makePptx(3);
    const converted = await runTool(server, "word-to-pdf", [{ name: "deck.pptx", data }]);
    const pdf = await writeTemp("deck.pdf", await fs.readFile(converted.path));
    const { path, reply } = await runTool(server, "pdf-to-ppt", [pdf]);
    expect(reply.filename).toBe("deck.pptx");
    const entries = await readZip(path);
    const slideXml = [1, 2, 3].map((n) => entries.get(`ppt/slides/slide${n}.xml`)?.toString("utf8"));
    expect(entries.has("ppt/slides/slide4.xml")).toBe(false);
    slideXml.forEach((xml, i) => {
      expect(xml).toContain("<p:pic>");
      const text = decode([...xml!.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => m[1]).join(" "));
      expect(text).toContain(slides[i]!.title);
      for (const word of slides[i]!.body.split(" ")) expect(text).toContain(word);
      // The 36 pt title keeps its size.
      expect(xml).toMatch(/sz="3600"/);
    });
    // The deck is white with black text: with the text lifted off, the pictures are blank paper.
    for (const n of [1, 2, 3]) {
      const { data: pixels, info } = await sharp(entries.get(`ppt/media/page${n}.jpg`)!).greyscale().raw().toBuffer({ resolveWithObject: true });
      expect(info.width).toBeGreaterThan(1000);
      expect(pixels.reduce((min, v) => Math.min(min, v), 255)).toBeGreaterThan(235);
    }
    const presentation = entries.get("ppt/presentation.xml")!.toString("utf8");
    // 10 × 7.5 inches, as the source deck.
    expect(presentation).toContain('<p:sldSz cx="9144000" cy="6858000"/>');
    // An office program opens the deck: LibreOffice prints it back to three pages with the same text.
    const again = await runTool(server, "word-to-pdf", [{ name: "again.pptx", data: await fs.readFile(path) }]);
    const pages = await pageTexts(again.path);
    expect(pages).toHaveLength(3);
    slides.forEach((slide, i) => expect(pages[i]).toContain(slide.title));
  });

  it("keeps pictures that are not text in the slide's picture", async () => {
    const { path } = await runTool(server, "pdf-to-ppt", [corpus("pdflatex-image.pdf")], { pageRange: "1" });
    const entries = await readZip(path);
    const { data: pixels } = await sharp(entries.get("ppt/media/page1.jpg")!).greyscale().raw().toBuffer({ resolveWithObject: true });
    // The embedded photograph is still drawn: plenty of non-white pixels remain.
    expect(pixels.filter((v) => v < 200).length).toBeGreaterThan(5000);
  });

  it("reads a scanned page with OCR: its words become text boxes, and leave the slide's picture", async () => {
    const letter: TextBlock[] = [
      { font: "liberationSerif", size: 16, text: "Dear customer, your parcel left our warehouse on Monday and should reach you within three working days." },
      { font: "dejavuSans", size: 15, text: "Please keep this letter until the delivery has arrived and check that nothing is missing." },
    ];
    const scanData = await scannedPdf([letter], 200);
    const scan = await writeTemp("letter-scan.pdf", scanData);
    const { path, reply } = await runTool(server, "pdf-to-ppt", [scan]);
    const entries = await readZip(path);
    const xml = entries.get("ppt/slides/slide1.xml")!.toString("utf8");
    const dark = async (image: Buffer | string) => (await sharp(image).greyscale().raw().toBuffer()).filter((v) => v < 128).length;
    expect(reply.message).toMatch(/read with OCR/);
    expect(characterAccuracy(letter.map((b) => b.text).join(" "), decode([...xml.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => m[1]).join(" ")))).toBeGreaterThanOrEqual(0.9);
    // The words are in the scan (drawn by pdftoppm at the slides' resolution), and gone from the picture under the
    // text boxes.
    const [page] = await rasterise(scanData, 150);
    const scanDark = await dark(page!);
    expect(scanDark).toBeGreaterThan(5000);
    expect(await dark(entries.get("ppt/media/page1.jpg")!)).toBeLessThan(scanDark * 0.05);
    // Recognition and a conversion on two cores, beside another test file: as long as OCR tests are given.
  }, 120_000);
});
