import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PDFDocument, StandardFonts } from "@cantoo/pdf-lib";
import { makeXlsx } from "./helpers/office-fixtures.js";
import { makeRuledTablePdf } from "./helpers/ruled-fixtures.js";
import { writeTemp } from "./helpers/pdf-tools.js";
import { runTool, startServer, type TestServer } from "./helpers/server.js";
import { readZip } from "./helpers/zip.js";
import { parseCell, readingOf } from "../server/convert/cell-values.js";

/** Round trip: an XLSX made by the test → PDF → Excel again, cells read straight from the sheet XML. */

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server.close());

interface SheetCell {
  ref: string;
  text?: string;
  number?: number;
  formula?: string;
  /** The cell's style index. */
  style?: number;
}

function cellsOf(sheetXml: string): SheetCell[][] {
  return [...sheetXml.matchAll(/<row [^>]*>([\s\S]*?)<\/row>/g)].map((row) =>
    [...row[1]!.matchAll(/<c r="([A-Z]+\d+)"([^>]*)>([\s\S]*?)<\/c>/g)].map((c) => {
      const [, ref, attrs, inner] = c;
      if (/t="inlineStr"/.test(attrs!)) return { ref: ref!, text: /<t[^>]*>([^<]*)<\/t>/.exec(inner!)?.[1] ?? "" };
      const style = /s="(\d+)"/.exec(attrs!)?.[1];
      return { ref: ref!, number: Number(/<v>([^<]*)<\/v>/.exec(inner!)?.[1]), formula: /<f>([^<]*)<\/f>/.exec(inner!)?.[1], style: style === undefined ? 0 : Number(style) };
    }),
  );
}

