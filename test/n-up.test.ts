import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpus, ENCRYPTED_PDF } from "./helpers/corpus.js";
import { makeNumberedPdf, pageCountOf, pdfinfo, qpdfCheck, renderGray, wordBoxes, writeTemp } from "./helpers/pdf-tools.js";
import { postTool, runTool, startServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
let ten: string;
let six: string;
beforeAll(async () => {
  server = await startServer();
  ten = await writeTemp("ten.pdf", await makeNumberedPdf(10));
  six = await writeTemp("six.pdf", await makeNumberedPdf(6));
});
afterAll(async () => server.close());

/** Where each "Sample page N" sits on a sheet: N with the top left of its word "Sample", in points from the top left. */
async function placedPages(file: string, sheet: number): Promise<Array<{ n: number; x: number; y: number }>> {
  const { words } = await wordBoxes(file, sheet);
  return words
    .map((w, i) => ({ w, next: words[i + 2] }))
    .filter(({ w, next }) => w.text === "Sample" && next)
    .map(({ w, next }) => ({ n: Number(next!.text), x: w.xMin, y: w.yMin }));
}

const sizeOf = async (file: string) => (await pdfinfo(file))["Page size"];

describe("n-up-pdf", () => {
  it("puts four pages on each A4 sheet, across then down", async () => {
    const { path, reply } = await runTool(server, "n-up-pdf", [ten]);
    await qpdfCheck(path);
    expect(await pageCountOf(path)).toBe(3);
    expect(await sizeOf(path)).toMatch(/^595\.2\d x 841\.8\d pts \(A4\)$/);
    const placed = await placedPages(path, 1);
    expect(placed.map((p) => p.n).sort()).toEqual([1, 2, 3, 4]);
    const at = (n: number) => placed.find((p) => p.n === n)!;
    expect(at(2).x).toBeGreaterThan(at(1).x + 200);
    expect(Math.abs(at(2).y - at(1).y)).toBeLessThan(2);
    expect(at(3).y).toBeGreaterThan(at(1).y + 300);
    expect(Math.abs(at(3).x - at(1).x)).toBeLessThan(2);
    expect((await placedPages(path, 3)).map((p) => p.n).sort()).toEqual([10, 9]);
    expect(reply.message).toBe("Put 10 pages on 3 sheets, 4 a sheet (A4 portrait).");
  });

  it("turns the sheet for two portrait pages, and follows the order asked", async () => {
    const two = await runTool(server, "n-up-pdf", [ten], { pagesPerSheet: 2 });
    expect(await pageCountOf(two.path)).toBe(5);
    expect(await sizeOf(two.path)).toMatch(/^841\.8\d x 595\.2\d pts/);
    const down = await runTool(server, "n-up-pdf", [ten], { order: "down-then-across", sheetSize: "Letter" });
    expect(await sizeOf(down.path)).toBe("612 x 792 pts (letter)");
    const placed = await placedPages(down.path, 1);
    const at = (n: number) => placed.find((p) => p.n === n)!;
    expect(at(2).y).toBeGreaterThan(at(1).y + 300);
    expect(at(3).x).toBeGreaterThan(at(1).x + 200);
  });

  it("draws borders when asked", async () => {
    const plain = await runTool(server, "n-up-pdf", [six], { pagesPerSheet: 9 });
    const framed = await runTool(server, "n-up-pdf", [six], { pagesPerSheet: 9, borders: true });
    const dark = async (file: string) => (await renderGray(file, 1, 72)).pixels.filter((v) => v < 160).length;
    expect(await dark(framed.path)).toBeGreaterThan((await dark(plain.path)) + 500);
  });

  it("imposes a booklet in saddle-stitch order, padded with blank pages", async () => {
    const { path, reply } = await runTool(server, "n-up-pdf", [six], { mode: "booklet" });
    await qpdfCheck(path);
    expect(await pageCountOf(path)).toBe(4);
    expect(await sizeOf(path)).toMatch(/^841\.8\d x 595\.2\d pts/);
    const leftToRight = async (sheet: number) => (await placedPages(path, sheet)).sort((a, b) => a.x - b.x).map((p) => p.n);
    // 6 pages padded to 8: sides (8 1) (2 7) (6 3) (4 5), 7 and 8 blank.
    expect(await leftToRight(1)).toEqual([1]);
    expect((await placedPages(path, 1))[0]!.x).toBeGreaterThan(420);
    expect(await leftToRight(2)).toEqual([2]);
    expect(await leftToRight(3)).toEqual([6, 3]);
    expect(await leftToRight(4)).toEqual([4, 5]);
    expect(reply.message).toBe("Made a booklet of 6 pages: 2 sheets printed on both sides (4 sides, A4 landscape); fold them in the middle.");
  });

  it("refuses other page counts and locked files", async () => {
    const three = await postTool(server, "n-up-pdf", [six], { pagesPerSheet: 3 });
    expect(three.status).toBe(400);
    const locked = await postTool(server, "n-up-pdf", [corpus(ENCRYPTED_PDF)]);
    expect(locked.status).toBe(422);
  });
});
