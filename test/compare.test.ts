import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { PDFDocument, StandardFonts, rgb } from "@cantoo/pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CompareReport, Rect } from "../catalog/compare-report.js";
import { DEFAULT_DIFF_LIMITS, diffWords, type DiffLimits, type Edit } from "../server/compare/word-diff.js";
import { corpus, ENCRYPTED_PDF } from "./helpers/corpus.js";
import { pdftotext, qpdfCheck, tempDir, wordBoxes } from "./helpers/pdf-tools.js";
import { prng } from "./helpers/prng.js";
import { download, postTool, startServer, type TestServer, type Upload } from "./helpers/server.js";
import { readZip } from "./helpers/zip.js";

const exec = promisify(execFile);
let server: TestServer;

/** A page of lines of 12-point Helvetica from the top left, with a rectangle where asked (x, y from the top left). */
interface FixturePage {
  lines: string[];
  rect?: [number, number, number, number];
}

const PAGE: [number, number] = [595, 842];
const LINE_X = 50;
const FIRST_BASELINE = 780;
const LINE_STEP = 18;

async function makePdf(pages: FixturePage[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const spec of pages) {
    const page = doc.addPage(PAGE);
    spec.lines.forEach((line, i) => page.drawText(line, { x: LINE_X, y: FIRST_BASELINE - i * LINE_STEP, size: 12, font, color: rgb(0, 0, 0) }));
    if (spec.rect) {
      const [x, y, w, h] = spec.rect;
      page.drawRectangle({ x, y: PAGE[1] - y - h, width: w, height: h, color: rgb(0.2, 0.3, 0.8) });
    }
  }
  return doc.save();
}

const upload = (name: string, data: Uint8Array): Upload => ({ name, data, type: "application/pdf" });

interface Compared {
  report: CompareReport;
  reportPdf: string;
  message: string;
  zipNames: string[];
}

/** Runs compare-pdf, downloads the ZIP and each file by its id, and checks the ZIP holds the same two files. */
async function compare(oldPdf: Upload, newPdf: Upload, fields: Record<string, string | number | boolean> = {}): Promise<Compared> {
  const reply = await postTool(server, "compare-pdf", [oldPdf, newPdf], fields);
  expect(reply.status, reply.body.error).toBe(200);
  expect(reply.body.fileIds).toHaveLength(2);
  const [pdfId, jsonId] = reply.body.fileIds!;
  const reportPdf = (await download(server, `/api/download/${pdfId}`)).path;
  const json = await fs.readFile((await download(server, `/api/download/${jsonId}`)).path, "utf8");
  const zip = await readZip((await download(server, reply.body.downloadUrl!)).path);
  expect(zip.get("report.json")?.toString("utf8")).toBe(json);
  expect(zip.get("report.pdf")?.equals(await fs.readFile(reportPdf))).toBe(true);
  return { report: JSON.parse(json) as CompareReport, reportPdf, message: reply.body.message ?? "", zipNames: [...zip.keys()] };
}

/** Where pdftotext (poppler, independent of MuPDF) finds a word on a page, in points from the top left. */
async function popplerBox(data: Uint8Array, page: number, word: string): Promise<Rect> {
  const dir = await tempDir();
  const file = path.join(dir, "doc.pdf");
  await fs.writeFile(file, data);
  const found = (await wordBoxes(file, page)).words.find((w) => w.text === word);
  if (!found) throw new Error(`pdftotext finds no "${word}" on page ${page}`);
  return [found.xMin, found.yMin, found.xMax, found.yMax];
}

/** The report's rectangle holds poppler's box for the same words: the same left and right edges, the same line. */
function expectSameWords(rect: Rect, poppler: Rect): void {
  expect(Math.abs(rect[0] - poppler[0])).toBeLessThan(1);
  expect(Math.abs(rect[2] - poppler[2])).toBeLessThan(1);
  expect(rect[1]).toBeLessThanOrEqual(poppler[1] + 0.5);
  expect(rect[3]).toBeGreaterThanOrEqual(poppler[3] - 0.5);
}

const FOX = ["The quick brown fox jumps over the lazy dog.", "It was the best of times, it was the worst of times."];

beforeAll(async () => {
  server = await startServer({ rateLimitPerMinute: 0 });
});
afterAll(async () => server?.close());