/** The number format code of each cell style, from xl/styles.xml (built-in formats by their id). */
async function formatCodes(file: string): Promise<string[]> {
  const styles = (await readZip(file)).get("xl/styles.xml")!.toString("utf8");
  const custom = new Map([...styles.matchAll(/<numFmt numFmtId="(\d+)" formatCode="([^"]*)"\/>/g)].map((m) => [Number(m[1]), m[2]!.replace(/&quot;/g, '"')]));
  const builtIn: Record<number, string> = { 0: "General", 1: "0", 2: "0.00", 3: "#,##0", 4: "#,##0.00", 9: "0%", 10: "0.00%" };
  const xfs = /<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/.exec(styles)![1]!;
  return [...xfs.matchAll(/<xf numFmtId="(\d+)"/g)].map((m) => custom.get(Number(m[1])) ?? builtIn[Number(m[1])] ?? `id ${m[1]}`);
}

async function sheets(file: string): Promise<string[]> {
  const entries = await readZip(file);
  return [...entries.keys()].filter((k) => /^xl\/worksheets\/sheet\d+\.xml$/.test(k)).sort().map((k) => entries.get(k)!.toString("utf8"));
}

describe("pdf-to-excel", () => {
  it("round-trips an XLSX: cells come back equal, numbers as numbers", async () => {
    const { data, cells } = await makeXlsx(12);
    const { path: pdf } = await runTool(server, "word-to-pdf", [{ name: "stock.xlsx", data }]);
    const { path, reply } = await runTool(server, "pdf-to-excel", [pdf], { preserveSpreadsheetLayout: false });
    expect(reply.message).toContain("Found 1 table");
    const [sheet] = await sheets(path);
    const got = cellsOf(sheet!);
    let equal = 0;
    cells.forEach((row, r) =>
      row.forEach((value, c) => {
        const cell = got[r]?.[c];
        if (/^[\d.]+$/.test(value) ? cell?.number === Number(value) : cell?.text === value) equal++;
      }),
    );
    expect(equal / cells.flat().length).toBeGreaterThanOrEqual(0.95);
  });

  it("turns a totals row into SUM formulas with detectFormulas, and keeps pages as sheets by default", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([595, 842]);
    page.drawText("Quarterly figures", { x: 60, y: 780, size: 14, font });
    const rows = [
      ["Region", "Units", "Revenue"],
      ["North", "120", "1,250.50"],
      ["South", "80", "2,000.25"],
      ["West", "45", "310.00"],
      ["Total", "245", "3,560.75"],
    ];
    rows.forEach((row, r) => row.forEach((cell, c) => page.drawText(cell, { x: 60 + c * 150 + (c > 0 && r > 0 ? 60 - font.widthOfTextAtSize(cell, 11) : 0), y: 740 - r * 18, size: 11, font })));
    const input = await writeTemp("figures.pdf", await doc.save());

    const { path } = await runTool(server, "pdf-to-excel", [input], { detectFormulas: true });
    const [sheet] = await sheets(path);
    const got = cellsOf(sheet!);
    expect(got[0]![0]!.text).toBe("Quarterly figures");
    const total = got.find((row) => row[0]?.text === "Total")!;
    expect(total[1]).toMatchObject({ number: 245, formula: expect.stringMatching(/^SUM\(B\d+:B\d+\)$/) });
    expect(total[2]).toMatchObject({ number: 3560.75, formula: expect.stringMatching(/^SUM\(C\d+:C\d+\)$/) });
    // The formula covers exactly the three rows above.
    const [from, to] = /SUM\(B(\d+):B(\d+)\)/.exec(total[1]!.formula!)!.slice(1).map(Number);
    expect(got[from! - 1]![0]!.text).toBe("North");
    expect(got[to! - 1]![0]!.text).toBe("West");

    const plain = cellsOf((await sheets((await runTool(server, "pdf-to-excel", [input])).path))[0]!);
    expect(plain.flat().some((c) => c.formula)).toBe(false);
    expect(plain.find((row) => row[0]?.text === "North")![2]!.number).toBe(1250.5);
  });

  it("types numbers, percentages, money and dates with their formats, each table its own region, prose as text", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([595, 842]);
    const draw = (text: string, x: number, y: number) => page.drawText(text, { x, y, size: 10, font });
    draw("Orders received this month were higher than in any month of the previous year, as the figures show.", 60, 790);
    const orders = [
      ["Order", "Date", "Amount", "Share"],
      ["A-17", "2024-03-15", "$1,250.50", "12.5%"],
      ["B-02", "2024-03-18", "$980.00", "9.8%"],
      ["C-33", "2024-04-02", "$7,770.00", "77.7%"],
    ];
    orders.forEach((row, r) => row.forEach((cell, c) => draw(cell, 60 + c * 110, 760 - r * 16)));
    draw("The second table gives the prices charged by the Berlin office.", 60, 680);
    const prices = [
      ["Artikel", "Datum", "Preis", "Rabatt"],
      ["Tisch", "15.03.2024", "1.299,00 €", "12,5 %"],
      ["Stuhl", "02.04.2024", "89,90 €", "5 %"],
      ["Lampe", "30.04.2024", "45,00 €", "0 %"],
    ];
    prices.forEach((row, r) => row.forEach((cell, c) => draw(cell, 60 + c * 110, 650 - r * 16)));
    const input = await writeTemp("typed.pdf", await doc.save());

    const { path, reply } = await runTool(server, "pdf-to-excel", [input]);
    expect(reply.message).toContain("Found 2 tables");
    const [sheet] = await sheets(path);
    const got = cellsOf(sheet!);
    const formats = await formatCodes(path);
    const formatOf = (cell: SheetCell | undefined) => formats[cell!.style!];
    // Prose stays one text cell in its row, not spread over cells.
    expect(got[0]).toHaveLength(1);
    expect(got[0]![0]!.text).toMatch(/^Orders received/);
    const a17 = got.find((row) => row[0]?.text === "A-17")!;
    expect(a17[1]).toMatchObject({ number: 45366 });
    expect(formatOf(a17[1])).toBe("yyyy-mm-dd");
    expect(a17[2]!.number).toBe(1250.5);
    expect(formatOf(a17[2])).toBe('"$"#,##0.00');
    expect(a17[3]!.number).toBeCloseTo(0.125, 10);
    expect(formatOf(a17[3])).toBe("0.0%");
    // The second table, its own region below the first, with decimal commas.
    const second = got.findIndex((row) => row[0]?.text === "Artikel");
    expect(second).toBeGreaterThan(got.findIndex((row) => row[0]?.text === "C-33") + 1);
    expect(got[second - 1]![0]?.text ?? "").toMatch(/^(The second table|)/);
    const tisch = got[second + 1]!;
    expect(tisch[1]!.number).toBe(45366);
    expect(formatOf(tisch[1])).toBe("dd.mm.yyyy");
    expect(tisch[2]!.number).toBe(1299);
    expect(formatOf(tisch[2])).toBe('#,##0.00" €"');
    expect(tisch[3]!.number).toBeCloseTo(0.125, 10);
    expect(got[second + 2]![2]!.number).toBeCloseTo(89.9, 10);
    // Header cells stay text.
    expect(got[second]!.every((c) => c.text !== undefined)).toBe(true);
  });

  it("keeps a ruled table's merged header cells merged, and its numbers typed", async () => {
    const { data, content } = await makeRuledTablePdf();
    const input = await writeTemp("ruled.pdf", data);
    const { path } = await runTool(server, "pdf-to-excel", [input], { preserveSpreadsheetLayout: false, pageRange: "1" });
    const [sheet] = await sheets(path);
    const merges = [...sheet!.matchAll(/<mergeCell ref="([A-Z]+\d+:[A-Z]+\d+)"\/>/g)].map((m) => m[1]);
    expect(merges.sort()).toEqual(["A1:A2", "B1:C1", "D1:D2"]);
    const got = cellsOf(sheet!);
    const formats = await formatCodes(path);
    // The year headers under the merged cell are headers, not numbers.
    expect(got[1]!.map((c) => c.text)).toEqual(expect.arrayContaining(["2023", "2024"]));
    const north = got.find((row) => row[0]?.text === content.table[2]![0])!;
    expect(north.slice(1).map((c) => c.number)).toEqual([1250.5, 1400, 0.125]);
    expect(north.slice(1).map((c) => formats[c.style!])).toEqual(["#,##0.00", "#,##0.00", "0.0%"]);
  });
});

