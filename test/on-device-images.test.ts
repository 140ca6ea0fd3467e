import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inEnglish } from "../server/i18n/i18n.js";
import { named, runOnDevice, runOnServer, type Fields, type Named } from "./helpers/both-paths.js";
import { corpus } from "./helpers/corpus.js";
import { makePng } from "./helpers/png.js";
import { makeNumberedPdf, pdfinfo, qpdfCheck, renderGray, tempDir } from "./helpers/pdf-tools.js";
import { rawPdf } from "./helpers/raw-pdf.js";
import { startServer, type TestServer } from "./helpers/server.js";

/**
 * PDF to JPG and PDF to PNG run both ways on the same files and fields: the server renders with poppler (MuPDF for
 * what poppler does not make), the device with MuPDF as WebAssembly. The renderers differ, so the images are
 * compared by what sharp (libvips) reads in them: the same names, formats, sizes, colour channels and resolution,
 * and pixels that differ by little on average. JPG to PDF makes its document with the same code both ways (pdf-lib),
 * reading the images with libvips on the server and from their headers on the device: the documents are compared
 * by pdfinfo's page sizes, pdfimages' list of images and poppler's renderings.
 */

const exec = promisify(execFile);

let server: TestServer;
let dir: string;
beforeAll(async () => {
  server = await startServer();
  dir = await tempDir();
});
afterAll(async () => server.close());

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
    // Two renders of 60 million pixels each, compared pixel by pixel.
  }, 180_000);
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

/** A photo-like picture as JPEG or PNG, with the metadata a camera or scanner writes. */
async function picture(name: string, format: "jpeg" | "png", width: number, height: number, meta?: { density?: number; orientation?: number }, sixteen = false): Promise<Named> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) pixels.set([(x * 255) / width, (y * 255) / height, x < width / 3 ? 40 : 200], (y * width + x) * 3);
  }
  let image = sharp(pixels, { raw: { width, height, channels: 3 } });
  if (sixteen) image = image.toColourspace("rgb16");
  if (meta) image = image.withMetadata(meta);
  const data = format === "jpeg" ? await image.jpeg({ quality: 85 }).toBuffer() : await image.png().toBuffer();
  return { name, data: new Uint8Array(data) };
}

/** What pdfinfo, pdfimages and pdftoppm read in a PDF. */
async function describeDocument(data: Uint8Array) {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  await fs.writeFile(file, data);
  await qpdfCheck(file);
  const info = await pdfinfo(file, ["-f", "1", "-l", "1000"]);
  const sizes = Object.entries(info).filter(([key]) => /^Page\s+\d+ size$/.test(key)).map(([, value]) => value);
  const { stdout } = await exec("pdfimages", ["-list", file]);
  // page, number, type, width, height, colour, components, bits, encoding (the object numbers and sizes may differ).
  const images = stdout.split("\n").slice(2).filter(Boolean).map((line) => line.trim().split(/\s+/).slice(0, 10).join(" "));
  const renders = [];
  for (let page = 1; page <= Number(info.Pages); page++) renders.push(await renderGray(file, page, 20));
  return { pages: Number(info.Pages), sizes, images, renders };
}

async function expectSameDocument(files: readonly Named[], fields: Fields = {}) {
  const server = await runOnServer(serverOf(), "jpg-to-pdf", files, fields);
  expect(server.reply.status, server.reply.body.error).toBe(200);
  const device = await runOnDevice("jpg-to-pdf", files, fields);
  expect(inEnglish(device.message)).toBe(server.reply.body.message);
  expect(device.files.map((f) => f.name)).toEqual([server.reply.body.filename]);
  const [mine, theirs] = [await describeDocument(device.files[0]!.data), await describeDocument(server.outputs[0]!.data)];
  expect({ ...mine, renders: [] }).toEqual({ ...theirs, renders: [] });
  for (const [i, render] of mine.renders.entries()) {
    expect(Buffer.compare(render.pixels, theirs.renders[i]!.pixels), `page ${i + 1}`).toBe(0);
  }
  return mine;
}

describe("jpg-to-pdf on the device and on the server", () => {
  let photos: Named[];
  beforeAll(async () => {
    photos = [
      await picture("scan.jpg", "jpeg", 300, 200, { density: 150 }),
      await picture("camera.jpg", "jpeg", 240, 160, { orientation: 6 }),
      await picture("mirror.jpg", "jpeg", 120, 90, { orientation: 5, density: 300 }),
      await picture("plain.png", "png", 100, 150, {}),
      // No resolution stated at all: both sides take 72 dpi, as libvips does.
      await picture("bare.jpg", "jpeg", 64, 48),
      { name: "grey.png", data: new Uint8Array(makePng(40, 30, (x) => x * 6)) },
      await picture("deep.png", "png", 90, 60, { density: 72, orientation: 3 }, true),
    ];
  });

  it.each([
    [{}],
    [{ pageSize: "a4", margin: 36 }],
    [{ pageSize: "letter", orientation: "landscape", quality: 50, ocrEnabled: true }],
    [{ pageSize: "fit", orientation: "portrait", margin: 10 }],
  ])("places the same images on the same pages with %j", async (fields) => {
    const described = await expectSameDocument(photos, fields);
    expect(described.pages).toBe(photos.length);
    expect(described.images).toHaveLength(photos.length);
  });

  it("refuses what the server refuses, with its sentences", async () => {
    const whole = photos[0]!;
    await expectSameRefusal("jpg-to-pdf", [{ name: "cut.jpg", data: whole.data.slice(0, Math.floor(whole.data.length * 0.6)) }]);
    // Headers that declare more pixels than may be decoded: refused before anything decodes them.
    const declaring = (width: number, height: number) => {
      const png = Buffer.from(photos[3]!.data);
      png.writeUInt32BE(width, 16);
      png.writeUInt32BE(height, 20);
      return { name: `${width}.png`, data: new Uint8Array(png) };
    };
    await expectSameRefusal("jpg-to-pdf", [declaring(20_000, 20_000)]);
    await expectSameRefusal("jpg-to-pdf", [declaring(7_000, 7_000)]);
    const hugeJpeg = Buffer.from(photos[0]!.data);
    const frame = hugeJpeg.indexOf(Buffer.from([0xff, 0xc0]));
    hugeJpeg.writeUInt16BE(30_000, frame + 5);
    hugeJpeg.writeUInt16BE(30_000, frame + 7);
    await expectSameRefusal("jpg-to-pdf", [photos[1]!, { name: "huge.jpg", data: new Uint8Array(hugeJpeg) }]);
  });
});
