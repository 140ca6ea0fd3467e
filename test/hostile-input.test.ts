import fs from "node:fs/promises";
import path from "node:path";
import { PDFDocument } from "@cantoo/pdf-lib";
import sharp from "sharp";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpus, ENCRYPTED_PDF } from "./helpers/corpus.js";
import { makeDocx } from "./helpers/office-fixtures.js";
import { makeNumberedPdf, qpdfCheck } from "./helpers/pdf-tools.js";
import { rawPdf } from "./helpers/raw-pdf.js";
import { handMadeZip, readZip } from "./helpers/zip.js";
import { download, postTool, startServer, type TestServer, type ToolReply, type Upload } from "./helpers/server.js";

/**
 * The hostile inputs, each through a PDF tool and the conversion it would meet: every one is answered with
 * a 4xx and a sentence (never a stack or an internal detail), and the data folder holds nothing afterwards but
 * published results. Two are not refused because nothing is wrong once they are handled: a structure nested too
 * deep is dropped by the parsers, and hostile file names are cleaned. The default limits apply (100 MB, 5,000 pages).
 */

let server: TestServer;
let pdf: Uint8Array;
beforeAll(async () => {
  // No job folder prepared ahead with a MuPDF child: every folder left in the jobs area would be a leftover.
  server = await startServer({ rateLimitPerMinute: 0, mupdfChildrenAhead: 0 });
  pdf = await makeNumberedPdf(2);
});
afterAll(async () => server?.close());

/** Every file under the data folder except published results and the processed-documents counter. */
async function leftovers(): Promise<string[]> {
  const dataDir = server.config.dataDir;
  const found: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else found.push(path.relative(dataDir, full));
    }
  };
  await walk(dataDir);
  return found.filter((f) => !f.startsWith(`files${path.sep}`) && f !== "stats.json");
}

/** Also empty folders left in the jobs and inputs areas count as leftovers. */
async function leftoverFolders(): Promise<string[]> {
  const out: string[] = [];
  for (const area of ["jobs", "inputs"]) {
    const dir = path.join(server.config.dataDir, area);
    const entries = await fs.readdir(dir).catch(() => []);
    out.push(...entries.map((e) => `${area}/${e}`));
  }
  return out;
}

