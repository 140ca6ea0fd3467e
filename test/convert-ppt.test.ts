import fs from "node:fs/promises";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpus } from "./helpers/corpus.js";
import { makePptx } from "./helpers/office-fixtures.js";
import { characterAccuracy, scannedPdf, type TextBlock } from "./helpers/ocr-fixtures.js";
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
    const scan = await writeTemp("letter-scan.pdf", await scannedPdf([letter], 200));
    const slide = async (fields: Record<string, boolean>) => {
      const { path, reply } = await runTool(server, "pdf-to-ppt", [scan], fields);
      const entries = await readZip(path);
      const xml = entries.get("ppt/slides/slide1.xml")!.toString("utf8");
      const { data: pixels } = await sharp(entries.get("ppt/media/page1.jpg")!).greyscale().raw().toBuffer({ resolveWithObject: true });
      return { reply, text: decode([...xml.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => m[1]).join(" ")), dark: pixels.filter((v) => v < 128).length };
    };
    const read = await slide({});
    expect(read.reply.message).toMatch(/read with OCR/);
    expect(characterAccuracy(letter.map((b) => b.text).join(" "), read.text)).toBeGreaterThanOrEqual(0.9);
    const picture = await slide({ ocrEnabled: false });
    expect(picture.text).toBe("");
    expect(picture.reply.message).toMatch(/turn on OCR/);
    // The words are in the picture of the scan left as it is, and gone from the one under the text boxes.
    expect(picture.dark).toBeGreaterThan(5000);
    expect(read.dark).toBeLessThan(picture.dark * 0.05);
    // Recognition and a conversion on two cores, beside another test file: as long as OCR tests are given.
  }, 120_000);
});
