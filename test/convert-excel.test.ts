import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PDFDocument, StandardFonts } from "@cantoo/pdf-lib";
import { makeXlsx } from "./helpers/office-fixtures.js";
import { writeTemp } from "./helpers/pdf-tools.js";
import { runTool, startServer, type TestServer } from "./helpers/server.js";
import { readZip } from "./helpers/zip.js";

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
}

function cellsOf(sheetXml: string): SheetCell[][] {
  return [...sheetXml.matchAll(/<row [^>]*>([\s\S]*?)<\/row>/g)].map((row) =>
    [...row[1]!.matchAll(/<c r="([A-Z]+\d+)"([^>]*)>([\s\S]*?)<\/c>/g)].map((c) => {
      const [, ref, attrs, inner] = c;
      if (/t="inlineStr"/.test(attrs!)) return { ref: ref!, text: /<t[^>]*>([^<]*)<\/t>/.exec(inner!)?.[1] ?? "" };
      return { ref: ref!, number: Number(/<v>([^<]*)<\/v>/.exec(inner!)?.[1]), formula: /<f>([^<]*)<\/f>/.exec(inner!)?.[1] };
    }),
  );
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
});
