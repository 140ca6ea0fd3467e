import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs/promises";
import path from "node:path";
import { corpus, corpusPdfs } from "./helpers/corpus.js";
import { degrees, PDFDocument } from "@cantoo/pdf-lib";
import { releaseMupdfChildren, runMupdf } from "../server/engines/mupdf/pool.js";
import { everyPage, popplerVisibleTrimBoxes } from "../server/engines/poppler-page-boxes.js";
import { makeNumberedPdf, pageTexts, pdftotext, qpdfCheck, renderGray, tempDir, wordBoxes, writeTemp, type WordBox } from "./helpers/pdf-tools.js";
import { postTool, runTool, startServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
let five: string;
beforeAll(async () => {
  server = await startServer();
  five = await writeTemp("five.pdf", await makeNumberedPdf(5));
});
afterAll(async () => server.close());

/** The sample pages carry "Sample page N" across their middle: a stamped label is the match farthest from it. */
function findLabel(words: WordBox[], text: string, height: number): WordBox {
  const matches = words.filter((w) => w.text === text);
  const distance = (w: WordBox) => Math.abs((w.yMin + w.yMax) / 2 - height / 2);
  return matches.sort((a, b) => distance(b) - distance(a))[0]!;
}

async function blankPdf(width: number, height: number): Promise<string> {
  const doc = await PDFDocument.create();
  doc.addPage([width, height]);
  return writeTemp("blank.pdf", await doc.save());
}

/** Where a stamp changed the rendered page: the bounding box of pixels that differ from the original, as fractions. */
async function changedRegion(original: string, stamped: string, page: number) {
  const a = await renderGray(original, page, 40);
  const b = await renderGray(stamped, page, 40);
  expect([b.width, b.height]).toEqual([a.width, a.height]);
  let [x0, y0, x1, y1] = [Infinity, Infinity, -1, -1];
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      if (Math.abs(a.pixels[y * a.width + x]! - b.pixels[y * a.width + x]!) > 30) {
        x0 = Math.min(x0, x);
        y0 = Math.min(y0, y);
        x1 = Math.max(x1, x);
        y1 = Math.max(y1, y);
      }
    }
  }
  return { left: x0 / a.width, top: y0 / a.height, right: x1 / a.width, bottom: y1 / a.height };
}

/** The darkest grey level in a band across the middle of a rendered page (255 is white). */
async function darkestInMiddle(file: string, page: number): Promise<number> {
  const { width, height, pixels } = await renderGray(file, page, 72);
  let darkest = 255;
  for (let y = Math.floor(height * 0.45); y < height * 0.55; y++) {
    for (let x = 0; x < width; x++) darkest = Math.min(darkest, pixels[y * width + x]!);
  }
  return darkest;
}

