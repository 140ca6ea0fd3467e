import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formulaRegions, type FormulaBlock, type FormulaLine } from "../server/engines/mupdf/formula-regions.js";
import { corpus } from "./helpers/corpus.js";
import { runTool, startServer, type TestServer } from "./helpers/server.js";
import { readZip } from "./helpers/zip.js";

/**
 * Displayed formulas become pictures of themselves in rebuilt documents, described by their characters; a
 * formula inside a sentence, and prose in a mathematical font's company, stay text.
 */

type Box = [number, number, number, number];
const line = (bbox: Box, ...spans: Array<[string, string]>): FormulaLine => ({ bbox, spans: spans.map(([text, font]) => ({ text, font })) });
const block = (...lines: FormulaLine[]): FormulaBlock => ({
  bbox: [Math.min(...lines.map((l) => l.bbox[0])), Math.min(...lines.map((l) => l.bbox[1])), Math.max(...lines.map((l) => l.bbox[2])), Math.max(...lines.map((l) => l.bbox[3]))],
  lines,
});

describe("finding displayed formulas", () => {
  const prose = (y: number, text = "The sets below are open in the topology we defined") => line([72, y, 520, y + 12], [text, "SFRM1095"]);

  it("takes an indented line of mathematics with the raised and lowered pieces around it", () => {
    const sum = line([200, 130, 260, 148], ["∑", "CMEX10"], ["x", "CMMI10"], ["=", "CMR10"], ["1", "CMR10"]);
    const upper = line([204, 122, 214, 129], ["n", "CMMI7"]);
    const lower = line([202, 149, 218, 156], ["i=1", "CMMI7"]);
    const number = line([480, 133, 510, 145], ["(2.1)", "SFRM1095"]);
    const found = formulaRegions([block(prose(100), prose(114), sum, upper, lower, number, prose(160))]);
    expect(found).toHaveLength(1);
    expect(found[0]!.bbox[0]).toBe(200);
    expect(found[0]!.bbox[2]).toBe(510);
    expect(found[0]!.text).toBe("n ∑x=1 (2.1) i=1");
    expect([...found[0]!.lines]).toEqual(expect.arrayContaining([sum, upper, lower, number]));
  });

  it("leaves mathematics that ends a sentence's line, at the paragraph's edge, in the sentence", () => {
    const end = line([72, 114, 120, 126], ["U", "CMMI10"], ["0", "CMR7"], ["⊆", "CMSY10"], ["U", "CMMI10"], [".", "CMMI10"]);
    expect(formulaRegions([block(prose(100), end, prose(128))])).toEqual([]);
  });

  it("takes a block of formula lines standing alone, whatever its indent", () => {
    const lines = [0, 1, 2].map((i) => line([72, 200 + i * 16, 300, 212 + i * 16], ["d(x,y)", "CMMI10"], ["≤", "CMSY10"], ["d(x,z)+d(z,y)", "CMMI10"]));
    const found = formulaRegions([block(prose(100)), block(...lines)]);
    expect(found).toHaveLength(1);
    expect(found[0]!.lines.size).toBe(3);
  });

  it("leaves prose alone: Greek text, a line with a few symbols, a lone symbol in a table", () => {
    const greek = line([120, 100, 500, 112], ["Η τοπολογία ορίζεται από τα ανοικτά σύνολα", "DejaVuSerif"]);
    const symbols = line([120, 120, 500, 132], ["If x ≤ y and y ≤ z then x ≤ z", "SFRM1095"]);
    const cell = line([300, 140, 310, 152], ["±", "CMSY10"]);
    expect(formulaRegions([block(prose(90), greek, symbols, cell)])).toEqual([]);
  });

  it("keeps a formula's box off the lines above and below it", () => {
    const formula = line([200, 106, 300, 128], ["x", "CMMI10"], ["∈", "CMSY10"], ["R", "MSBM10"], ["n", "CMMI7"]);
    const found = formulaRegions([block(prose(100), formula, prose(122))]);
    expect(found).toHaveLength(1);
    expect(found[0]!.bbox[1]).toBeGreaterThan(108);
    expect(found[0]!.bbox[3]).toBeLessThan(126);
  });
});

describe("formulas in a rebuilt document", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server.close());

  it("shows a real paper's displayed formulas as pictures in their place, the sentences around them as text", async () => {
    // Page 15 of a lecture script set in LaTeX: a set written with a sum and a column vector between sentences.
    const { path } = await runTool(server, "pdf-to-markdown", [corpus("GeoTopo-komprimiert.pdf")], { pageRange: "15" });
    const entries = await readZip(path);
    const markdown = [...entries].find(([name]) => name.endsWith(".md"))![1].toString("utf8");
    const pictures = [...markdown.matchAll(/!\[([^\]]*)\]\(([^)]+)\)/g)].map((m) => ({ alt: m[1]!, name: m[2]! }));
    const set = pictures.find((p) => p.alt.startsWith("Sn ="));
    expect(set, markdown).toBeDefined();
    expect(set!.alt).toContain("∥x∥= 1");
    const png = [...entries].find(([name]) => name.endsWith(set!.name))![1];
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
    // The prose around it is text, in order, and the formula's scattered pieces are not.
    const text = markdown.replace(/!\[[^\]]*\]\([^)]+\)/g, "");
    const before = text.indexOf("Es gilt:");
    const after = text.indexOf("Die Gerade durch");
    expect(before).toBeGreaterThan(0);
    expect(after).toBeGreaterThan(before);
    expect(markdown.indexOf(`![${set!.alt}]`)).toBeGreaterThan(before);
    expect(markdown.indexOf(`![${set!.alt}]`)).toBeLessThan(after);
    expect(text).not.toContain("kxk");
  });

  it("keeps a chart whose tick labels look like a formula as a picture of the whole chart", async () => {
    // Page 10: a plot of lines through the origin, its x axis labelled −4 … 8 in the mathematics font.
    const { path } = await runTool(server, "pdf-to-word", [corpus("GeoTopo-komprimiert.pdf")], { pageRange: "10" });
    const entries = await readZip(path);
    const xml = entries.get("word/document.xml")!.toString("utf8");
    // The chart is 300 by 195 points; the label strip alone, which stood in for it, was 47 points high.
    const heights = [...xml.matchAll(/<wp:extent cx="(\d+)" cy="(\d+)"\/>/g)].map((m) => Number(m[2]) / 12700);
    expect(Math.max(...heights)).toBeGreaterThan(150);
    // Its labels are in the picture, not strewn through the text.
    const text = [...xml.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(" ");
    expect(text.indexOf("Metrische Räume")).toBeGreaterThan(0);
    expect(text.slice(0, text.indexOf("Metrische Räume"))).not.toMatch(/−4|−2/);
  });
});
