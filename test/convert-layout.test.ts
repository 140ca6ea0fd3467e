import fs from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpus } from "./helpers/corpus.js";
import { makeColumnPdf, type ColumnDocument } from "./helpers/layout-fixtures.js";
import { FORM_ENTRIES, fillLibreOfficeForm } from "./helpers/form-pdf.js";
import { pdftotext, writeTemp } from "./helpers/pdf-tools.js";
import { lcsLength, orderAndKept, orderWords, readingOrderAgainstPdf, readingOrderScore, rtfText } from "./helpers/reading-order.js";
import { REBUILT_FORMATS, readRebuilt, type RebuiltTool } from "./helpers/rebuilt-output.js";
import { runTool, startServer, type TestServer } from "./helpers/server.js";
import { readZip } from "./helpers/zip.js";

/**
 * Rebuilt documents read like the original: a two-column article (and a three-column one) comes back from every
 * rebuilt format with its text in reading order, its headings as headings, its one real table as a table and no
 * other, its running head once and no page numbers.
 */

let server: TestServer;
const fixtures = new Map<2 | 3, { file: string; content: ColumnDocument }>();
beforeAll(async () => {
  server = await startServer();
  for (const columns of [2, 3] as const) {
    const { data, content } = await makeColumnPdf(columns);
    fixtures.set(columns, { file: await writeTemp(`article-${columns}.pdf`, data), content });
  }
});
afterAll(async () => server.close());

/** The article's own text in reading order (the footnote closes its page and is left out of the comparison). */
const truthOf = (c: ColumnDocument) => c.flow.join("\n");

describe("reading-order score", () => {
  it("is the longest common subsequence of words over the reference's length", () => {
    expect(lcsLength(["a", "b", "c", "d"], ["b", "a", "c", "d"])).toBe(3);
    expect(readingOrderScore("one two three four", "three four one two")).toBe(0.5);
    expect(readingOrderScore("One, two: three.", "one two three")).toBe(1);
    // A word the reference breaks at a line end is one word.
    expect(orderWords("exam-\nple text")).toEqual(["example", "text"]);
    // Checked against the plain quadratic-memory table on random sequences.
    for (let seed = 1; seed < 20; seed++) {
      const a = Array.from({ length: 40 + seed }, (_, i) => String((i * seed * 7) % 11));
      const b = Array.from({ length: 30 + seed }, (_, i) => String((i * seed * 5 + 3) % 11));
      const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
      for (let i = 1; i <= a.length; i++) {
        for (let j = 1; j <= b.length; j++) table[i]![j] = a[i - 1] === b[j - 1] ? table[i - 1]![j - 1]! + 1 : Math.max(table[i - 1]![j]!, table[i]![j - 1]!);
      }
      expect(lcsLength(a, b)).toBe(table[a.length]![b.length]);
    }
  });

  it("reads RTF text without its font and colour tables", () => {
    expect(rtfText("{\\rtf1{\\fonttbl{\\f0 Times;}}{\\colortbl;\\red0;}\\pard Caf\\'e9 \\u8364? one\\par two}")).toBe("Café € one\ntwo");
  });
});

const FIELDS: Record<RebuiltTool, Record<string, string>> = {
  "pdf-to-word": {},
  "pdf-to-rtf": {},
  "pdf-to-html": { singlePage: "true" },
  "pdf-to-markdown": {},
  "pdf-to-epub": {},
};

describe.each(REBUILT_FORMATS)("%s of a two-column article", (tool) => {
  it("reads in order, with headings, the one real table, the running head once and no page numbers", async () => {
    const { file, content } = fixtures.get(2)!;
    const { path } = await runTool(server, tool, [file], FIELDS[tool]);
    const doc = await readRebuilt(tool, path);
    expect(readingOrderScore(truthOf(content), doc.text)).toBeGreaterThanOrEqual(0.97);
    // Every paragraph whole: joined across column and page breaks, its hyphenated words mended.
    const flat = doc.text.replace(/\s+/g, " ");
    const whole = content.paragraphs.filter((p) => flat.includes(p)).length;
    expect(whole / content.paragraphs.length).toBeGreaterThanOrEqual(0.9);
    expect(flat).toContain(content.footnote);
    for (const heading of [content.title, ...content.headings]) expect(doc.headings).toContain(heading);
    expect(doc.tables).toHaveLength(1);
    if (tool !== "pdf-to-rtf") expect(doc.tables[0]).toEqual(content.table);
    else expect(doc.tables[0]).toHaveLength(content.table.length);
    expect(flat.split(content.runningHead)).toHaveLength(2);
    // The page numbers 1 to 3 are gone; the text itself has no number of its own standing alone.
    expect(flat.split(" ").filter((w) => /^\d+$/.test(w))).toEqual([]);
    expect(doc.pictures).toBe(1);
  });
});

