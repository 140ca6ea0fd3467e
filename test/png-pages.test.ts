import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { PDFDocument, StandardFonts, rgb } from "@cantoo/pdf-lib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { netpbmToPng, parseNetpbmHeader } from "../server/lib/netpbm-to-png.js";
import { readEvents, startJob } from "./helpers/jobs.js";
import { makeNumberedPdf, tempDir, writeTemp } from "./helpers/pdf-tools.js";
import { runTool, startServer, type TestServer } from "./helpers/server.js";
import { makeImagePdf, syntheticPhoto } from "./helpers/synthetic-pdfs.js";
import { readZip } from "./helpers/zip.js";

/**
 * PDF to PNG through poppler: every image is checked against bare pdftoppm's own PNG of the same page (its encoder,
 * not ours), decoded by libvips and compared pixel by pixel; and the streaming encoder on its own.
 */

const exec = promisify(execFile);

/** Pixels and size of an image as libvips decodes it, a grey image (one channel in the file) as grey levels. */
async function decoded(image: string | Buffer) {
  const { channels } = await sharp(image).metadata();
  const decoder = channels === 1 ? sharp(image).toColourspace("b-w") : sharp(image);
  const { data, info } = await decoder.raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, channels, pixels: data };
}

/** The filter byte of each scanline of a PNG (8-bit samples, rowBytes a row), read from its inflated data. */
async function rowFilters(png: string, rowBytes: number, height: number): Promise<number[]> {
  const data = await fs.readFile(png);
  const idat: Buffer[] = [];
  for (let at = 8; at < data.length; at += 12 + data.readUInt32BE(at)) {
    if (data.toString("latin1", at + 4, at + 8) === "IDAT") idat.push(data.subarray(at + 8, at + 8 + data.readUInt32BE(at)));
  }
  const scanlines = zlib.inflateSync(Buffer.concat(idat));
  return Array.from({ length: height }, (_, y) => scanlines[y * (rowBytes + 1)]!);
}

/** bare pdftoppm's PNG of one page, decoded. */
async function barePng(pdf: string, page: number, dpi: number, extra: string[] = []) {
  const dir = await tempDir();
  await exec("pdftoppm", ["-r", String(dpi), "-f", String(page), "-l", String(page), "-cropbox", "-png", "-singlefile", ...extra, pdf, path.join(dir, "p")]);
  const image = await decoded(path.join(dir, "p.png"));
  await fs.rm(dir, { recursive: true });
  return image;
}

/** A document with a coloured photograph on page 1 and text on page 2. */
async function photoAndText(): Promise<Uint8Array> {
  const doc = await PDFDocument.load(await makeImagePdf([await syntheticPhoto(400, 300, 3)]));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([300, 400]).drawText("Text page", { x: 30, y: 300, size: 28, font, color: rgb(0.8, 0.1, 0.1) });
  return doc.save();
}

