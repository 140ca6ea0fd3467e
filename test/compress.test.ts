import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import { promisify } from "node:util";
import { deflateSync } from "node:zlib";
import path from "node:path";
import * as fontkit from "fontkit";
import { PDFDocument, PDFName, concatTransformationMatrix, drawObject, popGraphicsState, pushGraphicsState } from "@cantoo/pdf-lib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENCRYPTED_PDF, corpus } from "./helpers/corpus.js";
import { listImages, makeNumberedPdf, pageCountOf, pageTexts, qpdfCheck, renderGray, tempDir, writeTemp } from "./helpers/pdf-tools.js";
import { postTool, runTool, startServer, type TestServer } from "./helpers/server.js";
import { rawPdf } from "./helpers/raw-pdf.js";
import { pdfSsim } from "./helpers/ssim.js";
import { makeImagePdf, makeTextPdf, syntheticPhoto, syntheticScan } from "./helpers/synthetic-pdfs.js";

const exec = promisify(execFile);

async function sizeOf(file: string): Promise<number> {
  return (await fs.stat(file)).size;
}

/** The font program streams (FontFile, FontFile2, FontFile3) the file's font descriptors point at, each once. */
async function fontPrograms(file: string): Promise<Map<string, number>> {
  const { stdout } = await exec("qpdf", ["--json=2", "--json-key=qpdf", file], { maxBuffer: 1 << 28 });
  const objects = (JSON.parse(stdout) as { qpdf: [unknown, Record<string, { value?: Record<string, unknown>; stream?: { dict: Record<string, unknown> } }>] }).qpdf[1];
  const programs = new Map<string, number>();
  for (const object of Object.values(objects)) {
    const dict = object.value;
    if (!dict || dict["/Type"] !== "/FontDescriptor") continue;
    for (const key of ["/FontFile", "/FontFile2", "/FontFile3"]) {
      const ref = dict[key];
      if (typeof ref === "string") programs.set(ref, Number(objects[`obj:${ref}`]?.stream?.dict["/Length"]));
    }
  }
  return programs;
}

let server: TestServer;
let photos: string;
beforeAll(async () => {
  server = await startServer();
  // Two photos of 1600 × 1067 across an A4 page: about 194 dpi as placed.
  photos = await writeTemp("photos.pdf", await makeImagePdf(await Promise.all([1, 2].map((seed) => syntheticPhoto(1600, 1067, seed)))));
});
afterAll(async () => server.close());

