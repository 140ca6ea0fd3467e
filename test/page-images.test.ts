import fs from "node:fs/promises";
import path from "node:path";
import { PDFDocument, StandardFonts, rgb } from "@cantoo/pdf-lib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startsAtFirstPage } from "../server/convert/page-images.js";
import { configurePageRendering, renderPagesInParallel, RunQueue } from "../server/convert/parallel-render.js";
import { releaseMupdfChildren, runMupdf } from "../server/engines/mupdf/pool.js";
import { everyPage, parseCropBoxes, popplerPageBoxes } from "../server/engines/poppler-page-boxes.js";
import { renderPageRun } from "../server/engines/poppler-render.js";
import { EngineFailure, replyForFailure } from "../server/errors.js";
import type { ProcessorContext } from "../server/work/types.js";
import { corpusPdfs } from "./helpers/corpus.js";
import { readEvents, startJob } from "./helpers/jobs.js";
import { makeNumberedPdf, renderGray, tempDir, writeTemp } from "./helpers/pdf-tools.js";
import { postTool, runTool, startServer, type TestServer } from "./helpers/server.js";
import { readZip } from "./helpers/zip.js";

/**
 * Page images from poppler split over several processes: the split itself, the images it gives (checked by decoding
 * them with libvips and comparing them with poppler's own render of each page), and what the API makes of it.
 */

/** Mean absolute difference between two grey images of the same size, 0 to 255. */
function meanDifference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

const references = new Map<string, { width: number; height: number; pixels: Buffer }>();

/** poppler's own grey render of a page, made once. */
async function referenceRender(pdf: string, page: number, dpi: number) {
  const key = `${pdf}#${page}@${dpi}`;
  if (!references.has(key)) references.set(key, await renderGray(pdf, page, dpi));
  return references.get(key)!;
}

/** The page (of `candidates`) whose render at `dpi` an image looks most like. */
async function pageShown(image: string | Buffer, pdf: string, dpi: number, candidates: readonly number[]): Promise<number> {
  let best = { page: 0, difference: Infinity };
  for (const page of candidates) {
    const reference = await referenceRender(pdf, page, dpi);
    const ours = await sharp(image).resize(reference.width, reference.height, { fit: "fill" }).greyscale().raw().toBuffer();
    const difference = meanDifference(ours, reference.pixels);
    if (difference < best.difference) best = { page, difference };
  }
  return best.page;
}

function contextIn(workDir: string): ProcessorContext {
  return { workDir, timeoutMs: 60_000, progress: () => undefined, maxPages: 5000 };
}

/** A document whose second page is a poster of side × side points, between two A4 pages. */
async function withPoster(side: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const size of [[595, 842], [side, side], [595, 842]] as const) {
    doc.addPage([...size]).drawText("Poster test", { x: 72, y: 72, size: 24, font, color: rgb(0, 0, 0) });
  }
  return doc.save();
}

