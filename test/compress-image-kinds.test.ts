import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cmykJpegImage,
  eightBitGreyImage,
  ghostscriptG3Image,
  imagesPdf,
  inlineImagesPdf,
  jpxImage,
  oneBitImage,
  paletteImage,
  sixteenBitImage,
  softMaskedImage,
  type ImageObject,
} from "./helpers/image-kinds.js";
import { releaseMupdfChildren } from "../server/engines/mupdf/pool.js";
import { compressPdf } from "../server/tools/compress-pdf.js";
import { qpdfCheck, renderGray, tempDir, writeTemp } from "./helpers/pdf-tools.js";
import { runTool, startServer, type TestServer } from "./helpers/server.js";
import { pdfSsim } from "./helpers/ssim.js";
import { makeImagePdf, syntheticBilevelScan, syntheticPhoto, syntheticScan } from "./helpers/synthetic-pdfs.js";

/**
 * Compress re-encodes images however they were stored (JPEG 2000, 16 bits, CMYK, soft-masked, palette), smaller
 * than the input and than Ghostscript's /ebook where Ghostscript re-encodes them too, and looking the same.
 */

const exec = promisify(execFile);

async function sizeOf(file: string): Promise<number> {
  return (await fs.stat(file)).size;
}

/** Ghostscript's own "ebook" compression of the file, the yardstick. */
async function ghostscriptEbook(input: string): Promise<string> {
  const dir = await tempDir();
  const out = path.join(dir, "ebook.pdf");
  await exec("gs", ["-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=pdfwrite", "-dPDFSETTINGS=/ebook", `-sOutputFile=${out}`, input], { cwd: dir });
  return out;
}

async function pdfImageList(file: string): Promise<string[][]> {
  const { stdout } = await exec("pdfimages", ["-list", file]);
  return stdout.split("\n").slice(2).filter((l) => l.trim()).map((l) => l.trim().split(/\s+/));
}

let server: TestServer;
let photo: Buffer;
/** The photo stored plainly (8-bit RGB, Flate): what the CMYK page is compared with, see below. */
let plainRgb: string;
beforeAll(async () => {
  server = await startServer();
  photo = await syntheticPhoto(1600, 1067, 3);
  plainRgb = await writeTemp("plain-rgb.pdf", imagesPdf([await sixteenBitImage(photo)]));
}, 60_000);
afterAll(async () => server.close());