describe("add-watermark", () => {
  it("puts the text on every page and leaves the original text in place", async () => {
    const { path, reply } = await runTool(server, "add-watermark", [five], { rotation: 0 });
    await qpdfCheck(path);
    const texts = await pageTexts(path);
    expect(texts).toHaveLength(5);
    texts.forEach((text, i) => {
      expect(text).toContain("CONFIDENTIAL");
      expect(text).toContain(`Sample page ${i + 1} of 5`);
    });
    expect(reply.message).toBe("Added the watermark to every page at 30% opacity.");
  });

  it("is diagonal by default", async () => {
    const blank = await blankPdf(595, 842);
    const { path } = await runTool(server, "add-watermark", [blank]);
    const region = changedRegion(blank, path, 1);
    const { left, top, right, bottom } = await region;
    // A 45-degree line of text spans about as much height as width, centred on the page.
    expect(bottom - top).toBeGreaterThan(0.3);
    expect(Math.abs((left + right) / 2 - 0.5)).toBeLessThan(0.05);
    expect(Math.abs((top + bottom) / 2 - 0.5)).toBeLessThan(0.05);
  });

  it("draws at the requested opacity", async () => {
    const blank = await blankPdf(600, 400);
    const fields = { watermarkText: "MMMMMM", fontColor: "#000000", rotation: 0, fontSize: 80 };
    const faint = await runTool(server, "add-watermark", [blank], { ...fields, opacity: 30 });
    const solid = await runTool(server, "add-watermark", [blank], { ...fields, opacity: 100 });
    // Black at 30% over white is 255 * 0.7, about 178.
    expect(Math.abs((await darkestInMiddle(faint.path, 1)) - 178)).toBeLessThanOrEqual(8);
    expect(await darkestInMiddle(solid.path, 1)).toBeLessThanOrEqual(20);
  });

  it("marks only the chosen pages, in a corner, in any script", async () => {
    const { path } = await runTool(server, "add-watermark", [five], {
      watermarkText: "Entwurf Ωμέγα",
      pages: "2,4",
      position: "top-left",
      rotation: 0,
      fontSize: 20,
    });
    const texts = await pageTexts(path);
    expect(texts.map((t) => t.includes("Ωμέγα"))).toEqual([false, true, false, true, false]);
    const { height, words } = await wordBoxes(path, 2);
    const mark = words.find((w) => w.text === "Entwurf")!;
    expect(mark.xMin).toBeLessThan(60);
    expect(mark.yMin).toBeLessThan(height * 0.15);
  });

  it("stays upright on pages turned by /Rotate", async () => {
    const input = corpus("habibi-rotated.pdf");
    const { path } = await runTool(server, "add-watermark", [input], { watermarkText: "UPRIGHT", rotation: 0, position: "bottom-center" });
    // Pages turned 90, 180, 270 and 0 degrees: on each, as seen, the stamp is a wide, short band at the bottom centre.
    for (let page = 1; page <= 4; page++) {
      const { left, top, right, bottom } = await changedRegion(input, path, page);
      expect(top, `page ${page}`).toBeGreaterThan(0.8);
      expect(right - left, `page ${page}`).toBeGreaterThan((bottom - top) * 2);
      expect(Math.abs((left + right) / 2 - 0.5), `page ${page}`).toBeLessThan(0.03);
    }
  });

  it("rejects an opacity outside 10-100", async () => {
    const reply = await postTool(server, "add-watermark", [five], { opacity: 5 });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('"opacity" must be at least 10.');
  });
});

