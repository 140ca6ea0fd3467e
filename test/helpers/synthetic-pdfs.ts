import fs from "node:fs/promises";
import * as fontkit from "fontkit";
import sharp from "sharp";
import { PDFDocument, PDFName, PDFString, rgb } from "@cantoo/pdf-lib";

/**
 * Deterministic stand-ins for what people compress: camera photos, scanned pages and long text documents. Pixels
 * are synthesised (smooth fields, edges and sensor-like noise) so that no sample file has to be stored.
 */

function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A photo-like RGB image: soft gradients, a few hard-edged shapes and fine noise, as a camera JPEG (quality 92). */
export async function syntheticPhoto(width: number, height: number, seed: number): Promise<Buffer> {
  const rand = prng(seed);
  const px = Buffer.alloc(width * height * 3);
  const phase = [rand() * 6, rand() * 6, rand() * 6];
  const blobs = Array.from({ length: 12 }, () => ({ x: rand() * width, y: rand() * height, r: 30 + rand() * width * 0.15, c: [rand() * 255, rand() * 255, rand() * 255] }));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) {
        let v = 120 + 70 * Math.sin(x / (90 + 30 * c) + phase[c]!) * Math.cos(y / (70 + 20 * c) - phase[c]!) + 30 * Math.sin((x + y) / 400);
        for (const b of blobs) if ((x - b.x) ** 2 + (y - b.y) ** 2 < b.r * b.r) v = v * 0.4 + b.c[c]! * 0.6;
        px[i + c] = Math.max(0, Math.min(255, v + (rand() - 0.5) * 14));
      }
    }
  }
  return sharp(px, { raw: { width, height, channels: 3 } }).jpeg({ quality: 92 }).toBuffer();
}

/**
 * A scanned text page in grey: real type (DejaVu Sans 11 pt, set by libvips at the scan's resolution), slightly
 * blurred and laid on off-white paper with grain, saved as a scanner does (JPEG quality 85).
 */
export async function syntheticScan(width: number, height: number, seed: number): Promise<Buffer> {
  const rand = prng(seed);
  const coverage = await typeset(width, height, rand);
  const px = Buffer.alloc(width * height);
  for (let i = 0; i < px.length; i++) {
    const paper = 228 + rand() * 14;
    px[i] = paper - coverage(i) * (paper - 30);
  }
  return sharp(px, { raw: { width, height, channels: 1 } }).blur(0.6).toColourspace("b-w").jpeg({ quality: 85 }).toBuffer();
}

/**
 * A text page scanned in black and white (as office scanners and fax machines do): the same type, thresholded, with
 * a little dust. Raw 8-bit grey pixels, each 0 or 255.
 */
export async function syntheticBilevelScan(width: number, height: number, seed: number): Promise<Buffer> {
  const rand = prng(seed);
  const coverage = await typeset(width, height, rand);
  const px = Buffer.alloc(width * height);
  for (let i = 0; i < px.length; i++) px[i] = coverage(i) > 0.5 || rand() < 0.0005 ? 0 : 255;
  return px;
}

/** 46 lines of DejaVu Sans 11 pt set at the page's resolution: each pixel's ink coverage, 0 to 1, by index. */
async function typeset(width: number, height: number, rand: () => number): Promise<(index: number) => number> {
  const dpi = Math.round(width / 8.27);
  const lines = Array.from({ length: 46 }, () =>
    Array.from({ length: 13 }, () => WORDS[Math.floor(rand() * WORDS.length)]).join(" "),
  ).join("\n");
  const { data: ink, info } = await sharp({ text: { text: lines, font: "DejaVu Sans 11", dpi, width: Math.round(width * 0.8) } })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const left = Math.round(width * 0.1);
  const top = Math.round(height * 0.08);
  return (index) => {
    const ty = Math.floor(index / width) - top;
    const tx = (index % width) - left;
    // libvips draws white type on black: the value is the ink's coverage.
    return ty >= 0 && ty < info.height && tx >= 0 && tx < info.width ? ink[ty * info.width + tx]! / 255 : 0;
  };
}

const WORDS = "the quick brown fox jumps over lazy dog pack my box with five dozen liquor jugs sphinx of black quartz judge vow".split(" ");

const A4: [number, number] = [595, 842];

/** Pages that each show one image across the page width, as a photo album or a scan does. */
export async function makeImagePdf(images: readonly Buffer[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (const bytes of images) {
    const image = await doc.embedJpg(bytes);
    const page = doc.addPage(A4);
    const scale = Math.min(A4[0] / image.width, A4[1] / image.height);
    page.drawImage(image, { x: 0, y: A4[1] - image.height * scale, width: image.width * scale, height: image.height * scale });
  }
  return doc.save();
}

/**
 * A long text document set in DejaVu Sans embedded whole (as some producers do), with a link on the first page:
 * what compression must keep selectable and clickable.
 */
export async function makeTextPdf(pages: number, seed = 7): Promise<Uint8Array> {
  const rand = prng(seed);
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(await fs.readFile("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"), { subset: false });
  for (let p = 1; p <= pages; p++) {
    const page = doc.addPage(A4);
    page.drawText(`Chapter ${p}`, { x: 60, y: 780, size: 20, font, color: rgb(0, 0, 0) });
    for (let y = 740; y > 60; y -= 14) {
      const text = Array.from({ length: 12 }, () => WORDS[Math.floor(rand() * WORDS.length)]).join(" ");
      page.drawText(text, { x: 60, y, size: 10, font });
    }
  }
  const first = doc.getPage(0);
  const link = doc.context.obj({
    Type: "Annot",
    Subtype: "Link",
    Rect: [60, 775, 200, 800],
    Border: [0, 0, 0],
    A: { Type: "Action", S: "URI", URI: PDFString.of("https://example.org/") },
  });
  first.node.set(PDFName.of("Annots"), doc.context.obj([doc.context.register(link)]));
  return doc.save();
}
