import fs from "node:fs/promises";
import { PDFDocument, StandardFonts } from "@cantoo/pdf-lib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeDocx, type DocxContent } from "./helpers/office-fixtures.js";
import { makeNumberedPdf, writeTemp } from "./helpers/pdf-tools.js";
import { postTool, runTool, startServer, type TestServer } from "./helpers/server.js";
import { makeStructuredPdf } from "./helpers/structured-pdf.js";
import { wordRecall, words } from "./helpers/text-compare.js";
import { readZip } from "./helpers/zip.js";

/**
 * Round trips: a DOCX made by the test → PDF (word-to-pdf) → Word again (pdf-to-word), compared with what the test
 * put in: words, paragraphs and table cells, read straight from the returned document's XML.
 */

let server: TestServer;
let source: { data: Buffer; content: DocxContent };
let sourcePdf: string;
beforeAll(async () => {
  server = await startServer();
  source = await makeDocx(8, 5, 3);
  const { path } = await runTool(server, "word-to-pdf", [{ name: "source.docx", data: source.data }]);
  sourcePdf = await writeTemp("source.pdf", await fs.readFile(path));
});
afterAll(async () => server.close());

const decode = (s: string) => s.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, "&");
const textOf = (xml: string) => decode([...xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(""));

/** Body paragraphs outside tables, and tables as rows of cell texts. */
function structureOf(documentXml: string): { paragraphs: string[]; tables: string[][][]; xml: string } {
  const body = documentXml.slice(documentXml.indexOf("<w:body>"));
  const tables = [...body.matchAll(/<w:tbl>[\s\S]*?<\/w:tbl>/g)].map((t) =>
    [...t[0].matchAll(/<w:tr[ >][\s\S]*?<\/w:tr>/g)].map((r) => [...r[0].matchAll(/<w:tc>[\s\S]*?<\/w:tc>/g)].map((c) => textOf(c[0]).trim())),
  );
  const outside = body.replace(/<w:tbl>[\s\S]*?<\/w:tbl>/g, "");
  const paragraphs = [...outside.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map((p) => textOf(p[0]).trim()).filter(Boolean);
  return { paragraphs, tables, xml: documentXml };
}

async function documentXml(file: string): Promise<string> {
  return (await readZip(file)).get("word/document.xml")!.toString("utf8");
}

function expectFaithful(doc: ReturnType<typeof structureOf>) {
  const expectedWords = [...source.content.paragraphs, ...source.content.table.flat()].flatMap(words);
  const gotWords = [...doc.paragraphs, ...doc.tables.flat(2)].flatMap(words);
  expect(wordRecall(expectedWords, gotWords)).toBeGreaterThanOrEqual(0.98);
  // Flowing paragraphs, not one per line: the same number as in the source.
  expect(doc.paragraphs).toHaveLength(source.content.paragraphs.length);
  expect(doc.tables).toHaveLength(1);
  const cells = source.content.table.flat();
  const got = doc.tables[0]!.flat();
  const equal = cells.filter((c, i) => got[i] === c).length;
  expect(equal / cells.length).toBeGreaterThanOrEqual(0.95);
}

describe("pdf-to-word", () => {
  it("round-trips a DOCX: words, paragraphs and table cells come back (written directly)", async () => {
    const { path, reply } = await runTool(server, "pdf-to-word", [sourcePdf], { embedFonts: false });
    expect(reply.filename).toBe("source.docx");
    const doc = structureOf(await documentXml(path));
    expectFaithful(doc);
    // The 20 pt bold title keeps its size and weight and becomes a heading.
    expect(doc.xml).toMatch(/<w:pStyle w:val="Heading1"\/>[\s\S]*?<w:b\/>[\s\S]*?<w:sz w:val="40"\/>/);
    expect(doc.xml).not.toContain("txbxContent");
  });

  it("names metric-compatible fonts by default instead of embedding them", async () => {
    const { path, reply } = await runTool(server, "pdf-to-word", [sourcePdf]);
    // Liberation Serif has the widths of Times New Roman: named so, the text wraps the same everywhere.
    expect(reply.message).toContain("metric-compatible");
    const entries = await readZip(path);
    expect([...entries.keys()].some((k) => k.startsWith("word/fonts/"))).toBe(false);
    const xml = entries.get("word/document.xml")!.toString("utf8");
    expect(xml).toContain('w:ascii="Times New Roman"');
    expect(xml).not.toContain("Liberation");
    expectFaithful(structureOf(xml));
    expect((await fs.stat(path)).size).toBeLessThan(50_000);
  });

  it("embeds fonts through LibreOffice when a font has no metric-compatible equivalent", async () => {
    const dejavu = await makeDocx(4, 3, 3, "DejaVu Sans");
    const pdf = await writeTemp("dejavu.pdf", await fs.readFile((await runTool(server, "word-to-pdf", [{ name: "dejavu.docx", data: dejavu.data }])).path));
    const { path, reply } = await runTool(server, "pdf-to-word", [pdf]);
    expect(reply.message).toContain("embedded");
    const entries = await readZip(path);
    expect([...entries.keys()].some((k) => /^word\/fonts\/.+\.odttf$/.test(k))).toBe(true);
    expect(entries.get("word/document.xml")!.toString("utf8")).toContain("DejaVu Sans");
    // Off, nothing is embedded.
    const named = await readZip((await runTool(server, "pdf-to-word", [pdf], { embedFonts: false })).path);
    expect([...named.keys()].some((k) => k.startsWith("word/fonts/"))).toBe(false);
  });

  it("leaves tables as paragraphs when detectTables is off", async () => {
    const { path } = await runTool(server, "pdf-to-word", [sourcePdf], { detectTables: false, embedFonts: false });
    expect(await documentXml(path)).not.toContain("<w:tbl>");
  });

  it("writes lists, the picture and page breaks", async () => {
    const structured = await writeTemp("structured.pdf", (await makeStructuredPdf()).data);
    const { path } = await runTool(server, "pdf-to-word", [structured], { embedFonts: false });
    const entries = await readZip(path);
    const xml = entries.get("word/document.xml")!.toString("utf8");
    expect(xml.match(/<w:numPr>/g)).toHaveLength(3);
    expect(entries.has("word/media/image1.png")).toBe(true);
    const pages = await writeTemp("pages.pdf", await makeNumberedPdf(3));
    const paged = await documentXml((await runTool(server, "pdf-to-word", [pages], { embedFonts: false, pageRange: "1-2" })).path);
    expect(paged.match(/<w:pageBreakBefore\/>/g)).toHaveLength(1);
    expect(textOf(paged)).toContain("Sample page 2 of 3");
    expect(textOf(paged)).not.toContain("Sample page 3 of 3");
  });

  it("keeps a photograph as JPEG, near its size in the PDF, and its pixels", async () => {
    // A photograph-like picture: smooth colour with grain, which PNG stores many times larger than JPEG does.
    const [w, h] = [400, 300];
    const raw = Buffer.alloc(w * h * 3);
    let seed = 7;
    const grain = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % 17) - 8;
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const i = (y * w + x) * 3;
        raw[i] = 128 + 90 * Math.sin(x / 40) + grain();
        raw[i + 1] = 128 + 90 * Math.cos(y / 30) + grain();
        raw[i + 2] = 128 + 60 * Math.sin((x + y) / 55) + grain();
      }
    const photo = await sharp(raw, { raw: { width: w, height: h, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
    const doc = await PDFDocument.create();
    const page = doc.addPage([595, 842]);
    page.drawText("A photograph of the harbour at dawn.", { x: 60, y: 780, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) });
    page.drawImage(await doc.embedJpg(photo), { x: 60, y: 450, width: 300, height: 225 });
    const pdf = await writeTemp("photograph.pdf", await doc.save());

    const entries = await readZip((await runTool(server, "pdf-to-word", [pdf], { embedFonts: false })).path);
    const media = [...entries.keys()].filter((k) => k.startsWith("word/media/"));
    expect(media).toEqual(["word/media/image1.jpg"]);
    const picture = entries.get("word/media/image1.jpg")!;
    expect(picture.length).toBeLessThan(photo.length * 2);
    expect(entries.get("[Content_Types].xml")!.toString()).toContain('Extension="jpg" ContentType="image/jpeg"');
    // Decoded by an independent reader, the picture is the photograph, pixel for pixel within JPEG's loss.
    const decoded = await sharp(picture).raw().toBuffer({ resolveWithObject: true });
    const original = await sharp(photo).raw().toBuffer();
    expect([decoded.info.width, decoded.info.height]).toEqual([w, h]);
    const meanDifference = original.reduce((sum, v, i) => sum + Math.abs(v - decoded.data[i]!), 0) / original.length;
    expect(meanDifference).toBeLessThan(3);

    const { path: html } = await runTool(server, "pdf-to-html", [pdf], { singlePage: true });
    expect(await fs.readFile(html, "utf8")).toContain('src="data:image/jpeg;base64,');
  });

  it("writes ODT and DOC on request, and several files as a ZIP", async () => {
    const odt = await runTool(server, "pdf-to-word", [sourcePdf], { outputDocumentFormat: "odt" });
    const odtEntries = await readZip(odt.path);
    expect(odtEntries.get("mimetype")!.toString()).toBe("application/vnd.oasis.opendocument.text");
    const content = odtEntries.get("content.xml")!.toString("utf8");
    for (const p of source.content.paragraphs) expect(decode(content.replace(/<[^>]+>/g, ""))).toContain(p);
    expect(content).toContain("<table:table ");

    const doc = await runTool(server, "pdf-to-word", [sourcePdf], { outputDocumentFormat: "doc" });
    expect(doc.reply.message).toContain("cannot carry fonts");
    // OLE2 compound file signature: a real Word 97 file.
    expect((await fs.readFile(doc.path)).subarray(0, 8).toString("hex")).toBe("d0cf11e0a1b11ae1");

    const both = await runTool(server, "pdf-to-word", [sourcePdf, await writeTemp("other.pdf", await makeNumberedPdf(1))], { embedFonts: false });
    const zipped = await readZip(both.path);
    expect([...zipped.keys()]).toEqual(["source.docx", "other.docx"]);
    // Each document holds its own PDF's text.
    const inner = async (name: string) => {
      const file = await writeTemp(name, zipped.get(name)!);
      return textOf(await documentXml(file));
    };
    expect(await inner("source.docx")).toContain(source.content.paragraphs[1]);
    expect(await inner("other.docx")).toContain("Sample page 1 of 1");
  });

  it("refuses a damaged PDF with a sentence", async () => {
    const reply = await postTool(server, "pdf-to-word", [{ name: "bad.pdf", data: "%PDF-1.4 nothing" }]);
    expect(reply.status).toBe(422);
  });
});

describe("pdf-to-rtf", () => {
  it("writes Rich Text with the paragraphs and the table", async () => {
    const { path, reply } = await runTool(server, "pdf-to-rtf", [sourcePdf]);
    expect(reply.filename).toBe("source.rtf");
    const rtf = await fs.readFile(path, "latin1");
    expect(rtf.startsWith("{\\rtf1")).toBe(true);
    expect(rtf).toContain("\\trowd");
    const plain = rtf.replace(/\\[a-z]+-?\d* ?/g, "").replace(/[{}]/g, "");
    const found = source.content.paragraphs.flatMap(words).filter((w) => plain.includes(w)).length;
    expect(found / source.content.paragraphs.flatMap(words).length).toBeGreaterThanOrEqual(0.98);
    expect(reply.message).toContain("cannot carry fonts");
  });
});