describe("compress-pdf image kinds", () => {
  it("re-encodes two JPEG 2000 photos as JPEG, below Ghostscript /ebook's size and looking the same", async () => {
    const photos = await Promise.all([3, 4].map((seed) => syntheticPhoto(1600, 1067, seed)));
    const input = await writeTemp("jpx-photos.pdf", imagesPdf(await Promise.all(photos.map((p) => jpxImage(p, 8)))));
    const { path: out, reply } = await runTool(server, "compress-pdf", [input], { compressionLevel: "recommended" });
    await qpdfCheck(out);
    expect(reply.message).toContain("Re-encoded as JPEG: 2 JPEG 2000 images");
    expect((await pdfImageList(out)).map((c) => c[8])).toEqual(["jpeg", "jpeg"]);
    const gs = await ghostscriptEbook(input);
    expect(await sizeOf(out)).toBeLessThan(await sizeOf(gs));
    expect(await sizeOf(out)).toBeLessThan((await sizeOf(input)) * 0.2);
    expect(await pdfSsim(input, out, 2, 100)).toBeGreaterThan(0.95);
  }, 120_000);

  it.each<[string, () => Promise<ImageObject>, string]>([
    ["16-bit", () => sixteenBitImage(photo), "1 16-bit image"],
    ["soft-masked", () => softMaskedImage(photo), "1 losslessly stored image"],
    ["palette", () => paletteImage(photo), "1 palette image"],
  ])("re-encodes a %s image smaller and looking the same", async (kind, make, said) => {
    const input = await writeTemp(`${kind}.pdf`, imagesPdf([await make()]));
    const { path: out, reply } = await runTool(server, "compress-pdf", [input], { compressionLevel: "recommended" });
    await qpdfCheck(out);
    expect(reply.message).toContain(`Re-encoded as JPEG: ${said}`);
    expect(await sizeOf(out)).toBeLessThan((await sizeOf(input)) * 0.5);
    expect(await pdfSsim(input, out, 1, 100)).toBeGreaterThan(0.95);
    // Ghostscript keeps palettes as they are; the others it re-encodes too, and ends larger.
    if (kind !== "palette") expect(await sizeOf(out)).toBeLessThan(await sizeOf(await ghostscriptEbook(input)));
  }, 120_000);

  it("resamples the soft mask with its image: the transparent corners stay white", async () => {
    const input = await writeTemp("masked.pdf", imagesPdf([await softMaskedImage(photo)]));
    const { path: out, reply } = await runTool(server, "compress-pdf", [input], { compressionLevel: "recommended" });
    await qpdfCheck(out);
    expect(reply.message).toContain("The soft mask of 1 image was resampled with it and stored losslessly.");
    const listed = await pdfImageList(out);
    expect(listed.map((c) => c[2])).toEqual(["image", "smask"]);
    // The mask has the new image's size (1600 pixels at 120 dpi across 595 points: 992), and no JPEG's blur.
    expect(listed.map((c) => [c[3], c[4]])).toEqual([["992", "661"], ["992", "661"]]);
    expect(listed[1]![8]).toBe("image");
    const page = await renderGray(out, 1, 20);
    const corner = [0, 1, 2, page.width, page.width + 1].map((i) => page.pixels[i]!);
    expect(Math.min(...corner)).toBeGreaterThan(250);
    // The middle of the photo is opaque: not paper-white.
    const middle = page.pixels[Math.round(page.height * 0.2) * page.width + Math.round(page.width / 2)]!;
    expect(middle).toBeLessThan(250);
  }, 120_000);

  it("converts a CMYK JPEG to an RGB JPEG that looks as the photo does", async () => {
    const input = await writeTemp("cmyk.pdf", imagesPdf([await cmykJpegImage(photo)]));
    const { path: out, reply } = await runTool(server, "compress-pdf", [input], { compressionLevel: "recommended" });
    await qpdfCheck(out);
    expect(reply.message).toContain("Re-encoded as JPEG: 1 CMYK image (now RGB)");
    expect((await pdfImageList(out))[0]![5]).toBe("rgb");
    expect(await sizeOf(out)).toBeLessThan((await sizeOf(input)) * 0.2);
    expect(await sizeOf(out)).toBeLessThan(await sizeOf(await ghostscriptEbook(input)));
    // poppler turns CMYK into RGB by plain arithmetic and MuPDF with colour profiles, so the CMYK page itself renders
    // differently in grey (SSIM about 0.90 for Ghostscript's result too); the RGB result is compared with the
    // photo stored plainly instead.
    expect(await pdfSsim(plainRgb, out, 1, 100)).toBeGreaterThan(0.95);
  }, 120_000);

  it("encodes an image shared by several pages, and an identical copy of it, once", async () => {
    const jpx = await jpxImage(photo, 8);
    const input = await writeTemp("shared.pdf", imagesPdf([jpx, jpx, jpx]));
    const { path: out, reply } = await runTool(server, "compress-pdf", [input], { compressionLevel: "recommended" });
    expect(reply.message).toContain("1 JPEG 2000 image");
    expect(reply.message).toContain("2 further copies of the same images now share one encoding");
    // pdfimages -list names each placed image's object in its 11th column.
    const objects = new Set((await pdfImageList(out)).map((c) => c[10]));
    expect(objects.size).toBe(1);
    expect(await sizeOf(out)).toBeLessThan((await sizeOf(input)) / 3 / 5);
    expect(await sizeOf(out)).toBeLessThan(await sizeOf(await ghostscriptEbook(input)));
    expect(await pdfSsim(input, out, 2, 100)).toBeGreaterThan(0.95);
  }, 120_000);
});