describe("add-page-numbers", () => {
  it("numbers every page bottom centre by default", async () => {
    const { path } = await runTool(server, "add-page-numbers", [five]);
    await qpdfCheck(path);
    for (let page = 1; page <= 5; page++) {
      const { width, height, words } = await wordBoxes(path, page);
      const label = findLabel(words, String(page), height);
      expect(label, `page ${page}`).toBeDefined();
      expect(Math.abs((label.xMin + label.xMax) / 2 - width / 2)).toBeLessThan(2);
      // Default margin 36pt: the baseline sits 36pt above the bottom edge.
      expect(height - label.yMax).toBeGreaterThan(30);
      expect(height - label.yMax).toBeLessThan(40);
    }
  });

  it.each([
    ["{n}", "3"],
    ["Page {n}", "Page 3"],
    ["{n}/{total}", "3/5"],
    ["Page {n} of {total}", "Page 3 of 5"],
    ["-{n}-", "-3-"],
  ])("writes the format %s", async (format, expected) => {
    const { path } = await runTool(server, "add-page-numbers", [five], { format });
    expect((await pageTexts(path))[2]).toContain(expected);
  });

  it.each([
    ["top-left", (x: number, _w: number) => x < 40, (y: number, _h: number) => y < 50],
    ["top-right", (x: number, w: number) => x > w - 80, (y: number, _h: number) => y < 50],
    ["bottom-left", (x: number, _w: number) => x < 40, (y: number, h: number) => y > h - 50],
    ["bottom-right", (x: number, w: number) => x > w - 80, (y: number, h: number) => y > h - 50],
    ["top-center", (x: number, w: number) => Math.abs(x - w / 2) < 20, (y: number, _h: number) => y < 50],
  ] as const)("places numbers at %s", async (position, xOk, yOk) => {
    const { path } = await runTool(server, "add-page-numbers", [five], { position, margin: 20 });
    const { width, height, words } = await wordBoxes(path, 1);
    const label = findLabel(words, "1", height);
    expect(xOk(label.xMin, width)).toBe(true);
    expect(yOk(label.yMin, height)).toBe(true);
  });

  it("applies start number, range, exclusions, skip-first, prefix, suffix, size and colour", async () => {
    const { path, reply } = await runTool(server, "add-page-numbers", [five], {
      startNumber: 10,
      pageRange: "1-4",
      excludePages: "3",
      skipFirstPage: true,
      prefix: "p.",
      suffix: " ✓",
      fontSize: 20,
      fontColor: "#ff0000",
      format: "{n}/{total}",
    });
    const texts = await pageTexts(path);
    // Pages 1-4 count 10..13; page 1 skipped, page 3 excluded, page 5 outside the range.
    expect(texts[0]).not.toContain("p.");
    expect(texts[1]).toContain("p.11/13 ✓");
    expect(texts[2]).not.toContain("p.");
    expect(texts[3]).toContain("p.13/13 ✓");
    expect(texts[4]).not.toContain("p.");
    expect(reply.message).toContain('from "p.11/13 ✓" to "p.13/13 ✓"');
    const { words } = await wordBoxes(path, 2);
    const label = words.find((w) => w.text.startsWith("p.11"))!;
    expect(label.yMax - label.yMin).toBeGreaterThan(15);
  });

  it("rejects values outside the spec's bounds, naming the field", async () => {
    for (const [field, value, message] of [
      ["fontSize", 7, '"fontSize" must be at least 8.'],
      ["margin", 80, '"margin" must be at most 72.'],
      ["startNumber", 0, '"startNumber" must be at least 1.'],
      ["fontColor", "red", '"fontColor" must be a colour such as "#000000".'],
      ["position", "middle", '"position" must be one of: top-left, top-center, top-right, bottom-left, bottom-center, bottom-right.'],
    ] as const) {
      const reply = await postTool(server, "add-page-numbers", [five], { [field]: value });
      expect(reply.status, field).toBe(400);
      expect(reply.body.error).toBe(message);
    }
  });

  it("numbers a 200-page file with one stamp page each, leaving the text intact", async () => {
    const big = await writeTemp("big.pdf", await makeNumberedPdf(200));
    const { path } = await runTool(server, "add-page-numbers", [big], { format: "Page {n} of {total}" });
    const text = await pdftotext(path);
    expect(text).toContain("Page 200 of 200");
    expect(text).toContain("Sample page 200 of 200");
  });
});

describe("page sizes for stamps, from pdfinfo", () => {
  it("match MuPDF's visible trim boxes on every corpus file and on trimmed, cropped and turned pages", async () => {
    const workDir = await tempDir();
    const doc = await PDFDocument.create();
    doc.addPage([600, 800]).setTrimBox(40, 60, 500, 700);
    const turned = doc.addPage([600, 800]);
    turned.setTrimBox(0, 0, 300, 700);
    turned.setRotation(degrees(90));
    const cropped = doc.addPage([600, 800]);
    cropped.setCropBox(50, 50, 300, 400);
    cropped.setRotation(degrees(270));
    const files = [...corpusPdfs(), path.join(workDir, "boxes.pdf")];
    await fs.writeFile(files.at(-1)!, await doc.save());
    const ctx = { workDir, timeoutMs: 60_000, maxPages: 5000, progress: () => {} };
    let compared = 0;
    for (const original of files) {
      const file = path.join(workDir, `copy-${compared++}.pdf`);
      await fs.copyFile(original, file);
      const mupdf = await runMupdf("pageBoxes", { input: file }, ctx).catch(() => undefined);
      if (!mupdf) continue;
      const poppler = everyPage(await popplerVisibleTrimBoxes(file, mupdf.pages.length, ctx), mupdf.pages.length);
      expect(poppler, original).toBeDefined();
      for (const [i, box] of mupdf.pages.entries()) {
        expect(Math.abs(poppler![i]!.width - box.width), `${original} page ${i + 1} width`).toBeLessThan(0.5);
        expect(Math.abs(poppler![i]!.height - box.height), `${original} page ${i + 1} height`).toBeLessThan(0.5);
      }
    }
    expect(compared).toBeGreaterThan(20);
    releaseMupdfChildren(workDir);
    await fs.rm(workDir, { recursive: true });
  }, 120_000);
});