describe("compress-pdf", () => {
  it("at the low level makes photos smaller with no visible damage", async () => {
    const { path: out, reply } = await runTool(server, "compress-pdf", [photos], { compressionLevel: "low" });
    expect(await sizeOf(out)).toBeLessThan((await sizeOf(photos)) * 0.5);
    await qpdfCheck(out);
    expect(await pageCountOf(out)).toBe(2);
    for (const image of await listImages(out)) {
      expect(image.encoding).toBe("jpeg");
      expect(image.xPpi).toBeLessThanOrEqual(151);
    }
    expect(await pdfSsim(photos, out, 2, 100)).toBeGreaterThan(0.97);
    // No pixel moves far: the mean absolute difference of the 100-dpi renders stays within a few grey levels.
    const [a, b] = await Promise.all([renderGray(photos, 1, 100), renderGray(out, 1, 100)]);
    let diff = 0;
    for (let i = 0; i < a.pixels.length; i++) diff += Math.abs(a.pixels[i]! - b.pixels[i]!);
    expect(diff / a.pixels.length).toBeLessThan(3);
    expect(reply.message).toMatch(/^Compressed from \d+(\.\d)? KB to \d+(\.\d)? KB \(\d+% smaller\) at the low level\./);
  });

  it("resamples further at the recommended and extreme levels, each smaller than the last", async () => {
    const sizes: number[] = [];
    for (const [level, maxPpi] of [["low", 151], ["recommended", 121], ["extreme", 73]] as const) {
      const { path: out } = await runTool(server, "compress-pdf", [photos], { compressionLevel: level });
      sizes.push(await sizeOf(out));
      for (const image of await listImages(out)) expect(image.xPpi).toBeLessThanOrEqual(maxPpi);
      if (level === "recommended") expect(await pdfSsim(photos, out, 2, 100)).toBeGreaterThan(0.95);
    }
    expect(sizes[1]).toBeLessThan(sizes[0]!);
    expect(sizes[2]).toBeLessThan(sizes[1]!);
  });

  it("keeps grey scans at 150 dpi and stores colour-saved grey scans as grey", async () => {
    // A 300-dpi grey half page, saved once as grey and once as an RGB JPEG of the same grey pixels.
    const grey = await syntheticScan(2480, 1754, 3);
    const rgb = await sharp(grey).toColourspace("srgb").jpeg({ quality: 85 }).toBuffer();
    const input = await writeTemp("scans.pdf", await makeImagePdf([grey, rgb]));
    expect((await listImages(input)).map((i) => i.color)).toEqual(["gray", "rgb"]);
    const { path: out } = await runTool(server, "compress-pdf", [input]);
    const images = await listImages(out);
    expect(images.map((i) => i.color)).toEqual(["gray", "gray"]);
    for (const image of images) expect(Math.abs(image.xPpi - 150)).toBeLessThanOrEqual(1);
    expect(await pdfSsim(input, out, 2, 100)).toBeGreaterThan(0.95);
  });

  it("keeps text selectable and links working, and subsets whole embedded fonts", async () => {
    const input = await writeTemp("text.pdf", await makeTextPdf(3));
    const { path: out } = await runTool(server, "compress-pdf", [input], { compressionLevel: "extreme" });
    expect(await sizeOf(out)).toBeLessThan((await sizeOf(input)) / 2);
    expect(await pageTexts(out)).toEqual(await pageTexts(input));
    const { stdout: fonts } = await exec("pdffonts", [out]);
    expect(fonts).toMatch(/^[A-Z]{6}\+DejaVuSans\S*\s.*\byes\s+yes\s+yes\b/m);
    const { stdout: objects } = await exec("qpdf", ["--json=2", "--json-key=qpdf", out]);
    expect(objects).toMatch(/"\/Subtype": "\/Link"/);
    expect(objects).toContain("https://example.org/");
  });

  it("keeps only the widths and Unicode values of the glyphs a subset font still draws", async () => {
    const input = await writeTemp("whole-font.pdf", await makeTextPdf(2));
    const { path: out } = await runTool(server, "compress-pdf", [input], { compressionLevel: "recommended" });
    await qpdfCheck(out);
    const { stdout } = await exec("qpdf", ["--json=2", "--json-key=qpdf", out], { maxBuffer: 1 << 28 });
    const objects = (JSON.parse(stdout) as { qpdf: [unknown, Record<string, { value?: Record<string, unknown> }>] }).qpdf[1];
    const values = Object.values(objects).map((o) => o.value);
    const cidFont = values.find((v) => v?.["/Subtype"] === "/CIDFontType2")!;
    const type0 = values.find((v) => v?.["/Subtype"] === "/Type0")!;
    // The whole DejaVu Sans has widths for about 6,000 glyphs; the page draws about 40 of them.
    expect(JSON.stringify(cidFont["/W"]).split(",").length).toBeLessThan(200);
    const cmapRef = String(type0["/ToUnicode"]).split(" ")[0]!;
    const { stdout: cmap } = await exec("qpdf", [`--show-object=${cmapRef}`, "--filtered-stream-data", out]);
    expect((cmap.match(/^<[0-9A-F]{4}> </gm) ?? []).length).toBeLessThan(200);
    expect(await pageTexts(out)).toEqual(await pageTexts(input));
    expect(await pdfSsim(input, out, 2, 100)).toBeGreaterThan(0.999);
  });

  it("stores a font that merged files each brought once, subset to the characters of both", async () => {
    // Two files that each embed DejaVu Sans whole, one in Latin text, the other in digits, umlauts and Greek.
    const other = await PDFDocument.create();
    other.registerFontkit(fontkit);
    const font = await other.embedFont(await fs.readFile("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"), { subset: false });
    other.addPage([595, 842]).drawText("0123456789 ÄÖÜ ΑΒΓΔ", { x: 60, y: 700, size: 20, font });
    const [text, symbols] = await Promise.all([writeTemp("latin.pdf", await makeTextPdf(2)), writeTemp("symbols.pdf", await other.save())]);
    const input = path.join(await tempDir(), "merged.pdf");
    await exec("qpdf", ["--empty", "--pages", text, symbols, "--", input]);
    expect((await fontPrograms(input)).size).toBe(2);
    const { path: out, reply } = await runTool(server, "compress-pdf", [input], { compressionLevel: "recommended" });
    await qpdfCheck(out);
    expect(reply.message).toContain("1 duplicate copy of embedded fonts dropped: each font is stored once.");
    const programs = await fontPrograms(out);
    expect(programs.size).toBe(1);
    // The one copy left is subset: far below the whole font's 740 KB.
    expect([...programs.values()][0]).toBeLessThan(40_000);
    expect(await pageTexts(out)).toEqual(await pageTexts(input));
    expect(await pdfSsim(input, out, 3, 100)).toBeGreaterThan(0.99);
    expect(await sizeOf(out)).toBeLessThan((await sizeOf(input)) / 5);
  });

  it("gives back the original, saying so, when compressing would not make it smaller", async () => {
    const once = await runTool(server, "compress-pdf", [corpus("pdflatex-image.pdf")]);
    expect(once.reply.message).toMatch(/Re-encoded as JPEG: 1 JPEG image\./);
    const twice = await runTool(server, "compress-pdf", [{ name: "again.pdf", data: await fs.readFile(once.path) }]);
    expect(Buffer.compare(await fs.readFile(twice.path), await fs.readFile(once.path))).toBe(0);
    expect(twice.reply.message).toMatch(/already compact .* your original comes back unchanged/);
  });

  it("leaves every page of real-world files looking the same at the low level", async () => {
    for (const name of ["GeoTopo-komprimiert.pdf", "google-doc-document.pdf", "pdflatex-image.pdf", "libreoffice-form.pdf", "grayscale-image.pdf"]) {
      const { path: out } = await runTool(server, "compress-pdf", [corpus(name)], { compressionLevel: "low" });
      const pages = Math.min(await pageCountOf(out), 3);
      expect(await pageCountOf(out), name).toBe(await pageCountOf(corpus(name)));
      expect(await pdfSsim(corpus(name), out, pages, 72), name).toBeGreaterThan(0.95);
      expect(await sizeOf(out), name).toBeLessThanOrEqual(await sizeOf(corpus(name)));
    }
  });

  it("leaves a decompression bomb alone instead of decoding it", async () => {
    // An image that claims 60000 × 60000 grey pixels (3.6 GB decoded) in a stream of a few kilobytes.
    const doc = await PDFDocument.load(await makeNumberedPdf(1));
    const bomb = doc.context.register(
      doc.context.stream(deflateSync(Buffer.alloc(4_000_000)), {
        Type: "XObject",
        Subtype: "Image",
        Width: 60000,
        Height: 60000,
        ColorSpace: "DeviceGray",
        BitsPerComponent: 8,
        Filter: "FlateDecode",
      }),
    );
    const page = doc.getPage(0);
    page.node.setXObject(PDFName.of("Bomb"), bomb);
    page.pushOperators(pushGraphicsState(), concatTransformationMatrix(50, 0, 0, 50, 10, 10), drawObject("Bomb"), popGraphicsState());
    const input = await writeTemp("bomb.pdf", await doc.save());
    const started = Date.now();
    const reply = await postTool(server, "compress-pdf", [input]);
    expect(reply.status).toBe(200);
    expect(reply.body.message).toMatch(/No image needed re-encoding/);
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it("packs the upload itself where MuPDF's rewrite loses a page it cannot load", async () => {
    // A value nested past the parsers' depth: MuPDF writes the page as null, which fails qpdf --check; qpdf keeps a
    // page there.
    const nested = rawPdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Nested ${"[".repeat(100_000)}${"]".repeat(100_000)} >>`,
    ]);
    const { path: out } = await runTool(server, "compress-pdf", [{ name: "nested.pdf", data: nested }]);
    await qpdfCheck(out);
    expect(await pageCountOf(out)).toBe(1);
  });

  it("refuses encrypted and unreadable files with a sentence", async () => {
    const encrypted = await postTool(server, "compress-pdf", [corpus(ENCRYPTED_PDF)]);
    expect(encrypted.status).toBe(422);
    expect(encrypted.body.error).toMatch(/password-protected/);
    const junk = await postTool(server, "compress-pdf", [{ name: "junk.pdf", data: "%PDF-1.7\n" + "rubbish ".repeat(100) }]);
    expect(junk.status).toBe(422);
    expect(junk.body.error).toMatch(/could not be read/);
  });
});