describe("compress-pdf inline images", () => {
  it("moves large inline images into image objects and re-encodes them; small ones stay inline", async () => {
    const photos = await Promise.all([6, 7].map((seed) => syntheticPhoto(1600, 1067, seed)));
    const input = await writeTemp("inline.pdf", await inlineImagesPdf(photos));
    expect((await pdfImageList(input)).map((c) => c[10])).toEqual(["[inline]", "[inline]", "[inline]", "[inline]"]);
    const { path: out, reply } = await runTool(server, "compress-pdf", [input], { compressionLevel: "recommended" });
    await qpdfCheck(out);
    expect(reply.message).toContain("2 large inline images were moved out of the page contents into image objects");
    expect(reply.message).toContain("Re-encoded as JPEG: 2 JPEG images");
    const listed = await pdfImageList(out);
    // Each photo now an object of its own, resampled to 120 dpi; each 16 × 16 icon still inline.
    expect(listed.map((c) => (c[10] === "[inline]" ? `inline ${c[3]}` : `object ${c[8]} ${c[12]}`))).toEqual([
      "object jpeg 120",
      "inline 16",
      "object jpeg 120",
      "inline 16",
    ]);
    expect(await sizeOf(out)).toBeLessThan((await sizeOf(input)) * 0.5);
    expect(await sizeOf(out)).toBeLessThan(await sizeOf(await ghostscriptEbook(input)));
    expect(await pdfSsim(input, out, 2, 100)).toBeGreaterThan(0.95);
  }, 120_000);

  it("has qpdf move inline images only in files whose pages draw some", async () => {
    const photo = await syntheticPhoto(1600, 1067, 9);
    /** The files compress leaves in its work folder for `bytes`, and the size of its result. */
    const compressIn = async (bytes: Uint8Array) => {
      const workDir = await tempDir();
      const upload = path.join(workDir, "in.pdf");
      await fs.writeFile(upload, bytes);
      try {
        const ctx = { workDir, timeoutMs: 60_000, maxPages: 100, progress: () => {} };
        const input = { path: upload, name: "in.pdf", size: bytes.length, kind: "pdf" as const };
        const result = await compressPdf({ files: [input], extra: {}, options: { compressionLevel: "recommended" } }, ctx);
        await qpdfCheck(result.files[0]!.path);
        return { files: await fs.readdir(workDir), bytes: await sizeOf(result.files[0]!.path) };
      } finally {
        releaseMupdfChildren(workDir);
        await fs.rm(workDir, { recursive: true, force: true });
      }
    };
    const objects = await makeImagePdf([photo]);
    const withObjects = await compressIn(objects);
    expect(withObjects.files).not.toContain("inline-images-moved.pdf");
    expect(withObjects.bytes).toBeLessThan(objects.length * 0.5);
    const inline = await inlineImagesPdf([photo]);
    const withInline = await compressIn(inline);
    expect(withInline.files).toContain("inline-images-moved.pdf");
    expect(withInline.bytes).toBeLessThan(inline.length * 0.5);
  }, 120_000);
});

