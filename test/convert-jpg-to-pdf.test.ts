import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfinfo, renderGray, tempDir } from "./helpers/pdf-tools.js";
import { postTool, runTool, startServer, type TestServer } from "./helpers/server.js";
import { syntheticPhoto } from "./helpers/synthetic-pdfs.js";

/** Images come back out of the PDF with poppler's pdfimages and are compared byte for byte, or pixel for pixel. */

const exec = promisify(execFile);
let server: TestServer;
let photo: Buffer;
let png: Buffer;
let rotated: Buffer;
beforeAll(async () => {
  server = await startServer();
  photo = await syntheticPhoto(400, 300, 3);
  // Half transparent, so that the alpha channel must survive as a soft mask.
  const rgba = Buffer.alloc(200 * 100 * 4);
  for (let i = 0; i < 200 * 100; i++) rgba.set([(i * 7) % 256, (i * 13) % 256, (i * 3) % 256, i % 200 < 100 ? 255 : 128], i * 4);
  png = await sharp(rgba, { raw: { width: 200, height: 100, channels: 4 } }).png().toBuffer();
  // Stored 300 × 200 with the left half black, tagged "turn 90° clockwise to view": upright, the top half is black.
  const halves = Buffer.alloc(300 * 200, 255);
  for (let y = 0; y < 200; y++) halves.fill(0, y * 300, y * 300 + 150);
  rotated = await sharp(halves, { raw: { width: 300, height: 200, channels: 1 } }).withMetadata({ orientation: 6, density: 96 }).jpeg().toBuffer();
});
afterAll(async () => server.close());

async function extractImages(pdf: string, flag: "-j" | "-png"): Promise<string[]> {
  const dir = await tempDir();
  await exec("pdfimages", [flag, pdf, path.join(dir, "img")]);
  return (await fs.readdir(dir)).sort().map((f) => path.join(dir, f));
}

describe("jpg-to-pdf", () => {
  it("puts the images on pages in order, JPEG bytes unchanged and PNG pixels exact", async () => {
    const { path: pdf } = await runTool(server, "jpg-to-pdf", [
      { name: "photo.jpg", data: photo },
      { name: "chart.png", data: png },
    ]);
    expect((await pdfinfo(pdf)).Pages).toBe("2");
    const jpegs = (await extractImages(pdf, "-j")).filter((f) => f.endsWith(".jpg"));
    expect(jpegs).toHaveLength(1);
    expect(Buffer.compare(await fs.readFile(jpegs[0]!), photo)).toBe(0);

    // pdfimages -png writes the PNG's colour image and then its soft mask.
    const pngs = await extractImages(pdf, "-png");
    const [colour, mask] = pngs.slice(-2);
    const original = await sharp(png).raw().toBuffer();
    const back = await sharp(colour!).raw().toBuffer();
    const alpha = await sharp(mask!).greyscale().raw().toBuffer();
    expect(back.length).toBe(200 * 100 * 3);
    for (let i = 0; i < 200 * 100; i++) {
      expect([back[i * 3], back[i * 3 + 1], back[i * 3 + 2], alpha[i]]).toEqual([original[i * 4], original[i * 4 + 1], original[i * 4 + 2], original[i * 4 + 3]]);
    }
  });

  it("sizes Fit pages from the image's resolution and stands camera-turned photos upright", async () => {
    const { path: pdf } = await runTool(server, "jpg-to-pdf", [{ name: "turned.jpg", data: rotated }]);
    // 200 × 300 pixels upright at 96 dpi: 150 × 225 points.
    expect((await pdfinfo(pdf))["Page size"]).toMatch(/^150 x 225 pts/);
    const { width, height, pixels } = await renderGray(pdf, 1, 96);
    const mean = (y0: number, y1: number) => {
      let sum = 0;
      for (let y = y0; y < y1; y++) for (let x = 0; x < width; x++) sum += pixels[y * width + x]!;
      return sum / ((y1 - y0) * width);
    };
    expect(mean(10, height / 2 - 10)).toBeLessThan(30);
    expect(mean(height / 2 + 10, height - 10)).toBeGreaterThan(225);
  });

  it("uses A4 in the image's orientation with the margin, or the orientation asked for", async () => {
    const auto = await runTool(server, "jpg-to-pdf", [{ name: "photo.jpg", data: photo }], { pageSize: "a4", margin: 36 });
    expect((await pdfinfo(auto.path))["Page size"]).toMatch(/^841.89 x 595.28 pts/);
    const { width, height, pixels } = await renderGray(auto.path, 1, 72);
    // The margin is white; the photo fills the middle.
    expect(pixels[10 * width + Math.round(width / 2)]).toBe(255);
    expect(pixels[Math.round(height / 2) * width + 20]).toBe(255);
    expect(pixels[Math.round(height / 2) * width + Math.round(width / 2)]).toBeLessThan(250);

    const portrait = await runTool(server, "jpg-to-pdf", [{ name: "photo.jpg", data: photo }], { pageSize: "letter", orientation: "portrait" });
    expect((await pdfinfo(portrait.path))["Page size"]).toMatch(/^612 x 792 pts/);
  });

  it("refuses a PNG too large to decode safely, however small its file", async () => {
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: "#ffffff" } }).png().toBuffer();
    const reply = await postTool(server, "jpg-to-pdf", [{ name: "huge.png", data: huge }]);
    expect(reply.status).toBe(413);
    expect(reply.body.error).toContain("48 megapixels");
  });

  it("refuses a damaged image with a sentence", async () => {
    const broken = photo.subarray(0, 200);
    const reply = await postTool(server, "jpg-to-pdf", [{ name: "broken.jpg", data: broken }]);
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
    expect(reply.body.error).toMatch(/could not be read|not/);
  });
});