describe("pdf-to-png through the API", () => {
  let server: TestServer;
  let mixed: string;
  beforeAll(async () => {
    server = await startServer();
    mixed = await writeTemp("mixed.pdf", await photoAndText());
  });
  afterAll(async () => server.close());

  it("gives each page the pixels of bare pdftoppm's PNG, at the resolution asked, which the file states", async () => {
    const { path: zip, reply } = await runTool(server, "pdf-to-png", [mixed], { imageResolution: 72 });
    expect(reply.filename).toBe("mixed-png.zip");
    const entries = [...(await readZip(zip)).entries()];
    expect(entries.map(([name]) => name)).toEqual(["mixed-page-1.png", "mixed-page-2.png"]);
    for (const [i, [name, data]] of entries.entries()) {
      const meta = await sharp(data).metadata();
      expect([meta.format, meta.density], name).toEqual(["png", 72]);
      const ours = await decoded(data);
      const bare = await barePng(mixed, i + 1, 72);
      expect([ours.width, ours.height, ours.channels], name).toEqual([bare.width, bare.height, 3]);
      expect(ours.pixels.equals(bare.pixels), name).toBe(true);
    }
  });

  it("writes greyscale as one grey channel equal to pdftoppm -gray's, black and white as one bit", async () => {
    const gray = await runTool(server, "pdf-to-png", [mixed], { imageResolution: 72, pageRange: "1", colorSpace: "grayscale" });
    const ours = await decoded(gray.path);
    // pdftoppm -gray -png writes its grey levels in three equal channels.
    const bare = await barePng(mixed, 1, 72, ["-gray"]);
    const bareGrey = await sharp(bare.pixels, { raw: { width: bare.width, height: bare.height, channels: 3 } }).extractChannel(0).raw().toBuffer();
    expect([ours.width, ours.height, ours.channels]).toEqual([bare.width, bare.height, 1]);
    expect(ours.pixels.equals(bareGrey)).toBe(true);

    const bw = await runTool(server, "pdf-to-png", [mixed], { imageResolution: 72, pageRange: "2", colorSpace: "bw" });
    // A one-bit PNG: colour type 0 (grey) at bit depth 1, read from the file's header.
    const file = await fs.readFile(bw.path);
    expect([file[24], file[25]]).toEqual([1, 0]);
    const bits = await decoded(bw.path);
    expect(new Set(bits.pixels)).toEqual(new Set([0, 255]));
    const grey = await barePng(mixed, 2, 72, ["-gray"]);
    const differing = bits.pixels.filter((bit, i) => (grey.pixels[i * 3]! >= 128 ? 255 : 0) !== bit).length;
    expect(differing).toBe(0);
  });

  it("renders a poster first page at a lower resolution with a note, the page after it at the one asked", async () => {
    const doc = await PDFDocument.create();
    doc.addPage([14_400, 14_400]).drawText("Poster", { x: 72, y: 72, size: 200 });
    doc.addPage([595, 842]).drawText("After", { x: 72, y: 72, size: 24 });
    const poster = await writeTemp("poster-first.pdf", await doc.save());
    const { path: zip, reply } = await runTool(server, "pdf-to-png", [poster], { imageResolution: 150 });
    const dpi = Number(/1 very large page was rendered at (\d+) dpi to stay within 60 million pixels/.exec(reply.message!)?.[1]);
    expect(dpi).toBeLessThan(150);
    const sizes = await Promise.all([...(await readZip(zip)).values()].map(async (data) => (await sharp(data).metadata()).width));
    expect(sizes).toEqual([Math.ceil((14_400 * dpi) / 72), 1240]);
  });

  it("reports progress page by page while the pages are rendered and encoded", async () => {
    const long = await writeTemp("long.pdf", await makeNumberedPdf(120));
    const started = await startJob(server, "pdf-to-png", long, { imageResolution: "150" });
    const progress = (await readEvents(server, started.body.jobId)).map((e) => e.progress);
    expect(progress.at(-1)).toBe(1);
    expect(progress.filter((p) => p > 0 && p < 1).length).toBeGreaterThanOrEqual(2);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });
});

