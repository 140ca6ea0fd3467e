import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImageToResample } from "../server/engines/mupdf/tasks.js";
import { imagePixels } from "../server/pdf/image-pixels.js";
import { imagesPdf, type ImageObject } from "./helpers/image-kinds.js";
import { listImages, qpdfCheck, renderGray, tempDir, writeTemp } from "./helpers/pdf-tools.js";
import { runTool, startServer, type TestServer } from "./helpers/server.js";
import { pdfSsim } from "./helpers/ssim.js";
import { syntheticScan } from "./helpers/synthetic-pdfs.js";

/**
 * Scanned pages stored as plain JPEGs are decoded by djpeg at a fraction of their size before they are resampled;
 * a JPEG djpeg refuses is decoded by MuPDF as before, and one nobody can decode is left as it is.
 */

const exec = promisify(execFile);

/** A grey scan of half an A4 page at 300 dpi, drawn across the page's width (595 pt): 300 dpi as placed. */
const SCAN = { width: 2480, height: 1754 };

function dctImage(jpeg: Buffer, colorSpace: "DeviceGray" | "DeviceRGB" = "DeviceGray"): ImageObject {
  return { dict: `/ColorSpace /${colorSpace} /BitsPerComponent 8 /Filter /DCTDecode`, data: jpeg, ...SCAN };
}

/** The mean difference of two grey renders of the same size, in grey levels. */
function meanDifference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

let server: TestServer;
let scan: Buffer;
beforeAll(async () => {
  server = await startServer();
  scan = await syntheticScan(SCAN.width, SCAN.height, 5);
}, 60_000);
afterAll(async () => server.close());

describe("compress-pdf scans stored as JPEG", () => {
  it("decodes a stored JPEG at half its size when it is to be halved, with the pixels of a full decode", async () => {
    const dir = await tempDir();
    const jpegPath = path.join(dir, "image-7.jpg");
    await fs.writeFile(jpegPath, scan);
    const image: ImageToResample = {
      xref: 7,
      sameAs: [],
      kind: "jpeg",
      softMask: false,
      bilevel: false,
      stencil: false,
      rawPath: path.join(dir, "image-7.raw"),
      ...SCAN,
      channels: 1,
      dpi: 300,
      keepColorSpace: true,
      storedBytes: scan.length,
      jpegPath,
    };
    const target = { colorDpi: 120, grayDpi: 150, quality: 55, thorough: false };
    const decoded = await imagePixels(image, target, path.join(dir, "unused.pdf"), dir, { workDir: dir, timeoutMs: 30_000 });
    // Half of 300 dpi is the grey target itself: djpeg's 4/8, no more pixels than the result needs.
    expect(decoded?.pixels).toMatchObject({ width: SCAN.width / 2, height: SCAN.height / 2, channels: 1 });
    expect(decoded?.image).toBe(image);
    // The same pixels as libvips' full decode shrunk by two, within JPEG's rounding.
    const reference = await sharp(scan).resize(SCAN.width / 2, SCAN.height / 2, { kernel: "cubic" }).greyscale().raw().toBuffer();
    expect(meanDifference(decoded!.pixels.data, reference)).toBeLessThan(3);
    await fs.rm(dir, { recursive: true, force: true });
  });

  it("halves grey and colour-stored grey scans to 150 dpi, looking as they did", async () => {
    const rgb = await sharp(scan).toColourspace("srgb").jpeg({ quality: 85 }).toBuffer();
    const input = await writeTemp("jpeg-scans.pdf", imagesPdf([dctImage(scan), dctImage(rgb, "DeviceRGB")]));
    const { path: out } = await runTool(server, "compress-pdf", [input]);
    await qpdfCheck(out);
    const images = await listImages(out);
    expect(images.map((i) => [i.encoding, i.color, i.width, i.height])).toEqual([
      ["jpeg", "gray", 1240, 877],
      ["jpeg", "gray", 1240, 877],
    ]);
    for (const image of images) expect(Math.abs(image.xPpi - 150)).toBeLessThanOrEqual(1);
    for (const page of [1, 2]) {
      const before = await renderGray(input, page, 75);
      const after = await renderGray(out, page, 75);
      expect([after.width, after.height]).toEqual([before.width, before.height]);
      expect(meanDifference(before.pixels, after.pixels)).toBeLessThan(3);
    }
    expect(await pdfSsim(input, out, 2, 100)).toBeGreaterThan(0.95);
    expect((await fs.stat(out)).size).toBeLessThan((await fs.stat(input)).size / 2);
  });

  it("decodes a truncated scan JPEG as before, and leaves a stream that is no JPEG as it is", async () => {
    // Cut off after 60 %: djpeg refuses it (a warning, under -strict), MuPDF decodes what is there.
    const truncated = scan.subarray(0, Math.round(scan.length * 0.6));
    const garbage = Buffer.alloc(40_000, 0x5a);
    const input = await writeTemp("damaged-scans.pdf", imagesPdf([dctImage(truncated), dctImage(garbage), dctImage(scan)]));
    const { path: out, reply } = await runTool(server, "compress-pdf", [input]);
    await qpdfCheck(out);
    expect(reply.message).toBeTruthy();
    const images = await listImages(out);
    expect(images).toHaveLength(3);
    // The truncated scan was resampled (by MuPDF), the unreadable one kept as stored, the sound one resampled.
    expect([images[0]!.width, images[1]!.width, images[2]!.width]).toEqual([1240, SCAN.width, 1240]);
    const { stdout: info } = await exec("pdfinfo", [out]);
    expect(info).toMatch(/^Pages:\s+3$/m);
  });
});