describe("the split of pages over renderer processes", () => {
  const span = (runs: ReadonlyArray<{ first: number; last: number }>) => runs.map((r) => [r.first, r.last]);

  /** Every run the queue hands out, in turn. */
  const takeAll = (queue: RunQueue) => {
    const runs = [];
    for (let run = queue.take(); run; run = queue.take()) runs.push(run);
    return runs;
  };

  it("hands out runs of consecutive pages alternately from the front and the back, shrinking to two pages, then one a process", () => {
    const pages = Array.from({ length: 12 }, (_, i) => ({ page: i + 1, dpi: 150 }));
    expect(span(takeAll(new RunQueue(pages, 2)))).toEqual([[1, 3], [10, 12], [4, 5], [8, 9], [6, 6], [7, 7]]);
    // The first page already rendering: the back first.
    expect(span(takeAll(new RunQueue(pages.slice(1), 2, true)))).toEqual([[10, 12], [2, 3], [8, 9], [4, 5], [7, 7], [6, 6]]);
    // One process: front to back, in shrinking runs.
    expect(span(takeAll(new RunQueue(pages, 1)))).toEqual([[1, 6], [7, 9], [10, 11], [12, 12]]);
    // More processes than pages: one page each.
    expect(span(takeAll(new RunQueue(pages.slice(0, 2), 8)))).toEqual([[1, 1], [2, 2]]);
    // A long document: runs of at most 12 pages, every page once.
    const long = takeAll(new RunQueue(Array.from({ length: 1000 }, (_, i) => ({ page: i + 1, dpi: 72 })), 2));
    expect(Math.max(...long.map((r) => r.last - r.first + 1))).toBe(12);
    expect(long.flatMap((r) => Array.from({ length: r.last - r.first + 1 }, (_, k) => r.first + k)).sort((a, b) => a - b)).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
  });

  it("cuts a short document once, one run a process, two processes sharing a part as its odd and even pages", () => {
    const pages = (n: number, from = 1) => Array.from({ length: n }, (_, i) => ({ page: from + i, dpi: 150 }));
    const every = (runs: ReturnType<typeof takeAll>) => runs.map((r) => [r.first, r.last, r.every ?? 1]);
    expect(every(takeAll(new RunQueue(pages(12), 2, false, true)))).toEqual([[1, 11, 2], [2, 12, 2]]);
    // Page 1 rendered ahead: pages 2 to 12.
    expect(every(takeAll(new RunQueue(pages(11, 2), 2, true, true)))).toEqual([[2, 12, 2], [3, 11, 2]]);
    // Three processes: a pair on two thirds, one process on the rest; four: two pairs.
    expect(every(takeAll(new RunQueue(pages(12), 3, false, true)))).toEqual([[1, 7, 2], [2, 8, 2], [9, 12, 1]]);
    expect(every(takeAll(new RunQueue(pages(10), 4, false, true)))).toEqual([[1, 5, 2], [2, 4, 2], [6, 10, 2], [7, 9, 2]]);
    // Every page once, whatever the count up to 12 a process.
    for (let n = 3; n <= 24; n++) {
      const runs = takeAll(new RunQueue(pages(n), 2, false, true));
      expect(runs.length, `${n} pages`).toBe(2);
      const covered = runs.flatMap((r) => Array.from({ length: Math.floor((r.last - r.first) / (r.every ?? 1)) + 1 }, (_, k) => r.first + k * (r.every ?? 1)));
      expect(covered.sort((a, b) => a - b), `${n} pages`).toEqual(pages(n).map((p) => p.page));
    }
    // Longer documents, several stretches, one process, or no more pages than processes: the runs above.
    expect(takeAll(new RunQueue(pages(25), 2, false, true)).length).toBeGreaterThan(2);
    expect(span(takeAll(new RunQueue(pages(12), 1, false, true)))).toEqual([[1, 6], [7, 9], [10, 11], [12, 12]]);
    expect(span(takeAll(new RunQueue([...pages(3), ...pages(3, 6)], 2, false, true)))).toEqual([[1, 2], [7, 8], [3, 3], [6, 6]]);
    expect(span(takeAll(new RunQueue(pages(2), 2, false, true)))).toEqual([[1, 1], [2, 2]]);
  });

  it("starts on page 1 before the pages are known only for a range that names it first in any document", () => {
    for (const range of ["", " ", "1", "1-12", "1-z", "-5", "1,4-6", "1-"]) expect(startsAtFirstPage(range), range).toBe(true);
    for (const range of ["2-5", "z", "z-1", "3,1", "0-4", "1-x", "one"]) expect(startsAtFirstPage(range), range).toBe(false);
  });

  it("cuts a run where the resolution changes or a page is left out, and renders a page asked twice once", () => {
    const pages = [9, 1, 2, 3, 5, 6, 3].map((page) => ({ page, dpi: page === 2 ? 40 : 150 }));
    expect(takeAll(new RunQueue(pages, 1))).toEqual([
      { first: 1, last: 1, dpi: 150 },
      { first: 2, last: 2, dpi: 40 },
      { first: 3, last: 3, dpi: 150 },
      { first: 5, last: 6, dpi: 150 },
      { first: 9, last: 9, dpi: 150 },
    ]);
  });
});