async function expectRefused(reply: ToolReply, status: number | number[], sentence: RegExp): Promise<void> {
  const statuses = Array.isArray(status) ? status : [status];
  expect(statuses, `${reply.status} ${reply.body.error}`).toContain(reply.status);
  expect(reply.body.success).toBe(false);
  expect(reply.body.error).toMatch(sentence);
  expect(reply.body.error).toMatch(/^[A-Z"].*\.$/);
  expect(JSON.stringify(reply.body)).not.toMatch(/\bat \S+ \(|node:internal|\/work\/|\.ts:\d+|Error:/);
  // Work folders go when the job ends, a moment after the reply.
  await expect.poll(async () => [...(await leftovers()), ...(await leftoverFolders())], { timeout: 5000 }).toEqual([]);
}

/** Sends the same upload to a PDF tool and to a conversion. */
async function both(file: Upload, pdfTool = "rotate-pdf", conversion = "pdf-to-word"): Promise<[ToolReply, ToolReply]> {
  return [await postTool(server, pdfTool, [file]), await postTool(server, conversion, [file])];
}

/** A DOCX (its real parts, then 20 parts of 64 MB of zeros: 1.25 GB unpacked), with true or forged sizes. */
async function zipBombDocx(forged: boolean): Promise<Buffer> {
  const parts = await readZipBuffer((await makeDocx(1)).data);
  const entries = [...parts].map(([name, data]) => ({ name, deflated: zlib.deflateRawSync(data), size: data.length, crc: zlib.crc32(data) }));
  const zeros = Buffer.alloc(64 * 1024 * 1024);
  const padding = { deflated: zlib.deflateRawSync(zeros), size: forged ? 1000 : zeros.length, crc: zlib.crc32(zeros) };
  for (let i = 0; i < 20; i++) entries.push({ name: `word/media/padding-${i}.bin`, ...padding });
  return handMadeZip(entries);
}

async function readZipBuffer(data: Buffer): Promise<Map<string, Buffer>> {
  const file = path.join(server.config.dataDir, "..", `fixture-${process.pid}.zip`);
  await fs.writeFile(file, data);
  try {
    return await readZip(file);
  } finally {
    await fs.rm(file);
  }
}

/** A PDF whose page dictionary holds an array nested `depth` levels deep. */
function deeplyNestedPdf(depth: number): Buffer {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Nested ${"[".repeat(depth)}${"]".repeat(depth)} >>`,
  ];
  return rawPdf(objects);
}

describe("hostile input gets a clear 4xx and leaves no file behind", () => {
  it("zero bytes", async () => {
    const [a, b] = await both({ name: "empty.pdf", data: new Uint8Array() });
    await expectRefused(a, 400, /^"empty.pdf" is empty\.$/);
    await expectRefused(b, 400, /^"empty.pdf" is empty\.$/);
    await expectRefused(await postTool(server, "word-to-pdf", [{ name: "empty.docx", data: new Uint8Array() }]), 400, /is empty/);
  });

  it("a truncated PDF", async () => {
    const cut = (await fs.readFile(corpus("pdflatex-4-pages.pdf"))).subarray(0, 2500);
    const [a, b] = await both({ name: "cut.pdf", data: cut }, "split-pdf", "pdf-to-jpg");
    await expectRefused(a, 422, /^This file could not be read as a PDF \(cut.pdf\)/);
    await expectRefused(b, 422, /^This file could not be read as a PDF \(cut.pdf\)/);
  });

  it("wrong magic bytes", async () => {
    const png = await fs.readFile("/usr/share/icons/hicolor/48x48/apps/chromium.png").catch(() => Buffer.from("\x89PNG\r\n\x1a\n0000", "latin1"));
    const [a, b] = await both({ name: "picture.pdf", data: png });
    await expectRefused(a, 415, /^"picture.pdf" is not a PDF file\.$/);
    await expectRefused(b, 415, /^"picture.pdf" is not a PDF file\.$/);
    const junk = Buffer.from("this is plain text, not a document".repeat(20));
    await expectRefused(await postTool(server, "word-to-pdf", [{ name: "letter.docx", data: junk }]), 415, /^"letter.docx" is not one of: Word, OpenDocument, Excel, PowerPoint\.$/);
  });

  it("a spoofed extension", async () => {
    const elf = await fs.readFile("/bin/true");
    const [a, b] = await both({ name: "invoice.pdf", data: elf });
    await expectRefused(a, 415, /is not a PDF file/);
    await expectRefused(b, 415, /is not a PDF file/);
    // A PDF named as a Word document is still a PDF: the office is not asked to open it.
    await expectRefused(await postTool(server, "word-to-pdf", [{ name: "report.docx", data: pdf }]), 415, /^"report.docx" is not one of/);
  });

  it("an encrypted PDF", async () => {
    const [a, b] = await both(corpus(ENCRYPTED_PDF), "add-watermark", "pdf-to-html");
    await expectRefused(a, 422, /^This PDF is password-protected/);
    await expectRefused(b, 422, /^This PDF is password-protected/);
  });

  it("deep nesting", async () => {
    const file = { name: "nested.pdf", data: deeplyNestedPdf(100_000) };
    const [a, b] = await both(file, "rotate-pdf", "pdf-to-markdown");
    // qpdf and MuPDF drop a value nested this deep (their parsers stop at a fixed depth instead of recursing
    // until the stack runs out); the page itself is sound, so the tools work on it and the result is valid.
    expect([a.status, b.status]).toEqual([200, 200]);
    // The page has no text, and OCR cannot read the file: the conversion says so instead of failing.
    expect(b.body.message).toContain("Page 1 without a text layer could not be read with OCR");
    await qpdfCheck((await download(server, a.body.downloadUrl!)).path);
    // The job's folder is emptied just after the reply.
    await expect.poll(leftovers, { timeout: 5000 }).toEqual([]);
  });

  it("a huge page count", async () => {
    const doc = await PDFDocument.create();
    for (let i = 0; i < 5001; i++) doc.addPage([100, 100]);
    const many = { name: "many.pdf", data: await doc.save() };
    const sentence = /^This document has more than 5000 pages, the most we process at once\.$/;
    for (const tool of ["rotate-pdf", "pdf-to-jpg", "repair-pdf", "compress-pdf", "pdf-to-word"]) {
      const reply = await postTool(server, tool, [many]);
      expect(reply.status, tool).toBe(422);
      await expectRefused(reply, 422, sentence);
    }
    // Two halves that are fine alone are too many together.
    const half = await PDFDocument.create();
    for (let i = 0; i < 2501; i++) half.addPage([100, 100]);
    const halfBytes = await half.save();
    await expectRefused(await postTool(server, "merge-pdf", [{ name: "a.pdf", data: halfBytes }, { name: "b.pdf", data: halfBytes }]), 422, sentence);
  });

  it("a zip-bomb DOCX", async () => {
    const bomb = await zipBombDocx(false);
    expect(bomb.length).toBeLessThan(3 * 1024 * 1024);
    const sentence = /^"bomb.(docx|odt)" unpacks to more than 1024 MB, which we do not process\.$/;
    await expectRefused(await postTool(server, "word-to-pdf", [{ name: "bomb.docx", data: bomb }]), 413, sentence);
    await expectRefused(await postTool(server, "word-to-pdf", [{ name: "bomb.odt", data: bomb }]), 413, sentence);
    // Sizes that claim a thousand bytes are not believed: the bytes are counted as they unpack.
    await expectRefused(await postTool(server, "word-to-pdf", [{ name: "bomb.docx", data: await zipBombDocx(true) }]), 413, sentence);
    // The same package without its padding is an ordinary document and converts.
    const { data } = await makeDocx(1);
    expect((await postTool(server, "word-to-pdf", [{ name: "fine.docx", data }])).status).toBe(200);
  });

  it("a picture whose header declares a huge size", async () => {
    const small = sharp({ create: { width: 64, height: 64, channels: 3, background: "#808080" } });
    // PNG: the IHDR chunk says 15000 x 15000 (its CRC recomputed), which the decoder would believe.
    const png = Buffer.from(await small.clone().png().toBuffer());
    png.writeUInt32BE(15000, 16);
    png.writeUInt32BE(15000, 20);
    png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
    // JPEG: the start-of-frame segment says 20000 x 20000.
    const jpeg = Buffer.from(await small.clone().jpeg().toBuffer());
    const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    jpeg.writeUInt16BE(20000, sof + 5);
    jpeg.writeUInt16BE(20000, sof + 7);
    const started = Date.now();
    await expectRefused(await postTool(server, "jpg-to-pdf", [{ name: "wide.png", data: png }]), 413, /^This image is too large \(wide.png, 15000×15000 pixels, 225 megapixels\); the most is 100 megapixels\./);
    await expectRefused(await postTool(server, "jpg-to-pdf", [{ name: "wide.jpg", data: jpeg }]), 413, /^This image is too large \(wide.jpg, 20000×20000 pixels, 400 megapixels\); the most is 100 megapixels\./);
    // Refused from the header alone, before seconds of decoding.
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("path traversal and script in file names", async () => {
    const name = "../../..\\..\\etc/<script>alert(1)</script>\r\nX-Injected: yes;.pdf";
    const reply = await postTool(server, "rotate-pdf", [{ name, data: pdf }]);
    expect(reply.status).toBe(200);
    expect(reply.body.filename).not.toMatch(/[/\\<>\r\n]/);
    const { headers } = await download(server, reply.body.downloadUrl!);
    const disposition = headers.get("content-disposition") ?? "";
    expect(disposition).toMatch(/^attachment; filename="[^"/\\<>]*"; filename\*=UTF-8''/);
    expect(headers.get("x-injected")).toBeNull();
    // Several results go in a ZIP whose entry names are the cleaned names.
    const split = await postTool(server, "split-pdf", [{ name: "..\\..\\<img src=x onerror=alert(1)>.pdf", data: pdf }]);
    expect(split.status).toBe(200);
    const zip = await download(server, split.body.downloadUrl!);
    const entries = [...(await readZip(zip.path)).keys()];
    expect(entries.length).toBe(2);
    for (const entry of entries) expect(entry).not.toMatch(/[/\\<>]|\.\./);
    // Nothing but the published results stays, once the job's folder is emptied just after the reply.
    await expect.poll(leftovers, { timeout: 5000 }).toEqual([]);
    // A name that is only a path, or only dots, becomes a plain fallback.
    const dots = await postTool(server, "pdf-to-word", [{ name: "../..", data: pdf }]);
    expect(dots.status).toBe(200);
    expect(dots.body.filename).toMatch(/^[\w-]+\.docx$/);
  });

  it("101 MB", async () => {
    const big = Buffer.alloc(101 * 1024 * 1024);
    big.write("%PDF-1.7\n");
    const [a, b] = await both({ name: "big.pdf", data: big });
    await expectRefused(a, 413, /^A file is larger than 100 MB, the most we accept per file\.$/);
    await expectRefused(b, 413, /^A file is larger than 100 MB, the most we accept per file\.$/);
  });
});