describe("compare-pdf: text changes", () => {
  it("finds a word inserted, with its box on the new page and its place on the old", async () => {
    const before = await makePdf([{ lines: FOX }]);
    const after = await makePdf([{ lines: ["The quick brown fox quietly jumps over the lazy dog.", FOX[1]!] }]);
    const { report, message } = await compare(upload("old.pdf", before), upload("new.pdf", after));
    expect(report.changes).toEqual([
      {
        id: 1,
        kind: "insertion",
        old: { text: "", page: 1, boxes: [], at: expect.any(Array) },
        new: { text: "quietly", page: 1, boxes: [{ page: 1, rect: expect.any(Array) }] },
      },
    ]);
    expectSameWords(report.changes[0]!.new.boxes[0]!.rect, await popplerBox(after, 1, "quietly"));
    // On the old page, the mark stands right after "fox".
    const fox = await popplerBox(before, 1, "fox");
    expect(Math.abs(report.changes[0]!.old.at![0] - fox[2])).toBeLessThan(1);
    expect(report.summary).toEqual({
      identical: false,
      insertions: 1,
      deletions: 0,
      changes: 0,
      wordsInserted: 1,
      wordsDeleted: 0,
      drawingChanges: 0,
      changedPages: { old: [1], new: [1] },
    });
    expect(report.old.pages).toEqual([{ page: 1, width: 595, height: 842, status: "text", counterpart: 1 }]);
    expect(message).toMatch(/^1 text change: 1 insertion; 1 word inserted, 0 deleted\./);
  });

  it("finds a word deleted", async () => {
    const before = await makePdf([{ lines: FOX }]);
    const after = await makePdf([{ lines: ["The quick fox jumps over the lazy dog.", FOX[1]!] }]);
    const { report } = await compare(upload("old.pdf", before), upload("new.pdf", after));
    expect(report.changes).toEqual([
      {
        id: 1,
        kind: "deletion",
        old: { text: "brown", page: 1, boxes: [{ page: 1, rect: expect.any(Array) }] },
        new: { text: "", page: 1, boxes: [], at: expect.any(Array) },
      },
    ]);
    expectSameWords(report.changes[0]!.old.boxes[0]!.rect, await popplerBox(before, 1, "brown"));
  });

  it("finds a paragraph changed, one rectangle a line", async () => {
    const para = ["Payment is due within thirty days of the invoice date.", "Late payments carry interest at two percent a month.", "Disputes go to the courts of Paris."];
    const changed = ["Payment is due within sixty days of delivery.", "Late payments carry no interest.", "Disputes go to the courts of Paris."];
    const before = await makePdf([{ lines: ["Terms", ...para] }]);
    const after = await makePdf([{ lines: ["Terms", ...changed] }]);
    const { report } = await compare(upload("old.pdf", before), upload("new.pdf", after));
    expect(report.changes.map((c) => [c.kind, c.old.text, c.new.text])).toEqual([
      ["change", "thirty", "sixty"],
      ["change", "the invoice date.", "delivery."],
      ["change", "interest at two percent a month.", "no interest."],
    ]);
    // "the invoice date." is one line: one rectangle from "the" to "date.".
    const [first, last] = [await popplerBox(before, 1, "the"), await popplerBox(before, 1, "date.")];
    expect(report.changes[1]!.old.boxes).toHaveLength(1);
    expectSameWords(report.changes[1]!.old.boxes[0]!.rect, [first[0], first[1], last[2], last[3]]);
  });

  it("ignores case and punctuation when asked", async () => {
    const before = await makePdf([{ lines: ["Hello, World. Goodbye!"] }]);
    const after = await makePdf([{ lines: ["hello world goodbye"] }]);
    const strict = await compare(upload("old.pdf", before), upload("new.pdf", after), { compareDrawing: false });
    expect(strict.report.changes).toHaveLength(1);
    const lenient = await compare(upload("old.pdf", before), upload("new.pdf", after), { ignoreCase: true, ignorePunctuation: true, compareDrawing: false });
    expect(lenient.report.changes).toEqual([]);
    expect(lenient.report.summary.identical).toBe(true);
    expect(lenient.report.settings).toEqual({ ignoreCase: true, ignorePunctuation: true, compareDrawing: false, drawingThreshold: 0.1 });
  });

  it("finds a page added, and lists it as added", async () => {
    const pages = [{ lines: ["Chapter one begins here."] }, { lines: ["Chapter two follows."] }];
    const inserted = { lines: ["An appendix nobody asked for."] };
    const { report } = await compare(upload("old.pdf", await makePdf(pages)), upload("new.pdf", await makePdf([pages[0]!, inserted, pages[1]!])));
    expect(report.changes.map((c) => [c.kind, c.old.text, c.old.page, c.new.text, c.new.page])).toEqual([
      ["insertion", "", 1, "An appendix nobody asked for.", 2],
    ]);
    expect(report.new.pages.map((p) => [p.page, p.status, p.counterpart])).toEqual([
      [1, "unchanged", 1],
      [2, "added", undefined],
      [3, "unchanged", 2],
    ]);
    expect(report.summary.changedPages).toEqual({ old: [], new: [2] });
  });

  it("compares the pages chosen on each side", async () => {
    const old = await makePdf([{ lines: ["Cover"] }, { lines: FOX }]);
    const changed = await makePdf([{ lines: FOX.map((l) => l.replace("lazy", "sleepy")) }]);
    const { report } = await compare(upload("old.pdf", old), upload("new.pdf", changed), { oldPages: "2" });
    expect(report.old.pages.map((p) => p.page)).toEqual([2]);
    expect(report.changes.map((c) => [c.old.text, c.old.page, c.new.text, c.new.page])).toEqual([["lazy", 2, "sleepy", 1]]);
  });
});