describe("PNG from a renderer's plain pixels", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await tempDir();
  });
  afterAll(async () => fs.rm(dir, { recursive: true }));

  /** A binary PPM or PGM of the given pixels. */
  async function netpbm(name: string, magic: "P5" | "P6", width: number, height: number, pixels: Buffer): Promise<string> {
    const file = path.join(dir, name);
    await fs.writeFile(file, Buffer.concat([Buffer.from(`${magic}\n${width} ${height}\n255\n`, "latin1"), pixels]));
    return file;
  }

  it("keeps every pixel, in colour, grey, and thresholded to one bit on a width that is no multiple of eight", async () => {
    const [width, height] = [13, 7];
    const colour = Buffer.from(Array.from({ length: width * height * 3 }, (_, i) => (i * 37) % 256));
    await netpbmToPng(await netpbm("c.ppm", "P6", width, height, colour), path.join(dir, "c.png"), { dpi: 200 });
    const c = await decoded(path.join(dir, "c.png"));
    expect([c.width, c.height, c.channels, c.pixels.equals(colour)]).toEqual([width, height, 3, true]);
    expect((await sharp(path.join(dir, "c.png")).metadata()).density).toBe(200);

    const grey = Buffer.from(Array.from({ length: width * height }, (_, i) => (i * 53) % 256));
    await netpbmToPng(await netpbm("g.pgm", "P5", width, height, grey), path.join(dir, "g.png"), { dpi: 72 });
    expect((await decoded(path.join(dir, "g.png"))).pixels.equals(grey)).toBe(true);
    await netpbmToPng(path.join(dir, "g.pgm"), path.join(dir, "b.png"), { dpi: 72, threshold: 128 });
    const b = await decoded(path.join(dir, "b.png"));
    expect([...b.pixels]).toEqual([...grey].map((level) => (level >= 128 ? 255 : 0)));
  });

  it("writes rows of flat colour as they are and rows of a photograph as differences, across read chunks", async () => {
    // 1.8 MB of pixels, more than one read of the source (1 MB): the photograph's rows meet their row above across
    // the boundary.
    const [width, height] = [1000, 600];
    const photoRows = 450;
    const colour = Buffer.alloc(width * height * 3, 255);
    let seed = 7;
    for (let y = 0; y < photoRows; y++) {
      for (let x = 0; x < width * 3; x++) {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        // A smooth gradient with a little noise, as in a photograph.
        colour[y * width * 3 + x] = (x / 12 + y / 3 + (seed % 5)) % 256;
      }
    }
    for (let y = photoRows; y < height; y += 20) colour.fill(0, y * width * 3, y * width * 3 + 300);
    const png = path.join(dir, "mixed.png");
    await netpbmToPng(await netpbm("mixed.ppm", "P6", width, height, colour), png, { dpi: 96 });
    const image = await decoded(png);
    expect([image.width, image.height, image.pixels.equals(colour)]).toEqual([width, height, true]);
    // Each scanline's first byte is its filter: "Up" (2) over the photograph, none (0) over the flat rows.
    const filters = await rowFilters(png, width * 3, height);
    expect(new Set(filters.slice(0, photoRows))).toEqual(new Set([2]));
    expect(new Set(filters.slice(photoRows))).toEqual(new Set([0]));
  });

  it("takes every difference of a byte and the byte above it right, as Up rows", async () => {
    // Row y is 0..255 shifted by 1 + 2 + ... + y: each row differs from the one above by y at every column, so the
    // 256 rows below the first pair every byte with every byte above it.
    const [width, height] = [256, 257];
    const grey = Buffer.alloc(width * height);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) grey[y * width + x] = (x + (y * (y + 1)) / 2) % 256;
    const png = path.join(dir, "pairs.png");
    await netpbmToPng(await netpbm("pairs.pgm", "P5", width, height, grey), png, { dpi: 72 });
    expect((await decoded(png)).pixels.equals(grey)).toBe(true);
    expect(new Set(await rowFilters(png, width, height))).toEqual(new Set([2]));
  });

  it("refuses an image cut short, one longer than its header says, and anything but 8-bit binary PPM or PGM", async () => {
    const short = await netpbm("short.ppm", "P6", 10, 10, Buffer.alloc(10 * 9 * 3));
    await expect(netpbmToPng(short, path.join(dir, "short.png"), { dpi: 72 })).rejects.toThrow(/ends before its last row/);
    const long = await netpbm("long.pgm", "P5", 10, 10, Buffer.alloc(101));
    await expect(netpbmToPng(long, path.join(dir, "long.png"), { dpi: 72 })).rejects.toThrow(/more pixels/);
    expect(parseNetpbmHeader(Buffer.from("P3\n1 1\n255\n0 0 0\n"))).toBeUndefined();
    expect(parseNetpbmHeader(Buffer.from("P6\n1 1\n65535\n"))).toBeUndefined();
    expect(parseNetpbmHeader(Buffer.from("P6\n0 1\n255\n"))).toBeUndefined();
    expect(parseNetpbmHeader(Buffer.from("P5\n3 2\n255\n"))).toEqual({ channels: 1, width: 3, height: 2, length: 11 });
  });
});