describe("cell values", () => {
  const point = { decimalComma: false, dayFirst: false };
  const comma = { decimalComma: true, dayFirst: true };

  it("reads a table's convention from the cells that tell, and numbers by it", () => {
    expect(readingOf(["1.234,56", "12,5", "1.000"])).toEqual(comma);
    expect(readingOf(["1,234.56", "12.5", "1,000"])).toEqual(point);
    expect(readingOf(["1,234", "31/12/2024"])).toEqual({ decimalComma: false, dayFirst: true });
    expect(parseCell("1,234", point)).toMatchObject({ value: 1234, format: "#,##0" });
    expect(parseCell("1,234", comma)).toMatchObject({ value: 1.234, format: "0.000" });
    expect(parseCell("1 234 567,5", comma)).toMatchObject({ value: 1234567.5, format: "#,##0.0" });
    expect(parseCell("1'234.50", point)).toMatchObject({ value: 1234.5, format: "#,##0.00" });
    expect(parseCell("(3.00)", point)).toMatchObject({ value: -3, format: "0.00;(0.00)" });
    expect(parseCell("−7", point)).toMatchObject({ value: -7, format: "General" });
    expect(parseCell("EUR 12", point)).toMatchObject({ value: 12, format: '"EUR "0' });
    expect(parseCell("03/04/2024", point)).toMatchObject({ value: 45355, format: "mm/dd/yyyy" });
    expect(parseCell("03/04/2024", comma)).toMatchObject({ value: 45385, format: "dd/mm/yyyy" });
    // Not numbers: section numbers, ranges, codes, impossible dates, a comma group of the wrong size.
    for (const text of ["1.2.3", "10-12", "A-17", "31.02.2024", "12,34,5", "1,2345", "$", "%", "5 apples", "2024-13-01"]) expect(parseCell(text, point)).toBeUndefined();
  });

  it("reads long crafted cells in linear time", () => {
    const start = process.hrtime.bigint();
    for (const text of ["1,".repeat(20_000), "1".repeat(50_000) + "x", "(".repeat(20_000), "1 ".repeat(20_000) + ",5"]) {
      parseCell(text, point);
      parseCell(text, comma);
      readingOf([text]);
    }
    expect(Number(process.hrtime.bigint() - start) / 1e6).toBeLessThan(500);
  });
});