describe("compare-pdf: drawings", () => {
  it("flags a page whose rectangle moved though its text is the same, with where", async () => {
    const before = await makePdf([{ lines: FOX, rect: [100, 300, 120, 60] }, { lines: ["Second page"], rect: [100, 300, 120, 60] }]);
    const after = await makePdf([{ lines: FOX, rect: [300, 500, 120, 60] }, { lines: ["Second page"], rect: [100, 300, 120, 60] }]);
    const { report } = await compare(upload("old.pdf", before), upload("new.pdf", after));
    expect(report.changes).toEqual([]);
    expect(report.drawingChanges).toHaveLength(1);
    const [drawn] = report.drawingChanges;
    expect(drawn).toMatchObject({ oldPage: 1, newPage: 1 });
    expect(drawn!.sizeChanged).toBeUndefined();
    // Two rectangles of 120 × 60 points, where it was and where it went: 14,400 square points of 501,000.
    expect(drawn!.changedShare).toBeGreaterThan(0.02);
    expect(drawn!.changedShare).toBeLessThan(0.035);
    const covers = (r: Rect, [x, y, w, h]: [number, number, number, number]) => r[0] <= x + 2 && r[1] <= y + 2 && r[2] >= x + w - 2 && r[3] >= y + h - 2;
    expect(drawn!.regions.some((r) => covers(r, [100, 300, 120, 60]))).toBe(true);
    expect(drawn!.regions.some((r) => covers(r, [300, 500, 120, 60]))).toBe(true);
    // Nothing far from either rectangle.
    for (const r of drawn!.regions) expect(r[1] > 280 && r[3] < 580).toBe(true);
    expect(report.old.pages.map((p) => p.status)).toEqual(["drawing", "unchanged"]);
    expect(report.summary.changedPages).toEqual({ old: [1], new: [1] });
  });

  it("leaves drawings alone when asked, or when the change is below the sensitivity", async () => {
    const before = await makePdf([{ lines: FOX, rect: [100, 300, 20, 10] }]);
    const after = await makePdf([{ lines: FOX, rect: [104, 300, 20, 10] }]);
    expect((await compare(upload("old.pdf", before), upload("new.pdf", after), { compareDrawing: false })).report.summary.identical).toBe(true);
    // 4 points of a 20 × 10 rectangle moved: about 0.02 % of the page.
    expect((await compare(upload("old.pdf", before), upload("new.pdf", after), { drawingThreshold: 1 })).report.drawingChanges).toEqual([]);
    expect((await compare(upload("old.pdf", before), upload("new.pdf", after), { drawingThreshold: 0.01 })).report.drawingChanges).toHaveLength(1);
  });

  it("gives no change at all for identical files", async () => {
    const data = await makePdf([{ lines: FOX, rect: [100, 300, 120, 60] }, { lines: ["Two"] }]);
    const { report, message, reportPdf } = await compare(upload("a.pdf", data), upload("b.pdf", data));
    expect(report.summary).toEqual({
      identical: true,
      insertions: 0,
      deletions: 0,
      changes: 0,
      wordsInserted: 0,
      wordsDeleted: 0,
      drawingChanges: 0,
      changedPages: { old: [], new: [] },
    });
    expect(report.changes).toEqual([]);
    expect(report.drawingChanges).toEqual([]);
    expect(report.notes).toEqual([]);
    expect(message).toBe("The documents have the same text and look the same.");
    await qpdfCheck(reportPdf);
    expect(await pdftotext(reportPdf)).toContain("The documents have the same text and look the same.");
  });
});

