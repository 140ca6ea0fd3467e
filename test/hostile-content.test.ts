import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import forge from "node-forge";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ghostscript } from "../server/engines/ghostscript.js";
import { imageSizeOfBytes } from "../server/lib/image-size.js";
import { XmlTagCounter } from "../server/lib/xml-tag-counter.js";
import { makeDocx } from "./helpers/office-fixtures.js";
import { makeNumberedPdf, pdftotext, qpdfCheck, tempDir } from "./helpers/pdf-tools.js";
import { download, postTool, startServer, type TestServer, type ToolReply } from "./helpers/server.js";
import { handMadeZip, readZip } from "./helpers/zip.js";

const exec = promisify(execFile);

/**
 * Files built to take the server down rather than to be processed: each is answered with a 4xx and a sentence
 * (or a clean output), quickly, while /api/health keeps answering within a second, and the server works afterwards.
 * The server runs in this process, so a blocked main thread would show as a slow health answer.
 */

let server: TestServer;
let dir: string;
let pdf: Uint8Array;
beforeAll(async () => {
  server = await startServer({ rateLimitPerMinute: 0 });
  dir = await tempDir();
  pdf = await makeNumberedPdf(1);
  // The first health answer asks every engine for its version (then kept): not what is measured here.
  expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
});
afterAll(async () => {
  await server?.close();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs the attack while asking /api/health every quarter second; returns the attack's reply and the slowest answer. */
async function whileHealthAnswers<T>(attack: () => Promise<T>): Promise<{ result: T; slowestHealthMs: number; tookMs: number }> {
  const started = Date.now();
  let done = false;
  const running = attack().finally(() => {
    done = true;
  });
  const timings: number[] = [];
  do {
    await sleep(150);
    const t = Date.now();
    const res = await fetch(`${server.url}/api/health`);
    timings.push(Date.now() - t);
    expect(res.status).toBe(200);
  } while (!done);
  const result = await running;
  return { result, slowestHealthMs: Math.max(...timings), tookMs: Date.now() - started };
}

function expectSentence(reply: ToolReply, status: number | number[], sentence: RegExp): void {
  const statuses = Array.isArray(status) ? status : [status];
  expect(statuses, `${reply.status} ${reply.body.error}`).toContain(reply.status);
  expect(reply.body.success).toBe(false);
  expect(reply.body.error).toMatch(sentence);
  expect(reply.body.error).toMatch(/^[A-Z"].*\.$/);
}

/** The server still does ordinary work. */
async function expectAlive(): Promise<void> {
  const reply = await postTool(server, "rotate-pdf", [{ name: "plain.pdf", data: pdf }], { angle: 90 });
  expect(reply.status, reply.body.error).toBe(200);
}

async function docxParts(): Promise<Array<{ name: string; data: Buffer }>> {
  const file = path.join(dir, `parts-${Math.random().toString(36).slice(2)}.docx`);
  await fs.writeFile(file, (await makeDocx(2)).data);
  return [...(await readZip(file))].map(([name, data]) => ({ name, data }));
}

function zipEntry(name: string, data: Buffer, declaredSize = data.length) {
  return { name, deflated: zlib.deflateRawSync(data, { level: 9 }), size: declaredSize, crc: zlib.crc32(data) };
}

describe("PKCS#12 files that ask for endless key derivation", () => {
  async function identity(iterations: number): Promise<Buffer> {
    const [key, cert, id] = ["key.pem", "cert.pem", `id-${iterations}.p12`].map((f) => path.join(dir, f));
    await exec("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-keyout", key!, "-out", cert!, "-days", "2", "-nodes", "-subj", "/CN=Iter Tester"]);
    await exec("openssl", ["pkcs12", "-export", "-inkey", key!, "-in", cert!, "-out", id!, "-passout", "pass:s3cret", "-iter", String(iterations)]);
    return fs.readFile(id!);
  }

  async function signWith(p12: Buffer): Promise<ToolReply> {
    const form = new FormData();
    form.append("files", new Blob([pdf]), "doc.pdf");
    form.append("certificateFile", new Blob([p12]), "id.p12");
    form.append("signatureType", "certificate");
    form.append("certificatePassword", "s3cret");
    form.append("visibleSignature", "false");
    const res = await fetch(`${server.url}/api/process/sign-pdf`, { method: "POST", body: form });
    return { status: res.status, body: (await res.json()) as ToolReply["body"] };
  }

  it("refuses a MAC iteration count patched to 2^31-1 at once", async () => {
    const p12 = await identity(2048);
    // The MAC data is the PFX's last element; its last child is the iteration count.
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(p12.toString("binary")));
    const macData = (asn1.value as forge.asn1.Asn1[])[2]!;
    (macData.value as forge.asn1.Asn1[])[2]!.value = forge.asn1.integerToDer(2 ** 31 - 1).getBytes();
    const patched = Buffer.from(forge.asn1.toDer(asn1).getBytes(), "binary");
    expect(patched.length).toBeLessThan(5000);
    const { result, slowestHealthMs, tookMs } = await whileHealthAnswers(() => signWith(patched));
    expectSentence(result, 422, /^This certificate file asks for 2,147,483,647 rounds of password hashing; we open files of up to 2,000,000\./);
    expect(tookMs).toBeLessThan(5000);
    expect(slowestHealthMs).toBeLessThan(1000);
    await expectAlive();
  });

  // A quarter of a million rounds, for each of the file's three derivations, keep the key derivation busy for
  // seconds: several times the health check's second, were it done on the main thread.
  it("opens a file with 250,000 iterations off the main thread, or gives up at the deadline", { timeout: 150_000 }, async () => {
    const p12 = await identity(250_000);
    const { result, slowestHealthMs } = await whileHealthAnswers(() => signWith(p12));
    if (result.status === 200) expect(result.body.message).toContain("Digitally signed as Iter Tester");
    else expectSentence(result, 422, /took longer than 60 seconds to open/);
    expect(slowestHealthMs).toBeLessThan(1000);
    await expectAlive();
  });
});

describe("office ZIPs: the inspection fails closed", () => {
  it("inspects a DOCX whose first entry is named ../../evil.txt, and converts it cleanly", async () => {
    const docx = handMadeZip([zipEntry("../../evil.txt", Buffer.from("evil")), ...(await docxParts()).map((p) => zipEntry(p.name, p.data))]);
    const { result, slowestHealthMs } = await whileHealthAnswers(() => postTool(server, "word-to-pdf", [{ name: "evil.docx", data: docx }]));
    if (result.status === 200) {
      const out = await download(server, result.body.downloadUrl!);
      await qpdfCheck(out.path);
    } else {
      expectSentence(result, [413, 415, 422], /evil\.docx/);
    }
    expect(slowestHealthMs).toBeLessThan(1000);
  });

  it("refuses a 1.5 MB DOCX that unpacks to 1.5 GB, its first entry named ../../evil.txt", async () => {
    const zeros = Buffer.alloc(64 * 1024 * 1024);
    const padding = { deflated: zlib.deflateRawSync(zeros, { level: 9 }), size: zeros.length, crc: zlib.crc32(zeros) };
    const entries = [zipEntry("../../evil.txt", Buffer.from("evil")), ...(await docxParts()).map((p) => zipEntry(p.name, p.data))];
    for (let i = 0; i < 24; i++) entries.push({ name: `word/media/padding-${i}.bin`, ...padding });
    const bomb = handMadeZip(entries);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    // Once with true sizes, once with sizes forged small.
    for (const forged of [false, true]) {
      const data = forged ? handMadeZip(entries.map((e) => (e.name.startsWith("word/media/padding") ? { ...e, size: 1000 } : e))) : bomb;
      const { result, slowestHealthMs, tookMs } = await whileHealthAnswers(() => postTool(server, "word-to-pdf", [{ name: "bomb.docx", data }]));
      expectSentence(result, 413, /^"bomb.docx" unpacks to more than 1024 MB, which we do not process\.$/);
      expect(tookMs).toBeLessThan(10_000);
      expect(slowestHealthMs).toBeLessThan(1000);
    }
    await expectAlive();
  });

  it("refuses a 45 KB DOCX of 5 million empty paragraphs before LibreOffice sees it", async () => {
    const parts = await docxParts();
    const body = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${"<w:p/>".repeat(5_000_000)}</w:body></w:document>`;
    const docx = handMadeZip(parts.map((p) => (p.name === "word/document.xml" ? zipEntry(p.name, Buffer.from(body)) : zipEntry(p.name, p.data))));
    expect(docx.length).toBeLessThan(100 * 1024);
    const { result, slowestHealthMs, tookMs } = await whileHealthAnswers(() => postTool(server, "word-to-pdf", [{ name: "empty.docx", data: docx }]));
    expectSentence(result, 413, /^"empty.docx" holds more than 500,000 paragraphs, which we do not process\.$/);
    expect(tookMs).toBeLessThan(10_000);
    expect(slowestHealthMs).toBeLessThan(1000);
    await expectAlive();
  });

  it("refuses a part packed more than 200 times smaller than its content", async () => {
    const parts = (await docxParts()).map((p) => zipEntry(p.name, p.data));
    const docx = handMadeZip([...parts, zipEntry("word/media/zeros.bin", Buffer.alloc(20 * 1024 * 1024))]);
    const reply = await postTool(server, "word-to-pdf", [{ name: "packed.docx", data: docx }]);
    expectSentence(reply, 413, /^"packed.docx" has a part packed more than 200 times smaller than its content, which we do not process\.$/);
  });

  it("refuses a ZIP it cannot read through instead of passing it on", async () => {
    const parts = await docxParts();
    const docx = handMadeZip(parts.map((p) => zipEntry(p.name, p.data)));
    // The main part's deflated data is overwritten: its inflation fails.
    const at = docx.indexOf(Buffer.from("word/document.xml")) + "word/document.xml".length;
    docx.fill(0xff, at, at + 40);
    const reply = await postTool(server, "word-to-pdf", [{ name: "broken.docx", data: docx }]);
    expectSentence(reply, 422, /^"broken.docx" could not be read: its ZIP container is damaged or incomplete\.$/);
  });
});

describe("PostScript dressed as a PDF never runs in Ghostscript", () => {
  /** A PostScript program with "%PDF-" in a comment that draws a marker, then spins, followed by a real PDF. */
  async function dressedPostScript(): Promise<Buffer> {
    const program = [
      "%!PS",
      "% %PDF-1.7 (a comment, for the type check)",
      "/Helvetica findfont 40 scalefont setfont 72 600 moveto (POSTSCRIPTRAN) show showpage",
      "{} loop",
      "",
    ].join("\n");
    return Buffer.concat([Buffer.from(program, "latin1"), Buffer.from(await makeNumberedPdf(1))]);
  }

  const cases: Array<[string, Record<string, string | boolean>]> = [
    ["pdf-to-pdf-a", {}],
    ["repair-pdf", { repairMode: "aggressive" }],
    ["compress-pdf", {}],
  ];
  for (const [tool, fields] of cases) {
    it(`${tool}: no PostScript marker on the page and no hang`, { timeout: 90_000 }, async () => {
      const data = await dressedPostScript();
      const { result, slowestHealthMs, tookMs } = await whileHealthAnswers(() => postTool(server, tool, [{ name: "dressed.pdf", data }], fields));
      expect(tookMs).toBeLessThan(60_000);
      expect(slowestHealthMs).toBeLessThan(1000);
      if (result.status === 200) {
        const out = await download(server, result.body.downloadUrl!);
        await qpdfCheck(out.path);
        const text = await pdftotext(out.path);
        expect(text).not.toContain("POSTSCRIPTRAN");
        expect(text).toMatch(/page 1 of 1/i);
      } else {
        expectSentence(result, [415, 422], /dressed\.pdf/);
      }
    });
  }
});

describe("what Ghostscript gets when qpdf cannot read a file", () => {
  it("nothing, unless the file begins with %PDF- (which Ghostscript reads only as PDF)", async () => {
    const workDir = await fs.mkdtemp(path.join(dir, "gs-"));
    const ctx = { workDir, timeoutMs: 30_000 };
    const program = "(PROGRAMRAN) print flush\n";
    const dressed = path.join(workDir, "dressed.pdf");
    await fs.writeFile(dressed, `%!PS\n% %PDF-1.7\n${program}`);
    await expect(ghostscript(["-sDEVICE=nullpage"], [dressed], ctx)).rejects.toThrow(/qpdf/);
    // Handed over as it is, and read by the PDF interpreter: the PostScript in it never runs.
    const headed = path.join(workDir, "headed.pdf");
    await fs.writeFile(headed, `%PDF-1.7\n${program}`);
    const log = await ghostscript(["-sDEVICE=nullpage"], [headed], ctx).catch((err: unknown) => String(err));
    expect(log).not.toContain("PROGRAMRAN");
    // The control: the same program as plain PostScript, passed as Ghostscript's own argument, does run.
    expect(await ghostscript(["-sDEVICE=nullpage", "-c", program.trim()], [], ctx)).toContain("PROGRAMRAN");
  });
});

describe("images are measured from their headers before anything decodes them", () => {
  /** A small real PNG whose IHDR declares another size (its CRC recomputed). */
  async function pngDeclaring(width: number, height: number): Promise<Buffer> {
    const png = Buffer.from(await sharp({ create: { width: 64, height: 64, channels: 3, background: "#808080" } }).png().toBuffer());
    png.writeUInt32BE(width, 16);
    png.writeUInt32BE(height, 20);
    png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
    return png;
  }

  it("refuses a drawn signature declaring 30000×30000 pixels", async () => {
    const png = await pngDeclaring(30000, 30000);
    // Small enough for the field's limit: the image's header is what refuses it.
    const drawing = `data:image/png;base64,${png.toString("base64")}`;
    const { result, slowestHealthMs, tookMs } = await whileHealthAnswers(() =>
      postTool(server, "sign-pdf", [{ name: "doc.pdf", data: pdf }], { signatureType: "draw", drawSignatureData: drawing }),
    );
    expectSentence(result, 413, /^This image is too large \(the drawn signature, 30000×30000 pixels, 900 megapixels\); the most is 100 megapixels\./);
    expect(tookMs).toBeLessThan(10_000);
    expect(slowestHealthMs).toBeLessThan(1000);
    // Padded to the size of the reported attack (a 3.5 MB data URL), the field's own limit refuses it as it arrives.
    const padded = `data:image/png;base64,${Buffer.concat([png, Buffer.alloc(2_600_000)]).toString("base64")}`;
    expect(padded.length).toBeGreaterThan(3_400_000);
    const big = await whileHealthAnswers(() =>
      postTool(server, "sign-pdf", [{ name: "doc.pdf", data: pdf }], { signatureType: "draw", drawSignatureData: padded }),
    );
    expectSentence(big.result, 400, /"drawSignatureData" is too long/);
    expect(big.slowestHealthMs).toBeLessThan(1000);
    await expectAlive();
  });

  it("scales a large drawn signature down before embedding it", async () => {
    const big = await sharp({ create: { width: 6000, height: 1500, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } } }).png().toBuffer();
    const reply = await postTool(server, "sign-pdf", [{ name: "doc.pdf", data: pdf }], { signatureType: "draw", drawSignatureData: `data:image/png;base64,${big.toString("base64")}` });
    expect(reply.status, reply.body.error).toBe(200);
    const out = await download(server, reply.body.downloadUrl!);
    const { stdout } = await exec("pdfimages", ["-list", out.path]);
    const widths = stdout.trim().split("\n").slice(2).map((line) => Number(line.trim().split(/\s+/)[3]));
    expect(widths.length).toBeGreaterThan(0);
    expect(Math.max(...widths)).toBeLessThanOrEqual(2000);
  });

  it("refuses a 30000×30000 PNG and a progressive JPEG declaring 60000×60000 in JPG to PDF", async () => {
    const png = await pngDeclaring(30000, 30000);
    const jpeg = Buffer.from(await sharp({ create: { width: 64, height: 64, channels: 3, background: "#808080" } }).jpeg({ progressive: true }).toBuffer());
    const sof = jpeg.indexOf(Buffer.from([0xff, 0xc2]));
    expect(sof).toBeGreaterThan(0);
    jpeg.writeUInt16BE(60000, sof + 5);
    jpeg.writeUInt16BE(60000, sof + 7);
    for (const [name, data, sentence] of [
      ["wide.png", png, /^This image is too large \(wide.png, 30000×30000 pixels, 900 megapixels\); the most is 100 megapixels\./],
      ["wide.jpg", jpeg, /^This image is too large \(wide.jpg, 60000×60000 pixels, 3,600 megapixels\); the most is 100 megapixels\./],
    ] as const) {
      const { result, slowestHealthMs, tookMs } = await whileHealthAnswers(() => postTool(server, "jpg-to-pdf", [{ name, data }]));
      expectSentence(result, 413, sentence);
      expect(tookMs).toBeLessThan(5000);
      expect(slowestHealthMs).toBeLessThan(1000);
    }
    // The same header check guards OCR's image inputs.
    expectSentence(await postTool(server, "ocr-pdf", [{ name: "wide.jpg", data: jpeg }]), 413, /^This image is too large \(wide.jpg, 60000×60000 pixels/);
    await expectAlive();
  });
});

describe("the header reader", () => {
  const picture = () => sharp({ create: { width: 123, height: 45, channels: 3, background: "#336699" } });

  it("reads the size of PNG, baseline and progressive JPEG, GIF, TIFF and BMP", async () => {
    const bmp = Buffer.alloc(54);
    bmp.write("BM", 0, "latin1");
    bmp.writeUInt32LE(40, 14);
    bmp.writeInt32LE(123, 18);
    // Negative: stored top-down.
    bmp.writeInt32LE(-45, 22);
    for (const bytes of [
      await picture().png().toBuffer(),
      await picture().jpeg().toBuffer(),
      await picture().jpeg({ progressive: true }).toBuffer(),
      await picture().gif().toBuffer(),
      await picture().tiff().toBuffer(),
      bmp,
    ]) {
      expect(await imageSizeOfBytes(bytes)).toEqual({ width: 123, height: 45 });
    }
  });

  it("finds a JPEG frame header after large metadata, and the largest page of a TIFF", async () => {
    const jpeg = await picture().jpeg().withMetadata({ exif: { IFD0: { ImageDescription: "x".repeat(60_000) } } }).toBuffer();
    expect(await imageSizeOfBytes(jpeg)).toEqual({ width: 123, height: 45 });
    // A second TIFF page, declared 40000×40000 in its own directory.
    const tiff = Buffer.from(await picture().tiff().toBuffer());
    const little = tiff.toString("latin1", 0, 2) === "II";
    const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
    const first = u32(4);
    const count = little ? tiff.readUInt16LE(first) : tiff.readUInt16BE(first);
    const page = Buffer.alloc(2 + 2 * 12 + 4);
    const w16 = (v: number, at: number) => (little ? page.writeUInt16LE(v, at) : page.writeUInt16BE(v, at));
    const w32 = (v: number, at: number) => (little ? page.writeUInt32LE(v, at) : page.writeUInt32BE(v, at));
    w16(2, 0);
    [256, 257].forEach((tag, i) => {
      w16(tag, 2 + i * 12);
      w16(4, 4 + i * 12);
      w32(1, 6 + i * 12);
      w32(40_000, 10 + i * 12);
    });
    const next = first + 2 + count * 12;
    if (little) tiff.writeUInt32LE(tiff.length, next);
    else tiff.writeUInt32BE(tiff.length, next);
    expect(await imageSizeOfBytes(Buffer.concat([tiff, page]))).toEqual({ width: 40_000, height: 40_000 });
  });

  it("gives no size for a cut-off or unknown header", async () => {
    const png = await picture().png().toBuffer();
    expect(await imageSizeOfBytes(png.subarray(0, 20))).toBeUndefined();
    expect(await imageSizeOfBytes(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00]))).toBeUndefined();
    expect(await imageSizeOfBytes(Buffer.from("not an image at all"))).toBeUndefined();
  });
});

describe("the paragraph counter", () => {
  it("counts paragraphs of any prefix, tags cut between chunks, and nothing else", () => {
    const xml = '<?xml version="1.0"?><!-- <w:p> --><w:body><w:p w:rsidR="1"><w:pPr/><w:r><w:t>a</w:t></w:r></w:p><text:p/><a:p>\n</a:p><p></p><w:pict/></w:body>';
    // Paragraphs: w:p, text:p, a:p, p and the one in the comment (markup in comments counts: it can only overcount);
    // elements: those and w:body, w:pPr, w:r, w:t, w:pict. Every way of cutting the text in two gives the same counts.
    for (let cut = 0; cut <= xml.length; cut++) {
      const counter = new XmlTagCounter();
      counter.startPart();
      counter.feed(Buffer.from(xml.slice(0, cut)));
      counter.feed(Buffer.from(xml.slice(cut)));
      expect([counter.paragraphs, counter.elements], `cut at ${cut}`).toEqual([5, 10]);
    }
  });
});
