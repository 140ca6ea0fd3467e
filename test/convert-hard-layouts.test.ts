import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpus } from "./helpers/corpus.js";
import { officeResave } from "./helpers/ocr-fixtures.js";
import { makeOdtLayout, type LayoutTruth, type OdtLayout } from "./helpers/odt-layouts.js";
import { writeTemp } from "./helpers/pdf-tools.js";
import { orderAndKept, orderWords } from "./helpers/reading-order.js";
import { readRebuilt } from "./helpers/rebuilt-output.js";
import { runTool, startServer, type TestServer } from "./helpers/server.js";
import { readZip } from "./helpers/zip.js";

/**
 * Layouts that make reading order hard, written here as OpenDocument files and printed to PDF by LibreOffice,
 * come back in the order a reader takes them: columns broken by a figure and a table set across the page, with
 * footnotes and a drop cap; a shaded sidebar beside a paragraph; Arabic and Hebrew in columns that run from the
 * right; Chinese set vertically. Shading comes back as colour; RTF is small and opens in LibreOffice and unrtf.
 */

const exec = promisify(execFile);
let server: TestServer;
const printed = new Map<OdtLayout, { file: string; truth: LayoutTruth }>();

beforeAll(async () => {
  server = await startServer();
  for (const layout of ["spans", "sidebar", "rtl", "vertical"] as const) {
    const { data, truth } = await makeOdtLayout(layout);
    const { path: pdf } = await runTool(server, "word-to-pdf", [{ name: `${layout}.odt`, data }]);
    printed.set(layout, { file: await writeTemp(`${layout}.pdf`, await fs.readFile(pdf)), truth });
  }
});
afterAll(async () => server.close());