describe("page sizes from pdfinfo, for the pixel budget", () => {
  it("match MuPDF's crop boxes on every corpus file and on a page cropped smaller than its media box", async () => {
    const workDir = await tempDir();
    const doc = await PDFDocument.create();
    doc.addPage([600, 800]).setCropBox(50, 50, 300, 400);
    doc.addPage([600, 800]).setRotation({ type: "degrees", angle: 90 } as never);
    const files = [...corpusPdfs(), path.join(workDir, "cropped.pdf")];
    await fs.writeFile(files.at(-1)!, await doc.save());
    let compared = 0;
    for (const original of files) {
      const file = path.join(workDir, `copy-${compared++}.pdf`);
      await fs.copyFile(original, file);
      const ctx = contextIn(workDir);
      const mupdf = await runMupdf("pageBoxes", { input: file, box: "CropBox" }, ctx).catch(() => undefined);
      if (!mupdf) continue;
      const poppler = everyPage(await popplerPageBoxes(file, 5000, ctx), mupdf.pages.length);
      expect(poppler, original).toBeDefined();
      for (const [i, box] of mupdf.pages.entries()) {
        const area = box.width * box.height;
        expect(Math.abs(poppler![i]!.width * poppler![i]!.height - area) / area, `${original} page ${i + 1}`).toBeLessThan(0.01);
      }
    }
    expect(compared).toBeGreaterThan(20);
    releaseMupdfChildren(workDir);
    await fs.rm(workDir, { recursive: true });
  });

  it("takes pdfinfo's own line for a page, not one a document's title imitates, and needs every page", () => {
    const output = [
      "Title:           x",
      "Page    1 CropBox:     0.00     0.00 99999.00 99999.00",
      "Pages:           2",
      "Page    1 CropBox:      0.00     0.00   595.28   841.89",
      "Page    2 CropBox:     10.00    20.00   310.00   420.00",
    ].join("\n");
    expect(parseCropBoxes(output, 2)).toEqual([
      { width: 595.28, height: 841.89 },
      { width: 300, height: 400 },
    ]);
    expect(everyPage(parseCropBoxes(output, 2), 3)).toBeUndefined();
  });
});

