import fs from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeBooktabsPdf, makeRuledTablePdf, type RuledContent } from "./helpers/ruled-fixtures.js";
import { makeWriterDocx } from "./helpers/writer-fixtures.js";
import { writeTemp } from "./helpers/pdf-tools.js";
import { readingOrderScore } from "./helpers/reading-order.js";
import { readRebuilt } from "./helpers/rebuilt-output.js";
import { runTool, startServer, type TestServer } from "./helpers/server.js";
import { readZip } from "./helpers/zip.js";

/**
 * Tables drawn with ruling lines are found from their rules: cells, merged cells where a rule is missing, and no
 * table from two columns of prose parted by rules. Vector drawings come through as pictures. A Word document
 * printed to PDF by LibreOffice (two columns, footnote, list, picture, merged and shaded table cells, Hebrew,
 * Arabic, Chinese) reads back in order with its headings, its table and its picture.
 */

let server: TestServer;
let file: string;
let content: RuledContent;
beforeAll(async () => {
  server = await startServer();
  const made = await makeRuledTablePdf();
  content = made.content;
  file = await writeTemp("ruled.pdf", made.data);
});
afterAll(async () => server.close());

describe("tables from ruling lines", () => {
  it("finds the ruled table's cells in Word, with merged cells spanning, and none in the ruled prose", async () => {
    const { path } = await runTool(server, "pdf-to-word", [file]);
    const doc = await readRebuilt("pdf-to-word", path);
    expect(doc.tables).toHaveLength(1);
    const xml = (await readZip(path)).get("word/document.xml")!.toString("utf8");
    // The header cell over two columns, and the two cells over two rows (started, then continued below).
    expect(xml.match(/<w:gridSpan w:val="2"\/>/g)).toHaveLength(1);
    expect(xml.match(/<w:vMerge w:val="restart"\/>/g)).toHaveLength(2);
    expect(xml.match(/<w:vMerge\/>/g)).toHaveLength(2);
    // Word leaves out the grid cells a span covers; the cells it keeps hold the table's text.
    const expected = content.table.map((row, r) => row.filter((_, c) => !content.merges.some((m) => m.row === r && c > m.col && c < m.col + m.cols)));
    expect(doc.tables[0]).toEqual(expected);
    // Both pages' prose comes through as text, in order.
    expect(readingOrderScore(content.prose.join(" "), doc.text)).toBeGreaterThanOrEqual(0.97);
  });

  it("writes colspan and rowspan in HTML", async () => {
    const { path } = await runTool(server, "pdf-to-html", [file], { singlePage: "true" });
    const doc = await readRebuilt("pdf-to-html", path);
    expect(doc.tables).toHaveLength(1);
    const html = doc.tables[0]!.flat().join("|");
    expect(html).toContain("Sales in euro|Share of total|2023|2024");
    const markup = (await import("node:fs/promises")).readFile(path, "utf8");
    expect(await markup).toMatch(/<th colspan="2">Sales in euro<\/th>/);
    expect((await markup).match(/rowspan="2"/g)).toHaveLength(2);
  });
});

describe("tables ruled across only", () => {
  it("finds a booktabs table, its empty cell keeping the others in their columns, in Word, HTML and Excel", async () => {
    const booktabs = await makeBooktabsPdf();
    const pdf = await writeTemp("booktabs.pdf", booktabs.data);
    for (const tool of ["pdf-to-word", "pdf-to-html"] as const) {
      const doc = await readRebuilt(tool, (await runTool(server, tool, [pdf], tool === "pdf-to-html" ? { singlePage: "true" } : {})).path);
      expect(doc.tables, tool).toEqual([booktabs.table]);
      expect(readingOrderScore(booktabs.prose.join(" "), doc.text)).toBe(1);
    }
    // A sheet of the table alone: the depth column keeps its numbers as numbers, the empty cell empty.
    const sheet = (await readZip((await runTool(server, "pdf-to-excel", [pdf], { preserveSpreadsheetLayout: false })).path)).get("xl/worksheets/sheet1.xml")!.toString("utf8");
    expect(sheet).toMatch(/<c r="C2" s="\d+"><v>9\.5<\/v><\/c>/);
    expect(sheet).not.toContain('<c r="C3"');
    expect(sheet).toMatch(/<c r="D3" t="inlineStr"><is><t xml:space="preserve">Fishing boats only<\/t>/);
  });
});

describe("what has no text form", () => {
  it("shows a vector chart as a picture in its place, its labels in the picture, shaded text as text", async () => {
    const { chart } = content;
    for (const tool of ["pdf-to-word", "pdf-to-html", "pdf-to-markdown", "pdf-to-epub"] as const) {
      const { path } = await runTool(server, tool, [file], { pageRange: "3", ...(tool === "pdf-to-html" ? { singlePage: "true" } : {}) });
      const doc = await readRebuilt(tool, path);
      expect(doc.pictures, tool).toBe(1);
      const flat = doc.text.replace(/\s+/g, " ");
      for (const label of chart.labels) expect(flat, tool).not.toContain(label);
      expect(flat).toContain(chart.shaded);
      expect(doc.tables).toHaveLength(0);
      // In its place: after the paragraph above it and before the one below.
      if (tool === "pdf-to-word") {
        const xml = (await readZip(path)).get("word/document.xml")!.toString("utf8");
        const at = (needle: string) => xml.indexOf(needle);
        expect(at(chart.before.slice(0, 30))).toBeLessThan(at("<w:drawing>"));
        expect(at("<w:drawing>")).toBeLessThan(at(chart.after.slice(0, 30)));
        const media = [...(await readZip(path)).entries()].filter(([k]) => k.startsWith("word/media/"));
        expect(media).toHaveLength(1);
        // A crop of the chart alone, compact.
        expect(media[0]![1].length).toBeLessThan(60_000);
        expect((await fs.stat(path)).size).toBeLessThan(80_000);
      }
    }
  });

  it("renders no picture for a ruled table or ruled prose", async () => {
    const doc = await readRebuilt("pdf-to-word", (await runTool(server, "pdf-to-word", [file], { pageRange: "1-2" })).path);
    expect(doc.pictures).toBe(0);
  });
});

describe("a document printed by LibreOffice", () => {
  it.each([2, 3] as const)("in %i columns comes back from Word in order, with its headings, table cells, one table and its picture", async (columns) => {
    const { data, content: writer } = await makeWriterDocx(columns);
    const { path: pdf } = await runTool(server, "word-to-pdf", [{ name: "report.docx", data }]);
    const doc = await readRebuilt("pdf-to-word", (await runTool(server, "pdf-to-word", [pdf], { embedFonts: false })).path);
    // Chinese has no spaces: each character counts as a word.
    const cjk = (t: string) => t.replace(/\p{Script=Han}/gu, " $& ");
    expect(readingOrderScore(cjk(writer.truth), cjk(doc.text))).toBeGreaterThanOrEqual(0.97);
    for (const heading of writer.headings) expect(doc.headings).toContain(heading);
    expect(doc.tables).toHaveLength(1);
    const cells = new Set(doc.tables[0]!.flat());
    expect(writer.cells.filter((c) => cells.has(c)).length / writer.cells.length).toBeGreaterThanOrEqual(0.95);
    expect(doc.pictures).toBe(1);
    expect(doc.text.replace(/\s+/g, " ")).toContain(writer.footnote);
  });
});