/** Chinese is written without spaces: each character counts as a word. */
const words = (text: string) => orderWords(text.replace(/\p{Script=Han}/gu, " $& "));
const flat = (text: string) => text.replace(/\s+/g, " ");
/** The text of WordprocessingML, paragraph by paragraph. */
const documentText = (xml: string) => xml.split("</w:p>").map((p) => [...p.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join("")).join("\n");

describe("columns broken by a figure and a table, with footnotes and a drop cap", () => {
  it("come back in order from Word and Markdown, each paragraph whole", async () => {
    const { file, truth } = printed.get("spans")!;
    for (const tool of ["pdf-to-word", "pdf-to-markdown"] as const) {
      const doc = await readRebuilt(tool, (await runTool(server, tool, [file])).path);
      const { order, kept } = orderAndKept(words(truth.flow.join("\n")), words(doc.text));
      expect(order).toBeGreaterThanOrEqual(0.97);
      expect(kept).toBeGreaterThanOrEqual(0.97);
      const text = flat(doc.text);
      // The drop cap is back at the start of its word; footnotes are whole, after their page's text.
      for (const p of [...truth.paragraphs, ...truth.asides]) expect(text).toContain(p);
      for (const h of truth.headings) expect(doc.headings).toContain(h);
      expect(doc.tables).toHaveLength(1);
      expect(doc.tables[0]!.flat()).toEqual(truth.cells);
      expect(doc.pictures).toBe(1);
      expect(text.split("Journal of Hard Layouts")).toHaveLength(2);
    }
  });
});

describe("a sidebar and shading", () => {
  it("read the sidebar after the paragraph it stands beside, and keep the colours in Word, HTML and Excel", async () => {
    const { file, truth } = printed.get("sidebar")!;
    const word = await runTool(server, "pdf-to-word", [file]);
    const doc = await readRebuilt("pdf-to-word", word.path);
    const text = flat(doc.text);
    for (const p of [...truth.paragraphs, ...truth.asides]) expect(text).toContain(p);
    // The paragraph beside the box is read whole, then the box.
    expect(text.indexOf(truth.asides[0]!)).toBeGreaterThan(text.indexOf(truth.paragraphs[1]!) + truth.paragraphs[1]!.length - 1);
    expect(new Set(doc.fills)).toEqual(new Set(truth.fills));
    const html = await readRebuilt("pdf-to-html", (await runTool(server, "pdf-to-html", [file], { singlePage: "true" })).path);
    expect(new Set(html.fills)).toEqual(new Set(truth.fills));
    // Excel: the header cells and the one alert cell are filled with their colours.
    const xlsx = await readZip((await runTool(server, "pdf-to-excel", [file])).path);
    const styles = xlsx.get("xl/styles.xml")!.toString("utf8");
    expect(styles).toContain('rgb="FFDBE5F1"');
    expect(styles).toContain('rgb="FFFCE4D6"');
    // LibreOffice opens the Word document with its text and shading (and saves them again).
    const resaved = (await readZip(await writeTemp("resaved.docx", await officeResave(word.path, "docx", "docx:MS Word 2007 XML")))).get("word/document.xml")!.toString("utf8");
    expect(flat(documentText(resaved))).toContain(truth.asides[1]!);
    expect(resaved.toLowerCase()).toContain('w:fill="fff2cc"');
  });
});

describe("right-to-left and vertical text", () => {
  it("reads Arabic and Hebrew columns from the right, as right-to-left paragraphs", async () => {
    const { file, truth } = printed.get("rtl")!;
    const word = await runTool(server, "pdf-to-word", [file]);
    const doc = await readRebuilt("pdf-to-word", word.path);
    expect(orderAndKept(words(truth.flow.join("\n")), words(doc.text)).order).toBeGreaterThanOrEqual(0.97);
    // Lam-alef ligatures keep their letters' order: every paragraph comes back as written.
    for (const p of truth.paragraphs) expect(flat(doc.text)).toContain(p);
    const xml = (await readZip(word.path)).get("word/document.xml")!.toString("utf8");
    // Written by us as <w:bidi/>; LibreOffice, embedding the fonts, writes it again as <w:bidi w:val="1"/>.
    expect((xml.match(/<w:bidi\b/g) ?? []).length).toBeGreaterThanOrEqual(truth.paragraphs.length);
    const html = await fs.readFile((await runTool(server, "pdf-to-html", [file], { singlePage: "true" })).path, "utf8");
    expect(html).toContain('<p dir="rtl"');
  });

  it("keeps an Arabic word whole where its letters come without widths, on pages turned every way", async () => {
    // Each page of habibi-rotated.pdf holds the same line, turned a quarter more each time; the Arabic word's letters
    // after the first come without widths (text given whole), its vowel mark among them.
    const { path: md } = await runTool(server, "pdf-to-markdown", [corpus("habibi-rotated.pdf")]);
    const text = await fs.readFile(md, "utf8");
    expect(text.match(/حَبيبي/g)).toHaveLength(8);
    expect(text).not.toContain("حبَبي");
  });

  it("reads vertical Chinese column by column from the right", async () => {
    const { file, truth } = printed.get("vertical")!;
    const doc = await readRebuilt("pdf-to-markdown", (await runTool(server, "pdf-to-markdown", [file])).path);
    const { order, kept } = orderAndKept(words(truth.flow.join("\n")), words(doc.text));
    expect(order).toBeGreaterThanOrEqual(0.97);
    expect(kept).toBeGreaterThanOrEqual(0.97);
    expect(doc.tables).toHaveLength(0);
    // Each paragraph whole, its columns joined without spaces, as Chinese is written.
    for (const p of truth.paragraphs) expect(doc.text).toContain(p);
  });
});

describe("a title over the columns of a form", () => {
  it("comes first, and the form's rows are read across", async () => {
    const md = await fs.readFile((await runTool(server, "pdf-to-markdown", [corpus("libreoffice-form.pdf")])).path, "utf8");
    expect(md.trimStart().startsWith("# Example for a Form")).toBe(true);
    const at = (s: string) => md.indexOf(s);
    expect(at("First Name")).toBeLessThan(at("Last Name"));
    expect(at("Last Name")).toBeLessThan(at("Birthday"));
  });
});

describe("RTF", () => {
  it("stores each picture once, as PNG or JPEG, and opens in LibreOffice and unrtf with its text and pictures", async () => {
    const { file, truth } = printed.get("spans")!;
    const rtf = await runTool(server, "pdf-to-rtf", [file]);
    const docx = await runTool(server, "pdf-to-word", [file]);
    const data = await fs.readFile(rtf.path, "latin1");
    expect((data.match(/\\pict\b/g) ?? []).length).toBe(1);
    // The figure, which LibreOffice printed as a JPEG, stays one.
    expect(data).toContain("\\jpegblip");
    expect(data).not.toMatch(/\\(?:nonshppict|dibitmap|wbitmap|wmetafile)/);
    // The picture is written in hexadecimal, twice its bytes: the file stays within three times the DOCX.
    expect((await fs.stat(rtf.path)).size).toBeLessThan(3 * (await fs.stat(docx.path)).size);
    const doc = await readRebuilt("pdf-to-rtf", rtf.path);
    expect(doc.tables[0]!.flat()).toEqual(truth.cells);
    for (const h of truth.headings) expect(doc.headings).toContain(h);

    // LibreOffice opens it with the text in order and the picture (and saves them as DOCX).
    const resaved = await readZip(await writeTemp("from-rtf.docx", await officeResave(rtf.path, "rtf", "docx:MS Word 2007 XML")));
    expect(orderAndKept(words(truth.flow.join("\n")), words(documentText(resaved.get("word/document.xml")!.toString("utf8")))).order).toBeGreaterThanOrEqual(0.97);
    expect([...resaved.keys()].filter((k) => k.startsWith("word/media/"))).toHaveLength(1);

    // unrtf, a reader of its own: the text, and the picture written out as a file.
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "unrtf-"));
    try {
      const { stdout } = await exec("unrtf", ["--html", rtf.path], { cwd: dir, maxBuffer: 32 * 1024 * 1024 });
      const plain = stdout.replace(/<[^>]*>/g, " ").replace(/&nbsp;/g, " ");
      expect(orderAndKept(words(truth.flow.join("\n")), words(plain)).order).toBeGreaterThanOrEqual(0.97);
      const pictures = (await fs.readdir(dir)).filter((f) => /\.(png|jpe?g)$/.test(f));
      expect(pictures).toHaveLength(1);
      // JPEG's start-of-image marker.
      expect((await fs.readFile(path.join(dir, pictures[0]!))).subarray(0, 3).toString("hex")).toBe("ffd8ff");
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