describe("compress-pdf black-and-white scans", () => {
  /** An A4 page scanned in black and white at 300 dpi. */
  const A4_300 = { width: 2480, height: 3508 };
  let scan: Buffer;
  beforeAll(async () => {
    scan = await syntheticBilevelScan(A4_300.width, A4_300.height, 11);
  }, 60_000);

  it("re-encodes 1-bit and two-level grey scans as CCITT G4 pixel for pixel, below Ghostscript /ebook's size", async () => {
    const input = await writeTemp("bilevel.pdf", imagesPdf([oneBitImage(scan, A4_300.width, A4_300.height), eightBitGreyImage(scan, A4_300.width, A4_300.height)]));
    const { path: out, reply } = await runTool(server, "compress-pdf", [input], { compressionLevel: "recommended" });
    await qpdfCheck(out);
    expect(reply.message).toContain("Re-encoded as black-and-white CCITT G4 pixel for pixel: 1 1-bit image and 1 losslessly stored image.");
    const listed = await pdfImageList(out);
    expect(listed.map((c) => [c[5], c[7], c[8]])).toEqual([["gray", "1", "ccitt"], ["gray", "1", "ccitt"]]);
    // Every pixel as it was: poppler decodes the G4 streams back to the scan itself.
    const dir = await tempDir();
    await exec("pdfimages", ["-png", out, path.join(dir, "img")], { cwd: dir });
    for (const name of ["img-000.png", "img-001.png"]) {
      const { data } = await sharp(path.join(dir, name)).greyscale().raw().toBuffer({ resolveWithObject: true });
      expect(Buffer.compare(data, scan), name).toBe(0);
    }
    expect(await sizeOf(out)).toBeLessThan(await sizeOf(await ghostscriptEbook(input)));
    // G4 codes runs against the line above; Flate (even of 1-bit rows) finds less to share.
    expect(await sizeOf(out)).toBeLessThan((await sizeOf(input)) * 0.6);
    expect(await pdfSsim(input, out, 2, 100)).toBeGreaterThan(0.99);
  }, 120_000);

  it("re-encodes a scan stored as a stencil mask as G4, still a stencil painting the same pixels", async () => {
    // Sample 1 (paper) is left unpainted, sample 0 (ink) painted in the fill colour, black by default.
    const stencil = { ...oneBitImage(scan, A4_300.width, A4_300.height), dict: "/ImageMask true /BitsPerComponent 1 /Filter /FlateDecode" };
    const input = await writeTemp("stencil.pdf", imagesPdf([stencil]));
    const { path: out, reply } = await runTool(server, "compress-pdf", [input], { compressionLevel: "recommended" });
    await qpdfCheck(out);
    expect(reply.message).toContain("Re-encoded as black-and-white CCITT G4 pixel for pixel: 1 1-bit stencil mask.");
    expect((await pdfImageList(out)).map((c) => [c[2], c[8]])).toEqual([["stencil", "ccitt"]]);
    expect(await sizeOf(out)).toBeLessThan((await sizeOf(input)) * 0.8);
    const [a, b] = await Promise.all([renderGray(input, 1, 300), renderGray(out, 1, 300)]);
    expect(Buffer.compare(a.pixels, b.pixels)).toBe(0);
  }, 120_000);

  it("re-encodes an older CCITT Group 3 fax image as G4 when that is smaller, pixel for pixel", async () => {
    const g3 = await ghostscriptG3Image(await writeTemp("for-g3.pdf", imagesPdf([oneBitImage(scan, A4_300.width, A4_300.height)])));
    const input = await writeTemp("g3.pdf", imagesPdf([g3]));
    const { path: out, reply } = await runTool(server, "compress-pdf", [input], { compressionLevel: "recommended" });
    await qpdfCheck(out);
    expect(reply.message).toContain("Re-encoded as black-and-white CCITT G4 pixel for pixel: 1 CCITT fax image.");
    expect(reply.message).not.toContain("kept as stored");
    expect(await sizeOf(out)).toBeLessThan((await sizeOf(input)) * 0.6);
    // The same pixels: poppler draws the G3 input and the G4 output alike.
    const [a, b] = await Promise.all([renderGray(input, 1, 300), renderGray(out, 1, 300)]);
    expect(Buffer.compare(a.pixels, b.pixels)).toBe(0);
  }, 120_000);

  it("at the extreme level thresholds a 600-dpi black-and-white scan down to 300 dpi, and leaves a 300-dpi one be", async () => {
    const fine = await syntheticBilevelScan(A4_300.width * 2, A4_300.height * 2, 12);
    const input = await writeTemp(
      "bilevel-600.pdf",
      imagesPdf([oneBitImage(fine, A4_300.width * 2, A4_300.height * 2), oneBitImage(scan, A4_300.width, A4_300.height)]),
    );
    const { path: out, reply } = await runTool(server, "compress-pdf", [input], { compressionLevel: "extreme" });
    await qpdfCheck(out);
    expect(reply.message).toContain("Re-encoded as black-and-white CCITT G4: 2 1-bit images, 1 of them resampled to at most 300 dpi.");
    const [first, second] = await pdfImageList(out);
    expect([first![8], second![8]]).toEqual(["ccitt", "ccitt"]);
    // 4960 pixels across 595 points are 600.2 dpi, so 300 dpi is a pixel short of half.
    expect(Math.abs(Number(first![3]) - A4_300.width)).toBeLessThanOrEqual(1);
    expect(Math.abs(Number(first![4]) - A4_300.height)).toBeLessThanOrEqual(1);
    // The 300-dpi scan (300.1 by its placement) keeps every pixel.
    expect([second![3], second![4]]).toEqual([String(A4_300.width), String(A4_300.height)]);
    expect(await sizeOf(out)).toBeLessThan((await sizeOf(input)) * 0.6);
    expect(await pdfSsim(input, out, 2, 100)).toBeGreaterThan(0.95);
  }, 120_000);

  it("leaves a scan Ghostscript already stored as G4 as it is, and keeps grey scans grey at the extreme level", async () => {
    const g4 = await ghostscriptEbook(await writeTemp("for-gs.pdf", imagesPdf([oneBitImage(scan, A4_300.width, A4_300.height)])));
    expect((await pdfImageList(g4))[0]![8]).toBe("ccitt");
    const greyPdf = await writeTemp("grey.pdf", await makeImagePdf([await syntheticScan(A4_300.width, A4_300.height / 2, 3)]));
    const input = path.join(await tempDir(), "mixed.pdf");
    await exec("qpdf", ["--empty", "--pages", g4, greyPdf, "--", input]);
    const { path: out, reply } = await runTool(server, "compress-pdf", [input], { compressionLevel: "extreme" });
    await qpdfCheck(out);
    expect(reply.message).toContain("1 black-and-white scan (JBIG2 or CCITT) kept as stored");
    expect(reply.message).toContain("Re-encoded as JPEG: 1 JPEG image");
    expect((await pdfImageList(out)).map((c) => [c[5], c[7], c[8]])).toEqual([["gray", "1", "ccitt"], ["gray", "8", "jpeg"]]);
  }, 120_000);
});

