import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PDFDocument, StandardFonts, rgb } from "@cantoo/pdf-lib";
import { testFolder } from "./test-folders.js";

/**
 * Independent checks of what the server produced: poppler's pdfinfo and pdftotext, qpdf --check, and pdftoppm
 * renders. None of them shares code with the server's engines' adapters.
 */

const exec = promisify(execFile);

export async function pdfinfo(file: string, args: readonly string[] = []): Promise<Record<string, string>> {
  const { stdout } = await exec("pdfinfo", [...args, file]);
  return Object.fromEntries(
    stdout
      .split("\n")
      .filter((l) => l.includes(":"))
      .map((l) => [l.slice(0, l.indexOf(":")).trim(), l.slice(l.indexOf(":") + 1).trim()]),
  );
}

export async function pageCountOf(file: string): Promise<number> {
  return Number((await pdfinfo(file)).Pages);
}

/** Each page's /Rotate as pdfinfo reports it. */
export async function rotationsOf(file: string): Promise<number[]> {
  const { stdout } = await exec("pdfinfo", ["-f", "1", "-l", "100000", file]);
  return [...stdout.matchAll(/^Page\s+\d+ rot:\s+(\d+)/gm)].map((m) => Number(m[1]));
}

export async function pdftotext(file: string, args: string[] = []): Promise<string> {
  const { stdout } = await exec("pdftotext", ["-enc", "UTF-8", ...args, file, "-"], { maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

/** Text of each page (one-based order). */
export async function pageTexts(file: string): Promise<string[]> {
  return (await pdftotext(file)).split("\f").slice(0, -1);
}

/** Throws unless qpdf finds the file structurally sound. */
export async function qpdfCheck(file: string): Promise<void> {
  try {
    await exec("qpdf", ["--check", file]);
  } catch (err) {
    const e = err as { code?: number; stdout?: string };
    // Exit 3: warnings only; the file is readable.
    if (e.code !== 3) throw new Error(`qpdf --check failed for ${file}: ${e.stdout?.slice(-500)}`, { cause: err });
  }
}

/** Renders one page to a grey-scale bitmap: width, height and one byte a pixel. */
export async function renderGray(file: string, page: number, dpi = 50): Promise<{ width: number; height: number; pixels: Buffer }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "render-"));
  const base = path.join(dir, "p");
  await exec("pdftoppm", ["-f", String(page), "-l", String(page), "-r", String(dpi), "-gray", "-singlefile", file, base]);
  const data = await fs.readFile(`${base}.pgm`);
  await fs.rm(dir, { recursive: true, force: true });
  // Binary PGM: "P5\n<w> <h>\n<max>\n" then the pixels.
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(data.subarray(0, 50).toString("latin1"))!;
  return { width: Number(header[1]), height: Number(header[2]), pixels: data.subarray(header[0].length) };
}

export async function tempDir(): Promise<string> {
  return testFolder("fixture-");
}

/** A PDF whose pages say "Page N of TOTAL" in large type, so page order can be read back with pdftotext. */
export async function makeNumberedPdf(pages: number, size: [number, number] = [595, 842]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    const page = doc.addPage(size);
    page.drawText(`Sample page ${i} of ${pages}`, { x: 72, y: size[1] / 2, size: 24, font, color: rgb(0, 0, 0) });
  }
  return doc.save();
}

export async function writeTemp(name: string, data: Uint8Array | string): Promise<string> {
  const file = path.join(await tempDir(), name);
  await fs.writeFile(file, data);
  return file;
}

export interface WordBox {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Words of one page with their boxes (points, origin top left), from pdftotext -bbox. */
export async function wordBoxes(file: string, page: number): Promise<{ width: number; height: number; words: WordBox[] }> {
  const { stdout } = await exec("pdftotext", ["-bbox", "-f", String(page), "-l", String(page), file, "-"]);
  const pageMatch = /<page width="([\d.]+)" height="([\d.]+)">/.exec(stdout)!;
  const words = [...stdout.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map(
    (m) => ({ xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), yMax: Number(m[4]), text: m[5]! }),
  );
  return { width: Number(pageMatch[1]), height: Number(pageMatch[2]), words };
}

/** Outline titles and their one-based target pages, as qpdf reads them (independent of MuPDF). */
export async function outlineTitles(file: string): Promise<string[]> {
  const { stdout } = await exec("qpdf", ["--json", "--json-key=outlines", file], { maxBuffer: 64 * 1024 * 1024 });
  const walk = (items: Array<{ title: string; kids: unknown[] }>): string[] =>
    items.flatMap((i) => [i.title, ...walk(i.kids as Array<{ title: string; kids: unknown[] }>)]);
  return walk((JSON.parse(stdout) as { outlines: Array<{ title: string; kids: unknown[] }> }).outlines);
}

/** Names of the form fields, as qpdf reads them. */
export async function formFieldNames(file: string): Promise<string[]> {
  const { stdout } = await exec("qpdf", ["--json", "--json-key=acroform", file], { maxBuffer: 64 * 1024 * 1024 });
  const form = (JSON.parse(stdout) as { acroform: { fields: Array<{ fullname: string }> } }).acroform;
  return form.fields.map((f) => f.fullname);
}

/** How many link annotations a file has, read from qpdf's uncompressed rewrite of it. */
export async function linkCount(file: string): Promise<number> {
  const { stdout } = await exec("qpdf", ["--qdf", "--object-streams=disable", file, "-"], { maxBuffer: 256 * 1024 * 1024, encoding: "latin1" });
  return (stdout.match(/\/Subtype \/Link\b/g) ?? []).length;
}

/** Each page's box as pdfinfo -box reports it ([x0, y0, x1, y1] in points), one-based page order. */
export async function pageBoxesOf(file: string, box: "MediaBox" | "CropBox" | "TrimBox" = "CropBox"): Promise<number[][]> {
  const { stdout } = await exec("pdfinfo", ["-box", "-f", "1", "-l", "100000", file]);
  return stdout
    .split("\n")
    .filter((l) => l.startsWith("Page") && l.includes(` ${box}:`))
    .map((l) => l.slice(l.indexOf(":") + 1).trim().split(/\s+/).map(Number));
}

/** One placed image as poppler's pdfimages -list reports it. */
export interface ListedImage {
  width: number;
  height: number;
  color: string;
  encoding: string;
  xPpi: number;
}

/** poppler's pdfimages -list: each placed image's size, colour, encoding and resolution on the page. */
export async function listImages(file: string): Promise<ListedImage[]> {
  const { stdout } = await exec("pdfimages", ["-list", file]);
  return stdout
    .split("\n")
    .slice(2)
    .filter((l) => l.trim())
    .map((l) => l.trim().split(/\s+/))
    .map((c) => ({ width: Number(c[3]), height: Number(c[4]), color: c[5]!, encoding: c[8]!, xPpi: Number(c[12]) }));
}