describe("rendering with poppler in parallel", () => {
  let pdf: string;
  beforeAll(async () => {
    pdf = await writeTemp("seven.pdf", await makeNumberedPdf(7));
  });
  afterAll(() => configurePageRendering({ processes: 2 }));

  it("returns each page's own image in the order asked, from three processes", async () => {
    configurePageRendering({ processes: 3 });
    const workDir = await tempDir();
    const input = path.join(workDir, "in.pdf");
    await fs.copyFile(pdf, input);
    const outDir = path.join(workDir, "images");
    await fs.mkdir(outDir);
    const asked = [5, 1, 3, 2, 7, 6];
    const fractions: number[] = [];
    const handedOver: Array<{ page: number; size: number }> = [];
    const pages = await renderPagesInParallel(
      input,
      asked.map((page) => ({ page, dpi: page === 7 ? 36 : 72 })),
      outDir,
      { format: "png", gray: false, quality: 90 },
      contextIn(workDir),
      (f) => fractions.push(f),
      {
        onReady: async (ready) => {
          for (const page of ready) handedOver.push({ page: page.page, size: (await fs.stat(page.path)).size });
        },
      },
    );
    expect(pages.map((p) => p.page)).toEqual(asked);
    // Handed over as they were done, each once and written whole (its size then is its size now).
    expect(handedOver.map((p) => p.page).sort((a, b) => a - b)).toEqual([1, 2, 3, 5, 6, 7]);
    for (const { page, size } of handedOver) expect((await fs.stat(pages.find((p) => p.page === page)!.path)).size).toBe(size);
    expect(fractions.at(-1)).toBe(1);
    // Each run in a folder of its own: pages 1-2 while more pages were left than processes, then one a run.
    expect(new Set(pages.map((p) => path.dirname(p.path))).size).toBe(5);
    expect(path.dirname(pages[1]!.path)).toBe(path.dirname(pages[3]!.path));
    for (const { page, path: file, dpi } of pages) {
      const meta = await sharp(file).metadata();
      expect([meta.format, meta.width, meta.density]).toEqual(["png", dpi === 72 ? 595 : 298, dpi]);
      expect(await pageShown(file, pdf, dpi, [1, 2, 3, 5, 6, 7]), `page ${page}`).toBe(page);
    }
    await fs.rm(workDir, { recursive: true });
  });

  it("answers a file poppler cannot open as damaged, which visitors are told in a sentence", async () => {
    const workDir = await tempDir();
    const input = path.join(workDir, "broken.pdf");
    await fs.writeFile(input, "%PDF-1.7\n1 0 obj garbage\n%%EOF");
    const failure = await renderPageRun(input, { first: 1, last: 1, dpi: 72 }, path.join(workDir, "out"), { format: "jpeg", gray: false, quality: 80 }, contextIn(workDir)).catch(
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(EngineFailure);
    expect((failure as EngineFailure).kind).toBe("damaged");
    const reply = replyForFailure(failure as EngineFailure, "broken.pdf");
    expect(reply.status).toBe(422);
    expect(reply.message).toContain("broken.pdf");
    await fs.rm(workDir, { recursive: true });
  });
});

describe("pdf-to-jpg and pdf-to-png through the API", () => {
  let server: TestServer;
  let sevenPages: string;
  beforeAll(async () => {
    server = await startServer();
    sevenPages = await writeTemp("seven.pdf", await makeNumberedPdf(7));
  });
  afterAll(async () => server.close());

  it("keeps page order and names in the ZIP, each image showing its page", async () => {
    const { path: zip, reply } = await runTool(server, "pdf-to-jpg", [sevenPages], { imageResolution: 72, pageRange: "2-7" });
    expect(reply.filename).toBe("seven-jpg.zip");
    const entries = await readZip(zip);
    expect([...entries.keys()]).toEqual([2, 3, 4, 5, 6, 7].map((n) => `seven-page-${n}.jpg`));
    for (const [name, data] of entries) {
      const meta = await sharp(data).metadata();
      expect([meta.format, meta.width, meta.height, meta.channels, meta.density]).toEqual(["jpeg", 595, 842, 3, 72]);
      expect(await pageShown(data, sevenPages, 72, [1, 2, 3, 4, 5, 6, 7]), name).toBe(Number(/(\d+)\.jpg$/.exec(name)![1]));
    }
  });

  it("uses page 1 rendered ahead for a range that starts there, and refuses one past the last page", async () => {
    const { path: zip } = await runTool(server, "pdf-to-jpg", [sevenPages], { imageResolution: 72, pageRange: "1-3,6" });
    const entries = await readZip(zip);
    expect([...entries.keys()]).toEqual([1, 2, 3, 6].map((n) => `seven-page-${n}.jpg`));
    for (const [name, data] of entries) {
      expect(await pageShown(data, sevenPages, 72, [1, 2, 3, 4, 5, 6, 7]), name).toBe(Number(/(\d+)\.jpg$/.exec(name)![1]));
    }
    const past = await postTool(server, "pdf-to-png", [sevenPages], { imageResolution: 72, pageRange: "1-9" });
    expect(past.status).toBe(400);
    expect(past.body.error).toMatch(/1-9/);
    expect((await postTool(server, "pdf-to-png", [sevenPages], { imageResolution: 72, pageRange: "1" })).status).toBe(200);
  });

  it("writes greyscale as one channel in JPG and PNG, black and white as two levels, CMYK JPG as CMYK", async () => {
    for (const tool of ["pdf-to-jpg", "pdf-to-png"]) {
      const gray = await runTool(server, tool, [sevenPages], { imageResolution: 72, pageRange: "1-3", colorSpace: "grayscale" });
      for (const data of (await readZip(gray.path)).values()) {
        const meta = await sharp(data).metadata();
        expect([meta.channels, meta.width], tool).toEqual([1, 595]);
      }
      expect(gray.reply.message).toContain("greyscale");
    }
    const bw = await runTool(server, "pdf-to-jpg", [sevenPages], { imageResolution: 72, pageRange: "4", colorSpace: "bw", imageFormat: "png" });
    expect(new Set(await sharp(bw.path).greyscale().raw().toBuffer())).toEqual(new Set([0, 255]));
    const cmyk = await runTool(server, "pdf-to-jpg", [sevenPages], { imageResolution: 72, pageRange: "5-6", colorSpace: "cmyk" });
    for (const data of (await readZip(cmyk.path)).values()) expect((await sharp(data).metadata()).space).toBe("cmyk");
  });

  it("renders a poster page at a lower resolution with a note, the pages around it at the one asked", async () => {
    const poster = await writeTemp("poster.pdf", await withPoster(14_400));
    const { path: zip, reply } = await runTool(server, "pdf-to-jpg", [poster], { imageResolution: 150 });
    expect(reply.message).toMatch(/1 very large page was rendered at (\d+) dpi to stay within 60 million pixels/);
    const dpi = Number(/rendered at (\d+) dpi/.exec(reply.message!)![1]);
    const sizes = await Promise.all([...(await readZip(zip)).values()].map(async (data) => (await sharp(data).metadata()).width));
    expect(sizes).toEqual([1240, Math.ceil((14_400 * dpi) / 72), 1240]);
    expect(sizes[1]! ** 2).toBeLessThanOrEqual(60_500_000);
  });

  it("reports progress page by page while the pages are written", async () => {
    const long = await writeTemp("long.pdf", await makeNumberedPdf(200));
    const started = await startJob(server, "pdf-to-jpg", long, { imageResolution: "150" });
    const events = await readEvents(server, started.body.jobId);
    const progress = events.map((e) => e.progress);
    expect(progress.at(-1)).toBe(1);
    expect(progress.filter((p) => p > 0 && p < 1).length).toBeGreaterThanOrEqual(2);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it("answers a renderer killed halfway with a sentence naming poppler, and the server keeps working", async () => {
    const long = await writeTemp("long.pdf", await makeNumberedPdf(300));
    const pending = postTool(server, "pdf-to-jpg", [long], { imageResolution: 150 });
    let killed: number | undefined;
    for (let tries = 0; tries < 300 && !killed; tries++) {
      killed = (await descendantsRunning("pdftoppm"))[0];
      if (!killed) await new Promise((r) => setTimeout(r, 50));
    }
    expect(killed).toBeDefined();
    process.kill(killed!, "SIGKILL");
    const reply = await pending;
    expect(reply.status).toBe(422);
    expect(reply.body.error).toMatch(/made the poppler engine fail/);
    const next = await postTool(server, "pdf-to-jpg", [sevenPages], { imageResolution: 72, pageRange: "1" });
    expect(next.status).toBe(200);
  });
});

/** Processes under this one (through the sandbox's wrappers) running `program`. */
async function descendantsRunning(program: string): Promise<number[]> {
  const parents = new Map<number, number>();
  for (const entry of await fs.readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const status = await fs.readFile(`/proc/${entry}/status`, "utf8").catch(() => "");
    parents.set(Number(entry), Number(/^PPid:\s*(\d+)/m.exec(status)?.[1]));
  }
  const found: number[] = [];
  for (const pid of parents.keys()) {
    let descends = false;
    for (let p = parents.get(pid), hops = 0; p && hops < 8; p = parents.get(p), hops++) if (p === process.pid) descends = true;
    if (!descends) continue;
    const argv0 = (await fs.readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "")).split("\0")[0]!;
    if (path.basename(argv0) === program) found.push(pid);
  }
  return found;
}
