import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inEnglish } from "../server/i18n/i18n.js";
import { runOnDevice, runOnServer, type Fields, type Named } from "./helpers/both-paths.js";
import { corpus } from "./helpers/corpus.js";
import { makeNumberedPdf, tempDir } from "./helpers/pdf-tools.js";
import { rawPdf } from "./helpers/raw-pdf.js";
import { startServer, type TestServer } from "./helpers/server.js";

/**
 * PDF to JPG and PDF to PNG run both ways on the same files and fields: the server renders with poppler (MuPDF for
 * what poppler does not make), the device with MuPDF as WebAssembly. The renderers differ, so the images are
 * compared by what sharp (libvips) reads in them: the same names, formats, sizes, colour channels and resolution,
 * and pixels that differ by little on average.
 */

const exec = promisify(execFile);

let server: TestServer;
let dir: string;
beforeAll(async () => {
  server = await startServer();
  dir = await tempDir();
});
afterAll(async () => server.close());

async function named(file: string, name = path.basename(file)): Promise<Named> {
  return { name, data: new Uint8Array(await fs.readFile(file)) };
}

/** Mean absolute difference of two images' grey levels (0 to 255), the larger cropped to the smaller. */
async function meanDifference(a: Uint8Array, b: Uint8Array): Promise<number> {
  const grey = (data: Uint8Array) => sharp(data).grayscale().raw().toBuffer({ resolveWithObject: true });
  const [x, y] = await Promise.all([grey(a), grey(b)]);
  const width = Math.min(x.info.width, y.info.width);
  const height = Math.min(x.info.height, y.info.height);
  let sum = 0;
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) sum += Math.abs(x.data[row * x.info.width + col]! - y.data[row * y.info.width + col]!);
  }
  return sum / (width * height);
}

async function described(image: Named) {
  const meta = await sharp(image.data).metadata();
  return { name: image.name, format: meta.format, channels: meta.channels, space: meta.space, density: meta.density, width: meta.width, height: meta.height };
}

/** The same files, sentence, names and kinds of image both ways, sizes within a pixel, pixels close. */
async function expectSameImages(tool: string, files: readonly Named[], fields: Fields = {}, bound = 6) {
  const server = await runOnServer(serverOf(), tool, files, fields);
  expect(server.reply.status, server.reply.body.error).toBe(200);
  const device = await runOnDevice(tool, files, fields);
  expect(inEnglish(device.message)).toBe(server.reply.body.message);
  expect(device.files.length > 1 ? device.zipName : device.files[0]!.name).toBe(server.reply.body.filename);
  expect(device.files.map((f) => f.name)).toEqual(server.outputs.map((f) => f.name));
  for (const [i, image] of device.files.entries()) {
    const [mine, theirs] = [await described(image), await described(server.outputs[i]!)];
    expect({ ...mine, width: 0, height: 0 }).toEqual({ ...theirs, width: 0, height: 0 });
    expect(Math.abs(mine.width! - theirs.width!), image.name).toBeLessThanOrEqual(1);
    expect(Math.abs(mine.height! - theirs.height!), image.name).toBeLessThanOrEqual(1);
    expect(await meanDifference(image.data, server.outputs[i]!.data), image.name).toBeLessThan(bound);
  }
  return device;
}

const serverOf = () => server;

async function expectSameRefusal(tool: string, files: readonly Named[], fields: Fields = {}) {
  const server = await runOnServer(serverOf(), tool, files, fields);
  expect(server.reply.status).toBeGreaterThanOrEqual(400);
  await expect(runOnDevice(tool, files, fields)).rejects.toThrow(server.reply.body.error!);
}

/** A one-page PDF of the given size in points, with a line of text. */
function pagePdf(width: number, height: number): Named {
  const content = "BT /F1 24 Tf 20 20 Td (Poster) Tj ET";
  const data = rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>`,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ]);
  return { name: "poster.pdf", data: new Uint8Array(data) };
}

let three: Named;
beforeAll(async () => {
  three = { name: "three.pdf", data: await makeNumberedPdf(3) };
});

describe("pdf-to-jpg on the device and on the server", () => {
  it.each([
    [{}],
    [{ imageResolution: 72, quality: 40, pageRange: "3,1" }],
    [{ imageResolution: 150, colorSpace: "grayscale" }],
  ])("renders the same pages the same way with %j", async (fields) => {
    await expectSameImages("pdf-to-jpg", [three], fields);
  });

  it("renders pictures, turned pages and CMYK as the server does", async () => {
    await expectSameImages("pdf-to-jpg", [await named(corpus("pdflatex-image.pdf"))], { imageResolution: 72 }, 10);
    await expectSameImages("pdf-to-jpg", [await named(corpus("habibi-rotated.pdf"))], { imageResolution: 72 });
    await expectSameImages("pdf-to-jpg", [await named(corpus("cmyk-image.pdf"))], { imageResolution: 72, colorSpace: "cmyk" }, 10);
  });

  it("lowers a poster's resolution and refuses what the server refuses, with its sentences", async () => {
    const device = await expectSameImages("pdf-to-jpg", [pagePdf(7200, 7200)], { imageResolution: 150 });
    expect(inEnglish(device.message)).toMatch(/rendered at \d+ dpi to stay within 60 million pixels/);
    // 80 A4 pages at 600 dpi: 2.8 billion pixels, past the job's budget.
    await expectSameRefusal("pdf-to-jpg", [{ name: "eighty.pdf", data: await makeNumberedPdf(80) }], { imageResolution: 600 });
    await expectSameRefusal("pdf-to-jpg", [three], { pageRange: "5" });
  });
});

describe("pdf-to-png on the device and on the server", () => {
  it.each([
    [{}],
    [{ imageResolution: 72, colorSpace: "grayscale", pageRange: "2", quality: 50 }],
    [{ imageResolution: 72, colorSpace: "cmyk", imageFormat: "jpg" }],
  ])("renders the same pages the same way with %j", async (fields) => {
    await expectSameImages("pdf-to-png", [three], fields);
  });

  it("hands TIFF and black-and-white images back to the server, with the reason", async () => {
    await expect(runOnDevice("pdf-to-png", [three], { imageFormat: "tiff" })).rejects.toMatchObject({ code: "needs_server", text: { key: "common:device.tiffOnServer" } });
    await expect(runOnDevice("pdf-to-jpg", [three], { colorSpace: "bw" })).rejects.toMatchObject({ code: "needs_server", text: { key: "common:device.blackAndWhiteOnServer" } });
  });

  it("refuses a password-protected file with the server's sentence", async () => {
    await expectSameRefusal("pdf-to-png", [await named(corpus("libreoffice-writer-password.pdf"))]);
  });
});