describe("compare-pdf: the report", () => {
  it("lists every change in a sound PDF, and shows the changed pages side by side", async () => {
    const before = await makePdf([{ lines: FOX, rect: [100, 300, 120, 60] }, { lines: ["Unchanged page"] }]);
    const after = await makePdf([{ lines: ["The quick red fox jumps over the dog.", FOX[1]!, "A new closing line."], rect: [100, 300, 120, 60] }, { lines: ["Unchanged page"] }]);
    const { reportPdf, zipNames } = await compare(upload("old.pdf", before), upload("new.pdf", after));
    expect(zipNames.sort()).toEqual(["report.json", "report.pdf"]);
    await qpdfCheck(reportPdf);
    const text = (await pdftotext(reportPdf)).replace(/\s+/g, " ");
    expect(text).toContain("Comparison report");
    expect(text).toContain("Old: old.pdf, 2 pages");
    expect(text).toContain("3 text changes: 1 insertion, 1 deletion and 1 changed passage; 5 words inserted, 2 deleted.");
    expect(text).toContain("Pages with changes: old 1; new 1.");
    expect(text).toContain("#1 Changed: old page 1, new page 1 - brown + red");
    expect(text).toContain("#2 Deleted: old page 1, new page 1 - lazy");
    expect(text).toContain("#3 Inserted: old page 1, new page 1 + A new closing line.");
    // The summary and change list, then one landscape sheet for the one changed page pair.
    const { stdout } = await exec("pdfinfo", ["-f", "1", "-l", "10", reportPdf]);
    const sizes = [...stdout.matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+)/g)].map((m) => Number(m[1]) > Number(m[2]));
    expect(sizes).toEqual([false, true]);
    expect(text).toContain("Old page 1 New page 1");
  });

  it("writes words of any script in the report", async () => {
    const fontkit = await import("fontkit");
    const unicodePdf = async (lines: string[]) => {
      const doc = await PDFDocument.create();
      doc.registerFontkit(fontkit);
      const font = await doc.embedFont(await fs.readFile("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"));
      const page = doc.addPage(PAGE);
      lines.forEach((line, i) => page.drawText(line, { x: 50, y: 780 - 20 * i, size: 12, font }));
      return doc.save();
    };
    const before = await unicodePdf(["Ελληνικά και Кириллица"]);
    const after = await unicodePdf(["Ελληνικά και Кириллица", "Ещё одна строка"]);
    const { report, reportPdf } = await compare(upload("old.pdf", before), upload("new.pdf", after), { compareDrawing: false });
    expect(report.changes.map((c) => c.new.text)).toEqual(["Ещё одна строка"]);
    expect((await pdftotext(reportPdf)).replace(/\s+/g, " ")).toContain("+ Ещё одна строка");
  });
});

