import fs from "node:fs/promises";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpus, ENCRYPTED_PDF } from "./helpers/corpus.js";
import { makeNumberedPdf, renderGray, writeTemp } from "./helpers/pdf-tools.js";
import { postTool, runTool, startServer, type TestServer } from "./helpers/server.js";
import { readZip } from "./helpers/zip.js";

/** Page images are decoded with libvips (sharp) and compared with poppler's own rendering of the same page. */

let server: TestServer;
let threePages: string;
beforeAll(async () => {
  server = await startServer();
  threePages = await writeTemp("three.pdf", await makeNumberedPdf(3));
});
afterAll(async () => server.close());

/** Mean absolute difference between two grey images of the same size, 0 to 255. */
function meanDifference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

describe("pdf-to-jpg, pdf-to-png", () => {
  it("gives one JPG per page in a ZIP, at the page's size for the resolution, looking like the page", async () => {
    const { path, reply } = await runTool(server, "pdf-to-jpg", [threePages], { imageResolution: 72 });
    expect(reply.filename).toBe("three-jpg.zip");
    const entries = await readZip(path);
    expect([...entries.keys()]).toEqual(["three-page-1.jpg", "three-page-2.jpg", "three-page-3.jpg"]);
    for (const [i, data] of [...entries.values()].entries()) {
      const meta = await sharp(data).metadata();
      expect([meta.format, meta.width, meta.height, meta.density]).toEqual(["jpeg", 595, 842, 72]);
      const ours = await sharp(data).greyscale().raw().toBuffer();
      const poppler = await renderGray(threePages, i + 1, 72);
      expect(meanDifference(ours, poppler.pixels)).toBeLessThan(3);
      // The other pages' renders differ (the page number is drawn): the comparison can tell pages apart.
      if (i > 0) expect(meanDifference(ours, (await renderGray(threePages, i, 72)).pixels)).toBeGreaterThan(0.05);
    }
  });

  it("gives a single image, not a ZIP, for one page; PNG at 150 dpi", async () => {
    const { path, reply } = await runTool(server, "pdf-to-png", [threePages], { imageResolution: 150, pageRange: "2" });
    expect(reply.filename).toBe("three.png");
    // PNG is this format's own default: nothing to explain. Asking it for JPG is.
    expect(reply.message ?? "").not.toContain("Saved as PNG");
    const asked = await runTool(server, "pdf-to-png", [threePages], { imageResolution: 72, pageRange: "2", imageFormat: "jpg" });
    expect(asked.reply.message).toContain("Saved as PNG, the format this tool makes");
    const meta = await sharp(path).metadata();
    expect([meta.format, meta.width]).toEqual(["png", 1240]);
    // 842 pt at 150 dpi is 1754.2 pixels: MuPDF rounds the page's edge outwards.
    expect(meta.height).toBeGreaterThanOrEqual(1754);
    expect(meta.height).toBeLessThanOrEqual(1755);
  });

  it("honours the colour spaces", async () => {
    const gray = await runTool(server, "pdf-to-jpg", [threePages], { imageResolution: 72, pageRange: "1", colorSpace: "grayscale" });
    expect((await sharp(gray.path).metadata()).channels).toBe(1);

    const cmyk = await runTool(server, "pdf-to-jpg", [threePages], { imageResolution: 72, pageRange: "1", colorSpace: "cmyk" });
    expect((await sharp(cmyk.path).metadata()).space).toBe("cmyk");
    // Blank paper must decode as white, not black: the CMYK JPEG follows the Adobe convention.
    const corner = await sharp(cmyk.path).toColourspace("srgb").extract({ left: 0, top: 0, width: 10, height: 10 }).raw().toBuffer();
    expect(corner.reduce((min, v) => Math.min(min, v), 255)).toBeGreaterThan(240);

    const bw = await runTool(server, "pdf-to-png", [threePages], { imageResolution: 72, pageRange: "1", colorSpace: "bw" });
    const pixels = await sharp(bw.path).greyscale().raw().toBuffer();
    expect(new Set(pixels)).toEqual(new Set([0, 255]));

    const pngCmyk = await runTool(server, "pdf-to-png", [threePages], { pageRange: "1", colorSpace: "cmyk", imageResolution: 72 });
    expect(pngCmyk.reply.message).toContain("PNG has no CMYK");
  });

  it("writes TIFF on request, CMYK and 1-bit included", async () => {
    const cmyk = await runTool(server, "pdf-to-jpg", [threePages], { imageResolution: 72, pageRange: "3", imageFormat: "tiff", colorSpace: "cmyk" });
    expect(cmyk.reply.filename).toBe("three.tiff");
    const meta = await sharp(cmyk.path).metadata();
    expect([meta.format, meta.space, meta.width]).toEqual(["tiff", "cmyk", 595]);
    const bw = await runTool(server, "pdf-to-png", [threePages], { imageResolution: 150, pageRange: "3", imageFormat: "tiff", colorSpace: "bw" });
    const bwMeta = await sharp(bw.path).metadata();
    expect([bwMeta.format, bwMeta.width]).toEqual(["tiff", 1240]);
    // CCITT Group 4 at one bit a pixel: a near-empty page is a few kilobytes, far below 8-bit grey.
    expect((await fs.stat(bw.path)).size).toBeLessThan(20_000);
  });

  it("uses the quality for JPG", async () => {
    const photoPage = corpus("pdflatex-image.pdf");
    const low = await runTool(server, "pdf-to-jpg", [photoPage], { imageResolution: 72, pageRange: "1", quality: 20 });
    const high = await runTool(server, "pdf-to-jpg", [photoPage], { imageResolution: 72, pageRange: "1", quality: 95 });
    expect((await fs.stat(low.path)).size).toBeLessThan((await fs.stat(high.path)).size * 0.6);
  });
});