describe("a three-column article and a real two-column paper", () => {
  it("reads three columns in order in Word and Markdown, against pdftotext as well", async () => {
    const { file, content } = fixtures.get(3)!;
    for (const tool of ["pdf-to-word", "pdf-to-markdown"] as const) {
      const doc = await readRebuilt(tool, (await runTool(server, tool, [file])).path);
      expect(readingOrderScore(truthOf(content), doc.text)).toBeGreaterThanOrEqual(0.97);
      expect(await readingOrderAgainstPdf(file, doc.text)).toBeGreaterThanOrEqual(0.95);
      expect(doc.tables).toHaveLength(1);
    }
  });

  it("reads test/corpus/multicolumn.pdf in order, without tables made of its columns", async () => {
    const file = corpus("multicolumn.pdf");
    const doc = await readRebuilt("pdf-to-markdown", (await runTool(server, "pdf-to-markdown", [file])).path);
    expect(await readingOrderAgainstPdf(file, doc.text)).toBeGreaterThanOrEqual(0.9);
    expect(doc.tables.length).toBeLessThanOrEqual(1);
  });
});

describe("a filled-in form", () => {
  it("keeps every entry and box ticked or not in its place, in every rebuilt format", async () => {
    const file = await writeTemp("filled-form.pdf", await fillLibreOfficeForm(await fs.readFile(corpus("libreoffice-form.pdf"))));
    // pdftotext reads the entries from the fields' appearances, which pdf-lib drew as it filled them in.
    const reference = orderWords(await pdftotext(file));
    for (const entry of ["Alice", "Bob", FORM_ENTRIES.lastName, FORM_ENTRIES.birthday, FORM_ENTRIES.nationality]) {
      expect(reference.join(" ")).toContain(orderWords(entry).join(" "));
    }
    // The form read row by row: each answer right after its label.
    const truth = `Example for a Form First Name Alice Last Name ${FORM_ENTRIES.lastName} Birthday ${FORM_ENTRIES.birthday} Gender: Female Male
      Nationality: ${FORM_ENTRIES.nationality} Agree to privacy policy Other Bob`;
    // The same form on a page turned a quarter, where the labels' lines run down the page, through one format.
    const turned = await writeTemp("filled-form-turned.pdf", await fillLibreOfficeForm(await fs.readFile(corpus("libreoffice-form.pdf")), 90));
    const runs = [...REBUILT_FORMATS.map((tool) => ({ tool, file })), { tool: "pdf-to-markdown" as const, file: turned }];
    for (const { tool, file: input } of runs) {
      const doc = await readRebuilt(tool, (await runTool(server, tool, [input], FIELDS[tool])).path);
      const words = orderWords(doc.text);
      expect(orderAndKept(reference, words).kept, tool).toBe(1);
      expect(readingOrderScore(truth, doc.text), tool).toBeGreaterThanOrEqual(0.97);
      const flat = doc.text.replace(/\s+/g, " ");
      for (const shown of [`First Name Alice`, `Last Name ${FORM_ENTRIES.lastName}`, `Birthday ${FORM_ENTRIES.birthday}`, `Nationality: ${FORM_ENTRIES.nationality}`]) {
        expect(flat, tool).toContain(shown);
      }
      // Boxes and radio buttons say whether they are ticked, before their labels.
      for (const shown of ["\u25C9 Female", "\u25EF Male", `\u2612 ${FORM_ENTRIES.ticked}`, `\u2610 ${FORM_ENTRIES.unticked}`]) expect(flat, tool).toContain(shown);
    }
  });
});

describe("fonts in Word documents", () => {
  it("names metric-compatible fonts instead of embedding them, keeping the DOCX small", async () => {
    const { file } = fixtures.get(2)!;
    const { path, reply } = await runTool(server, "pdf-to-word", [file]);
    const entries = await readZip(path);
    expect([...entries.keys()].some((k) => k.startsWith("word/fonts/"))).toBe(false);
    const xml = entries.get("word/document.xml")!.toString("utf8");
    expect(xml).toContain('w:ascii="Times New Roman"');
    expect(xml).toContain('w:ascii="Arial"');
    expect(reply.message).toContain("metric-compatible");
    expect((await fs.stat(path)).size).toBeLessThan(100_000);
  });

  it("names fonts that exist only inside the PDF: LibreOffice could not embed them anyway", async () => {
    // multicolumn.pdf is set in Computer Modern (CMR10 and others), which this server does not have.
    const { path, reply } = await runTool(server, "pdf-to-word", [corpus("multicolumn.pdf")]);
    expect(reply.message).toContain("exist only inside the PDF");
    const entries = await readZip(path);
    expect([...entries.keys()].some((k) => k.startsWith("word/fonts/"))).toBe(false);
    expect(entries.get("word/document.xml")!.toString("utf8")).toContain('w:ascii="CMR10"');
    expect((await fs.stat(path)).size).toBeLessThan(100_000);
  });
});
