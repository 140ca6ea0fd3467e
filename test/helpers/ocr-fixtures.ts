import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import * as fontkit from "fontkit";
import sharp from "sharp";
import { PDFDocument, rgb } from "@cantoo/pdf-lib";
import { tempDir } from "./pdf-tools.js";

/**
 * Scans made on the spot: known text set in real fonts with pdf-lib, rasterised by poppler's pdftoppm, and
 * wrapped again as image-only PDFs (or left as images). What OCR reads back can then be compared with the text.
 */

const exec = promisify(execFile);

export const FONTS = {
  dejavuSans: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
  dejavuSerif: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
  liberationSerif: "/usr/share/fonts/truetype/liberation2/LiberationSerif-Regular.ttf",
  liberationSans: "/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf",
} as const;

export interface TextBlock {
  text: string;
  font: keyof typeof FONTS;
  size: number;
}

/** Three English paragraphs in three fonts: the page the OCR tests read back, character by character. */
export const ENGLISH: TextBlock[] = [
  { font: "dejavuSans", size: 13, text: "The quick brown fox jumps over the lazy dog while the careful reader checks every character of this sentence." },
  { font: "liberationSerif", size: 14, text: "Invoices must be paid within thirty days. Please quote the reference number 40871 on every payment you make." },
  { font: "dejavuSerif", size: 12, text: "Scanned documents become searchable once their words are recognised and laid over the page as invisible text." },
];
export const expectedEnglish = ENGLISH.map((b) => b.text).join(" ");

/** Pages of text blocks, each block wrapped to the page width. */
export async function textPdf(pages: readonly TextBlock[][]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const fonts = new Map<string, Awaited<ReturnType<PDFDocument["embedFont"]>>>();
  for (const blocks of pages) {
    const page = doc.addPage([595, 842]);
    let y = 770;
    for (const block of blocks) {
      let font = fonts.get(block.font);
      if (!font) {
        font = await doc.embedFont(await fs.readFile(FONTS[block.font]), { subset: true });
        fonts.set(block.font, font);
      }
      for (const line of wrap(block.text, (t) => font.widthOfTextAtSize(t, block.size), 450)) {
        page.drawText(line, { x: 72, y, size: block.size, font, color: rgb(0, 0, 0) });
        y -= block.size * 1.5;
      }
      y -= block.size;
    }
  }
  return doc.save();
}

function wrap(text: string, width: (t: string) => number, max: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && width(next) > max) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** Renders each page to a grey PNG at `dpi` with pdftoppm; returns the files in page order. */
export async function rasterise(pdf: Uint8Array, dpi: number): Promise<string[]> {
  const dir = await tempDir();
  const source = path.join(dir, "source.pdf");
  await fs.writeFile(source, pdf);
  await exec("pdftoppm", ["-r", String(dpi), "-gray", "-png", source, path.join(dir, "page")]);
  const names = (await fs.readdir(dir)).filter((n) => n.startsWith("page") && n.endsWith(".png")).sort();
  return names.map((n) => path.join(dir, n));
}

/** An image-only PDF: each PNG becomes one page at the size it has at `dpi`, with no text at all. */
export async function imageOnlyPdf(pngs: readonly string[], dpi: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (const file of pngs) {
    const image = await doc.embedPng(await fs.readFile(file));
    const width = (image.width * 72) / dpi;
    const height = (image.height * 72) / dpi;
    doc.addPage([width, height]).drawImage(image, { x: 0, y: 0, width, height });
  }
  return doc.save();
}

/** A scan of the given pages as an image-only PDF, made at `dpi`. */
export async function scannedPdf(pages: readonly TextBlock[][], dpi = 300): Promise<Uint8Array> {
  return imageOnlyPdf(await rasterise(await textPdf(pages), dpi), dpi);
}

/** A crooked scan: each page image turned clockwise by `degrees` (on a white ground), as a sheet fed askew. */
export async function crookedScanPdf(pages: readonly TextBlock[][], dpi: number, degrees: number): Promise<Uint8Array> {
  const turned = await Promise.all(
    (await rasterise(await textPdf(pages), dpi)).map(async (png) => {
      const out = png.replace(/\.png$/, "-turned.png");
      await sharp(png).rotate(degrees, { background: "#ffffff" }).png().toFile(out);
      return out;
    }),
  );
  return imageOnlyPdf(turned, dpi);
}