describe("compare-pdf: bad input", () => {
  const one = () => makePdf([{ lines: FOX }]);

  it("takes exactly two files, and says so", async () => {
    const single = await postTool(server, "compare-pdf", [upload("a.pdf", await one())]);
    expect(single.status).toBe(400);
    expect(single.body.error).toBe("Please upload two PDFs to compare: the old version first, then the new one.");
    const three = await postTool(server, "compare-pdf", [upload("a.pdf", await one()), upload("b.pdf", await one()), upload("c.pdf", await one())]);
    expect(three.status).toBe(400);
    expect(three.body.error).toBe("Compare PDF takes exactly two PDFs: the old version first, then the new one.");
  });

  it("refuses an encrypted file with the sentence every tool gives, naming it", async () => {
    const encrypted = await fs.readFile(corpus(ENCRYPTED_PDF));
    const reply = await postTool(server, "compare-pdf", [upload("a.pdf", await one()), upload("locked.pdf", encrypted)]);
    const rotate = await postTool(server, "rotate-pdf", [upload("locked.pdf", encrypted)]);
    expect(reply.status).toBe(422);
    expect(reply.body.error).toBe(rotate.body.error);
    expect(reply.body.error).toBe("This PDF is password-protected (locked.pdf). Unlock it first with Unlock PDF, then try again.");
  });

  it("refuses a file no engine can read with the sentence every tool gives, naming it", async () => {
    const cut = (await fs.readFile(corpus("pdflatex-4-pages.pdf"))).subarray(0, 3000);
    const reply = await postTool(server, "compare-pdf", [upload("cut.pdf", cut), upload("b.pdf", await one())]);
    const split = await postTool(server, "split-pdf", [upload("cut.pdf", cut)]);
    expect(reply.status).toBe(422);
    expect(reply.body.error).toBe(split.body.error);
    expect(reply.body.error).toMatch(/^This file could not be read as a PDF \(cut.pdf\)/);
  });

  it("compares a file whose cross-reference table is broken, repaired on the way, and says so", async () => {
    const data = Buffer.from(await one());
    const at = data.lastIndexOf("startxref");
    const broken = Buffer.concat([data.subarray(0, at), Buffer.from("startxref\n999999\n%%EOF\n")]);
    const { report, message } = await compare(upload("broken.pdf", broken), upload("b.pdf", await one()));
    expect(report.summary.identical).toBe(true);
    expect(message).toContain("Repaired on the way: broken.pdf");
  });

  it("answers bad settings with a sentence naming the field", async () => {
    const files = [upload("a.pdf", await one()), upload("b.pdf", await one())];
    const threshold = await postTool(server, "compare-pdf", files, { drawingThreshold: 80 });
    expect(threshold.status).toBe(400);
    expect(threshold.body.error).toMatch(/drawingThreshold/);
    const pages = await postTool(server, "compare-pdf", files, { newPages: "3-4" });
    expect(pages.status).toBe(400);
    expect(pages.body.error).toBe('newPages: "3-4" is outside the document, which has 1 page.');
  });
});