describe("pdf-to-svg", () => {
  it("writes one SVG per page with the page's size, which a separate renderer draws", async () => {
    const { path } = await runTool(server, "pdf-to-svg", [threePages], { pageRange: "1-2" });
    const entries = await readZip(path);
    expect([...entries.keys()]).toEqual(["three-page-1.svg", "three-page-2.svg"]);
    for (const svg of entries.values()) {
      expect(svg.toString("utf8")).toMatch(/<svg[^>]+viewBox="0 0 595 842"/);
      // librsvg (inside libvips) draws it: the page number is there as ink.
      const { data, info } = await sharp(svg, { density: 72 }).flatten({ background: "#ffffff" }).greyscale().raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([595, 842]);
      expect(data.reduce((min, v) => Math.min(min, v), 255)).toBeLessThan(50);
    }
  });
});

describe("convert-pdf", () => {
  it("hands the file and the format's own options to the format named in `format`", async () => {
    const { path, reply } = await runTool(server, "convert-pdf", [threePages], { format: "pdf-to-png", imageResolution: 72, pageRange: "3" });
    expect(reply.filename).toBe("three.png");
    const meta = await sharp(path).metadata();
    expect([meta.format, meta.width]).toEqual(["png", 595]);
  });
});

describe("bad input", () => {
  it.each(["pdf-to-jpg", "pdf-to-png", "pdf-to-svg"])("%s refuses encrypted and damaged files with a sentence", async (tool) => {
    const encrypted = await postTool(server, tool, [corpus(ENCRYPTED_PDF)]);
    expect(encrypted.status).toBe(422);
    expect(encrypted.body.error).toContain("password-protected");
    const damaged = await postTool(server, tool, [{ name: "broken.pdf", data: "%PDF-1.7\n1 0 obj garbage\n%%EOF" }]);
    expect(damaged.status).toBe(422);
    const badRange = await postTool(server, tool, [threePages], { pageRange: "7" });
    expect(badRange.status).toBe(400);
  });
});