/** White space folded to single spaces, so that line breaks and spacing do not count as errors. */
export function normaliseText(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** 1 minus the edit distance over the expected length: the share of characters read right. */
export function characterAccuracy(expected: string, actual: string): number {
  const a = normaliseText(expected);
  const b = normaliseText(actual);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return 1 - previous[b.length]! / Math.max(1, a.length);
}

/**
 * The angle (degrees, counter-clockwise positive) of the text lines in a grey bitmap, by projection profiles: the
 * shear at which dark pixels gather into the fewest, fullest rows is the one that undoes the skew.
 */
export function textSkewDegrees(image: { width: number; height: number; pixels: Buffer }): number {
  const dark: Array<[number, number]> = [];
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) if (image.pixels[y * image.width + x]! < 128) dark.push([x, y]);
  }
  let best = { angle: 0, score: -1 };
  for (let tenth = -60; tenth <= 60; tenth++) {
    const angle = tenth / 10;
    const slope = Math.tan((angle * Math.PI) / 180);
    const rows = new Map<number, number>();
    for (const [x, y] of dark) {
      const row = Math.round(y + x * slope);
      rows.set(row, (rows.get(row) ?? 0) + 1);
    }
    let score = 0;
    for (const count of rows.values()) score += count * count;
    if (score > best.score) best = { angle, score };
  }
  return best.angle;
}

/** A scan of a table: each row's cells set at fixed columns, far enough apart to read as separate cells. */
export async function tableScanPdf(rows: readonly string[][], dpi: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(await fs.readFile(FONTS.liberationSans), { subset: true });
  const page = doc.addPage([595, 842]);
  rows.forEach((cells, r) => {
    cells.forEach((cell, c) => page.drawText(cell, { x: 72 + c * 170, y: 760 - r * 30, size: 14, font, color: rgb(0, 0, 0) }));
  });
  return imageOnlyPdf(await rasterise(await doc.save(), dpi), dpi);
}

/**
 * An office file as LibreOffice opens it and saves it again with the given filter ("txt:Text (encoded):UTF8",
 * "docx", ...), in a profile of its own: the saved file's bytes.
 */
export async function officeResave(file: string, kind: "docx" | "xlsx" | "rtf", filter: string): Promise<Buffer> {
  const dir = await tempDir();
  const input = path.join(dir, `input.${kind}`);
  await fs.copyFile(file, input);
  const outDir = path.join(dir, "out");
  await exec("soffice", [`-env:UserInstallation=file://${dir}/profile`, "--headless", "--convert-to", filter, "--outdir", outDir, input], { timeout: 120_000 });
  const out = (await fs.readdir(outDir).catch(() => [] as string[]))[0];
  const data = out ? await fs.readFile(path.join(outDir, out)) : Buffer.alloc(0);
  await fs.rm(dir, { recursive: true, force: true });
  if (!out) throw new Error(`LibreOffice saved nothing from ${kind} as ${filter}`);
  return data;
}

/** Text of an office file as LibreOffice reads it (Writer to plain text, Calc to CSV), in a profile of its own. */
export async function officeText(file: string, kind: "docx" | "xlsx" | "rtf"): Promise<string> {
  const filter = kind === "xlsx" ? "csv:Text - txt - csv (StarCalc):44,34,76" : "txt:Text (encoded):UTF8";
  return (await officeResave(file, kind, filter)).toString("utf8");
}

/**
 * A dirty scan: the page's picture sprinkled with dust (4,000 specks of 2 by 2 pixels, from a fixed seed) and a
 * black band down the left edge where the scanner lid did not close.
 */
export async function speckledScanPdf(pages: readonly TextBlock[][], dpi: number): Promise<Uint8Array> {
  const dirty = await Promise.all(
    (await rasterise(await textPdf(pages), dpi)).map(async (png) => {
      const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
      let seed = 12345;
      const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
      for (let i = 0; i < 4000; i++) {
        const x = Math.floor(rand() * (info.width - 3));
        const y = Math.floor(rand() * (info.height - 3));
        for (let d = 0; d < 4; d++) data[(y + (d >> 1)) * info.width + x + (d & 1)] = 0;
      }
      for (let y = 0; y < info.height; y++) data.fill(0, y * info.width, y * info.width + 40);
      const out = png.replace(/\.png$/, "-dirty.png");
      await sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } }).png().toFile(out);
      return out;
    }),
  );
  return imageOnlyPdf(dirty, dpi);
}

/**
 * A one-page scan of `text` set by Pango (through sharp) in a font family that fontconfig finds, such as "Garuda"
 * or "Lohit Devanagari": Pango shapes the scripts that need it (Thai, Devanagari, Hebrew from right to left),
 * which pdf-lib does not. The text is wrapped to a 6.5-inch column with an inch of white around it.
 */
export async function shapedScanPdf(text: string, font: string, points: number, dpi = 300): Promise<Uint8Array> {
  const dir = await tempDir();
  const escaped = text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  // Pango draws white text on black; negated, it is black ink on white paper.
  const ink = await sharp({ text: { text: escaped, font: `${font} ${points}`, dpi, width: Math.round(6.5 * dpi), wrap: "word" } })
    .png()
    .toBuffer();
  const paper = await sharp(ink).negate({ alpha: false }).greyscale().png().toBuffer();
  const page = path.join(dir, "page.png");
  // A separate step: sharp applies extend before negate within one pipeline, which would make the margin black.
  await sharp(paper).extend({ top: dpi, bottom: dpi, left: dpi, right: dpi, background: "#ffffff" }).png().toFile(page);
  return imageOnlyPdf([page], dpi);
}