describe("compare-pdf: the word diff", () => {
  /** Applies the edits to a: what comes out must be b. */
  function apply(a: readonly number[], b: readonly number[], edits: readonly Edit[]): number[] {
    let out: number[] = [];
    let at = 0;
    for (const e of edits) {
      out = out.concat(a.slice(at, e.aStart), b.slice(e.bStart, e.bEnd));
      at = e.aEnd;
    }
    return out.concat(a.slice(at));
  }

  /** The fewest words deleted and inserted that turn a into b (dynamic programming, for small inputs). */
  function fewestEdits(a: readonly number[], b: readonly number[]): number {
    const lcs = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
    for (let i = 1; i <= a.length; i++) for (let j = 1; j <= b.length; j++) lcs[i]![j] = a[i - 1] === b[j - 1] ? lcs[i - 1]![j - 1]! + 1 : Math.max(lcs[i - 1]![j]!, lcs[i]![j - 1]!);
    return a.length + b.length - 2 * lcs[a.length]![b.length]!;
  }

  const run = (a: number[], b: number[], pages?: [number[], number[]], limits?: DiffLimits) =>
    diffWords(
      { a: Int32Array.from(a), b: Int32Array.from(b), aPage: Int32Array.from(pages?.[0] ?? a.map(() => 1)), bPage: Int32Array.from(pages?.[1] ?? b.map(() => 1)) },
      { limits },
    );
  const editedWords = (edits: readonly Edit[]) => edits.reduce((sum, e) => sum + e.aEnd - e.aStart + e.bEnd - e.bStart, 0);

  it("turns the old words into the new ones, with the fewest edits where Myers alone decides", async () => {
    const rng = prng(20_261_126);
    let minimalChecked = 0;
    for (let round = 0; round < 300; round++) {
      const a = Array.from({ length: rng.int(0, 40) }, () => rng.int(0, 4));
      const b = Array.from({ length: rng.int(0, 40) }, () => rng.int(0, 4));
      const { edits, replacedWhole, pageAligned } = await run(a, b);
      expect(apply(a, b, edits)).toEqual(b);
      expect(replacedWhole + pageAligned.length).toBe(0);
      // Where no word occurs once on each side, nothing anchors the gaps: they are Myers' alone, and minimal.
      const once = (xs: number[], w: number) => xs.filter((x) => x === w).length === 1;
      if ([0, 1, 2, 3].every((w) => !(once(a, w) && once(b, w)))) {
        expect(editedWords(edits)).toBe(fewestEdits(a, b));
        minimalChecked++;
      }
    }
    expect(minimalChecked).toBeGreaterThan(100);
  });

  it("aligns by the words unique to both sides, so that a moved block costs only itself", async () => {
    const a = Array.from({ length: 5000 }, (_, i) => i);
    const b = [...a.slice(0, 1000), ...a.slice(2000, 3000), ...a.slice(1000, 2000), ...a.slice(3000)];
    const { edits } = await run(a, b);
    expect(apply(a, b, edits)).toEqual(b);
    expect(editedWords(edits)).toBe(2000);
  });

  it("keeps to its budget for finding anchors, and to its time on 200,000 words shuffled in blocks", async () => {
    const rng = prng(11);
    const blocks = Array.from({ length: 4000 }, (_, i) => Array.from({ length: 50 }, (__, j) => i * 50 + j));
    const a = blocks.flat();
    for (let i = blocks.length - 1; i > 0; i--) {
      const j = rng.int(0, i + 1);
      [blocks[i], blocks[j]] = [blocks[j]!, blocks[i]!];
    }
    const b = blocks.flat();
    const pages = (words: number[]) => words.map((_, i) => 1 + Math.floor(i / 500));
    const started = performance.now();
    const whole = await run(a, b, [pages(a), pages(b)]);
    const seconds = (performance.now() - started) / 1000;
    console.log(`word diff, 200,000 words in 4,000 shuffled blocks: ${seconds.toFixed(1)} s`);
    expect(apply(a, b, whole.edits)).toEqual(b);
    expect(seconds).toBeLessThan(30);
    // With almost no budget for anchors, the same pair is compared page by page, and still correctly.
    const small = a.slice(0, 5000);
    const shuffled = b.filter((w) => w < 5000);
    const starved = await run(small, shuffled, [pages(small), pages(shuffled)], { ...DEFAULT_DIFF_LIMITS, maxEdits: 100, anchorSteps: 5_000 });
    expect(apply(small, shuffled, starved.edits)).toEqual(shuffled);
    expect(starved.pageAligned).toHaveLength(1);
  }, 60_000);

  it("aligns page by page where the documents are too different, and says which pages", async () => {
    const rng = prng(7);
    const pageOf = (words: number) => Array.from({ length: words }, (_, i) => 1 + Math.floor(i / 100));
    // Three words only, shuffled differently: nothing unique to anchor on, far too many edits for one Myers run.
    const a = Array.from({ length: 2000 }, () => rng.int(0, 3));
    const b = Array.from({ length: 2000 }, () => rng.int(0, 3));
    const limits = { ...DEFAULT_DIFF_LIMITS, maxEdits: 200, stepsPerRun: 1_000_000, totalSteps: 100_000_000 };
    const { edits, pageAligned, replacedWhole } = await run(a, b, [pageOf(2000), pageOf(2000)], limits);
    expect(apply(a, b, edits)).toEqual(b);
    expect(pageAligned.length).toBe(1);
    expect(pageAligned[0]!.oldPages[1] - pageAligned[0]!.oldPages[0]).toBeGreaterThan(10);
    expect(replacedWhole).toBe(0);
    // Old page k was compared with new page k: every word matched lies on the same page number on both sides.
    const pages = pageOf(2000);
    let [i, j] = [0, 0];
    const matchedAcross: string[] = [];
    for (const e of [...edits, { aStart: 2000, aEnd: 2000, bStart: 2000, bEnd: 2000 }]) {
      for (; i < e.aStart; i++, j++) if (pages[i] !== pages[j]) matchedAcross.push(`${i}:${j}`);
      [i, j] = [e.aEnd, e.bEnd];
    }
    expect(matchedAcross).toEqual([]);
    expect(editedWords(edits)).toBeLessThan(2 * 2000);
  });
});

