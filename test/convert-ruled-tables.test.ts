import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeRuledTablePdf, type RuledContent } from "./helpers/ruled-fixtures.js";
import { writeTemp } from "./helpers/pdf-tools.js";
import { readingOrderScore } from "./helpers/reading-order.js";
import { readRebuilt } from "./helpers/rebuilt-output.js";
import { runTool, startServer, type TestServer } from "./helpers/server.js";
import { readZip } from "./helpers/zip.js";

/**
 * Tables drawn with ruling lines are found from their rules: cells, merged cells where a rule is missing, and no
 * table from two columns of prose parted by rules.
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