describe("compress-pdf on every image kind at once", () => {
  it("says what it did kind by kind, and ends below Ghostscript /ebook's size looking the same", async () => {
    const scan = await syntheticBilevelScan(2480, 3508, 13);
    const objects = await writeTemp(
      "kinds.pdf",
      imagesPdf([
        await jpxImage(photo, 8),
        await cmykJpegImage(photo),
        await sixteenBitImage(photo),
        await paletteImage(photo),
        await softMaskedImage(photo),
        oneBitImage(scan, 2480, 3508),
      ]),
    );
    const inline = await writeTemp("kinds-inline.pdf", await inlineImagesPdf([await syntheticPhoto(1600, 1067, 8)]));
    const input = path.join(await tempDir(), "every-kind.pdf");
    await exec("qpdf", ["--empty", "--pages", objects, inline, "--", input]);
    const { path: out, reply } = await runTool(server, "compress-pdf", [input], { compressionLevel: "recommended" });
    await qpdfCheck(out);
    expect(reply.message).toContain("1 large inline image was moved out of the page contents into image objects");
    expect(reply.message).toContain(
      "Re-encoded as JPEG: 1 JPEG 2000 image, 1 CMYK image (now RGB), 1 16-bit image, 1 palette image, 1 JPEG image and 1 losslessly stored image, all of them resampled to at most 120 dpi (150 dpi for grey images).",
    );
    expect(reply.message).toContain("Re-encoded as black-and-white CCITT G4 pixel for pixel: 1 1-bit image.");
    expect(reply.message).toContain("The soft mask of 1 image was resampled with it and stored losslessly.");
    expect(await sizeOf(out)).toBeLessThan(await sizeOf(await ghostscriptEbook(input)));
    // The CMYK page renders differently in poppler and MuPDF even unchanged (see above); the mean still holds.
    expect(await pdfSsim(input, out, 7, 100)).toBeGreaterThan(0.95);
  }, 180_000);
});