describe("compare-pdf: long documents", () => {
  const PAGES = 300;
  const LINES = 12;
  const WORDS_A_LINE = 12;

  /** Page after page of words drawn from a vocabulary of 3,000 (so words repeat, as in prose), one line of 12 at a time. */
  function prose(seed: number): string[][] {
    const rng = prng(seed);
    return Array.from({ length: PAGES }, () => Array.from({ length: LINES }, () => Array.from({ length: WORDS_A_LINE }, () => `w${rng.int(0, 3000)}`).join(" ")));
  }

  async function longPdf(pages: string[][]): Promise<Uint8Array> {
    return makePdf(pages.map((lines) => ({ lines })));
  }

  /** Runs the request while sampling this process's resident memory (the server runs in it), for the peak. */
  async function measured<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number; peakGrowthMb: number }> {
    const base = process.memoryUsage().rss;
    let peak = base;
    const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const started = performance.now();
    try {
      const result = await work();
      return { result, seconds: (performance.now() - started) / 1000, peakGrowthMb: (peak - base) / 1024 / 1024 };
    } finally {
      clearInterval(timer);
    }
  }

  it("finds the changes planted in two 300-page documents in a sane time and memory", async () => {
    const old = prose(1);
    const changed = old.map((lines) => [...lines]);
    const planted: Array<[string, string, string]> = [];
    for (let k = 0; k < 10; k++) {
      const page = 10 + k * 28;
      const line = changed[page]![3]!.split(" ");
      planted.push(["change", line[5]!, "REPLACED"]);
      line[5] = "REPLACED";
      changed[page]![3] = line.join(" ");
    }
    changed[150]!.splice(6, 0, "An inserted line of seven new words");
    planted.push(["insertion", "", "An inserted line of seven new words"]);
    const { result, seconds, peakGrowthMb } = await measured(async () => compare(upload("old.pdf", await longPdf(old)), upload("new.pdf", await longPdf(changed))));
    console.log(`compare-pdf, 2 × ${PAGES} pages (${PAGES * LINES * WORDS_A_LINE} words each): ${seconds.toFixed(1)} s, peak memory growth ${peakGrowthMb.toFixed(0)} MB`);
    const found = result.report.changes.map((c) => [c.kind, c.old.text, c.new.text]);
    const order = (x: string[]) => x.join("|");
    expect(found.map(order).sort()).toEqual(planted.map(order).sort());
    expect(result.report.new.pages.filter((p) => p.status !== "unchanged").map((p) => p.page)).toEqual([11, 39, 67, 95, 123, 151, 179, 207, 235, 263]);
    // The 290 page pairs with the same text were drawn and compared: none looks different.
    expect(result.report.old.pages.filter((p) => p.status === "unchanged")).toHaveLength(290);
    expect(result.report.drawingChanges).toEqual([]);
    // A shared machine: generous bounds, an order of magnitude below what quadratic time or memory would take.
    expect(seconds).toBeLessThan(150);
    expect(peakGrowthMb).toBeLessThan(600);
  }, 300_000);

  it("compares two unrelated 300-page documents page by page, and says so", async () => {
    const { result, seconds } = await measured(async () => {
      const rng = prng(3);
      const random = () => Array.from({ length: PAGES }, () => Array.from({ length: 4 }, () => Array.from({ length: 10 }, () => ["a", "b", "c"][rng.int(0, 3)]).join(" ")));
      return compare(upload("old.pdf", await longPdf(random())), upload("new.pdf", await longPdf(random())), { includePages: false });
    });
    console.log(`compare-pdf, 2 × ${PAGES} unrelated pages: ${seconds.toFixed(1)} s`);
    expect(result.report.notes.some((n) => /differ too much to be aligned as a whole: they were compared page by page/.test(n))).toBe(true);
    expect(seconds).toBeLessThan(150);
  }, 300_000);
});
