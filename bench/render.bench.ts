import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { renderPagesInParallel } from "../server/convert/parallel-render.js";
import { releaseMupdfChildren, runMupdf } from "../server/engines/mupdf/pool.js";
import { writeZip } from "../server/lib/zip.js";
import { openForRendering } from "../server/pdf/render-budget.js";
import { checkRenderBudget } from "../pdf-ops/render/render-budget.js";
import type { ProcessorContext } from "../server/work/types.js";
import { corpus } from "../test/helpers/corpus.js";
import { startServerProcess, type ServerProcess } from "../test/helpers/server-process.js";
import { makeImagePdf, syntheticPhoto } from "../test/helpers/synthetic-pdfs.js";
import { downloadAndDrop, postMultipart } from "./multipart-client.js";
import { median, printTable } from "./table.js";

/**
 * PDF to JPG and PNG through the HTTP API (a server in a process of its own), in pages per second, beside one bare
 * pdftoppm process rendering the same pages the same way in the same run: a text book (the first 100 pages of a
 * LaTeX book from the corpus, 30 at 300 dpi) and a photo document (generated, 12 pages), at 72, 150 and 300 dpi; the
 * same for a one-page file; the server process's peak resident memory over all of it, read from /proc. Then the
 * engines side by side (one process each), and where the time of one 100-page JPG run goes.
 */

const exec = promisify(execFile);
const TEXT_PAGES = 100;
const PHOTO_PAGES = 12;
/** At 300 dpi only the first pages, so that the bench ends in minutes on a busy machine. */
const PAGES_AT_300 = 30;
/** RENDER_BENCH_DPI=150 (or 72,150): only those resolutions, for a shorter run; the one-page file is always at 150. */
const DPIS = [72, 150, 300].filter((dpi) => !process.env.RENDER_BENCH_DPI || process.env.RENDER_BENCH_DPI.split(",").map(Number).includes(dpi));
/** RENDER_BENCH_ONE_PAGE=only: only the one-page files, for a run of a minute. */
const ONE_PAGE_ONLY = process.env.RENDER_BENCH_ONE_PAGE === "only";
/** Runs per measurement at 150 dpi (the target), and for a one-page file; one run elsewhere. */
const RUNS_AT_150 = 3;
const ONE_PAGE_RUNS = 5;
const ENGINE_PAGES = 10;
const QUALITY = 80;

type Format = "jpg" | "png";
const TOOLS: Record<Format, string> = { jpg: "pdf-to-jpg", png: "pdf-to-png" };

interface Document {
  label: string;
  file: string;
  pages: number;
}

async function seconds(fn: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e9;
}

function popplerFormat(format: Format): string[] {
  return format === "jpg" ? ["-jpeg", "-jpegopt", `quality=${QUALITY}`] : ["-png"];
}

/** One bare pdftoppm, no sandbox, pages 1 to `pages`, into a fresh folder removed afterwards. */
async function barePdftoppm(work: string, doc: Document, format: Format, dpi: number, program = "pdftoppm", pages = doc.pages): Promise<void> {
  const out = await fs.mkdtemp(path.join(work, "bare-"));
  await exec(program, ["-r", String(dpi), "-f", "1", "-l", String(pages), "-cropbox", ...popplerFormat(format), doc.file, path.join(out, "p")]);
  await fs.rm(out, { recursive: true });
}

/** The whole round trip a visitor waits for: upload, the job, and the download of the result. */
async function throughApi(server: ServerProcess, doc: Document, format: Format, dpi: number, pages = doc.pages): Promise<void> {
  const fields = { imageResolution: String(dpi), quality: String(QUALITY), pageRange: `1-${pages}` };
  // Sent and read as a browser or curl does: the bench's client shares the machine's cores with the server.
  const { status, body } = await postMultipart(`${server.url}/api/process/${TOOLS[format]}`, [{ name: path.basename(doc.file), path: doc.file }], fields);
  const reply = body as { downloadUrl?: string; error?: string };
  if (status !== 200 || !reply.downloadUrl) throw new Error(`${TOOLS[format]}: ${status} ${reply.error}`);
  await downloadAndDrop(`${server.url}${reply.downloadUrl}`);
}

async function makeDocuments(work: string): Promise<{ text: Document; photo: Document; onePage: Document[] }> {
  const text = { label: "text book (LaTeX)", file: corpus("GeoTopo-komprimiert.pdf"), pages: TEXT_PAGES };
  const photos: Buffer[] = [];
  for (let i = 0; i < 6; i++) photos.push(await syntheticPhoto(1600, 1200, i + 1));
  const photoFile = path.join(work, "photos.pdf");
  await fs.writeFile(photoFile, await makeImagePdf(Array.from({ length: PHOTO_PAGES }, (_, i) => photos[i % photos.length]!)));
  const photo = { label: "photo document", file: photoFile, pages: PHOTO_PAGES };
  const onePage: Document[] = [];
  for (const [doc, page] of [[text, 10], [photo, 1]] as const) {
    const file = path.join(work, `one-${onePage.length + 1}.pdf`);
    await exec("qpdf", ["--empty", "--pages", doc.file, String(page), "--", file]);
    onePage.push({ label: `one page of the ${doc.label}`, file, pages: 1 });
  }
  return { text, photo, onePage };
}

export async function run(): Promise<void> {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), "bench-render-"));
  // Throughput is measured, not the deadline a visitor's job gets (which a busy machine can pass at 300 dpi).
  const server = await startServerProcess({ JOB_DEADLINE_BASE_SECONDS: "1800", JOB_DEADLINE_MAX_SECONDS: "3600" });
  try {
    const { text, photo, onePage } = await makeDocuments(work);
    // A first small job loads what the server loads on its first job, which every later job finds loaded.
    await throughApi(server, onePage[0]!, "jpg", 72);

    const rows: Array<Array<string | number>> = [];
    const measure = async (doc: Document, format: Format, dpi: number, runs: number) => {
      const pages = dpi >= 300 ? Math.min(PAGES_AT_300, doc.pages) : doc.pages;
      // Rounds alternate the bare run and the API, so that a slow spell of the machine falls on both alike.
      const bares: number[] = [];
      const apis: number[] = [];
      for (let i = 0; i < runs; i++) {
        bares.push(await seconds(() => barePdftoppm(work, doc, format, dpi, "pdftoppm", pages)));
        apis.push(await seconds(() => throughApi(server, doc, format, dpi, pages)));
      }
      const [bare, api] = [median(bares), median(apis)];
      rows.push([doc.label, pages, format.toUpperCase(), dpi, runs, pages / bare, pages / api, `${(bare / api).toFixed(2)}×`]);
      console.log(rows.at(-1)!.join(" | "));
    };
    for (const doc of ONE_PAGE_ONLY ? [] : [text, photo]) {
      for (const format of ["jpg", "png"] as const) for (const dpi of DPIS) await measure(doc, format, dpi, dpi === 150 ? RUNS_AT_150 : 1);
    }
    for (const doc of onePage) for (const format of ["jpg", "png"] as const) await measure(doc, format, 150, ONE_PAGE_RUNS);
    console.log(`Pages per second on ${os.availableParallelism()} cores (upload, job and download for the API; median of the runs shown):\n`);
    printTable(["document", "pages", "format", "dpi", "runs", "bare pdftoppm, pages/s", "API, pages/s", "API / bare"], rows);
    // The server's own process: its engines are processes of their own, and this one only sends and reads.
    console.log(`\nServer process peak RSS (VmHWM, from its start to the last run): ${((await server.peakRss()) / 1024 / 1024).toFixed(0)} MB\n`);

    if (ONE_PAGE_ONLY) return;
    await compareEngines(work, [text, photo]);
    await profileOneRun(work, text);
  } finally {
    await server.close();
    await fs.rm(work, { recursive: true, force: true });
  }
}

/** A context for calling the server's modules directly, in a job folder of the bench's own. */
async function benchContext(work: string): Promise<ProcessorContext> {
  const workDir = await fs.mkdtemp(path.join(work, "job-"));
  return { workDir, timeoutMs: 600_000, progress: () => undefined, maxPages: 5000 };
}

/** pdftoppm, pdftocairo and MuPDF (its worker process, as the server ran it before) on the same pages, one process each. */
async function compareEngines(work: string, docs: readonly Document[]): Promise<void> {
  const rows: Array<Array<string | number>> = [];
  for (const doc of docs) {
    for (const format of ["jpg", "png"] as const) {
      for (const dpi of DPIS) {
        const pages = Math.min(ENGINE_PAGES, doc.pages);
        const ppm = await seconds(() => barePdftoppm(work, doc, format, dpi, "pdftoppm", pages));
        const cairo = await seconds(() => barePdftoppm(work, doc, format, dpi, "pdftocairo", pages));
        const ctx = await benchContext(work);
        const input = path.join(ctx.workDir, "in.pdf");
        await fs.copyFile(doc.file, input);
        const mupdf = await seconds(() =>
          runMupdf(
            "renderPages",
            {
              input,
              outDir: ctx.workDir,
              pages: Array.from({ length: pages }, (_, i) => i),
              dpi,
              color: "rgb",
              encoding: format === "jpg" ? "jpeg" : "png",
              quality: QUALITY,
              maxPixels: 60_000_000,
            },
            ctx,
          ),
        );
        releaseMupdfChildren(ctx.workDir);
        rows.push([doc.label, format.toUpperCase(), dpi, pages / ppm, pages / cairo, pages / mupdf]);
        console.log(rows.at(-1)!.join(" | "));
      }
    }
  }
  console.log(`Engines side by side, one process each, first ${ENGINE_PAGES} pages, pages per second:\n`);
  printTable(["document", "format", "dpi", "pdftoppm", "pdftocairo", "MuPDF (worker)"], rows);
}

/** The steps of one 100-page JPG job at 150 dpi, run one after the other as the processor and the publisher do. */
async function profileOneRun(work: string, doc: Document): Promise<void> {
  const ctx = await benchContext(work);
  const input = path.join(ctx.workDir, "in.pdf");
  await fs.copyFile(doc.file, input);
  const pages = Array.from({ length: doc.pages }, (_, i) => i + 1);
  let pdf: Awaited<ReturnType<typeof openForRendering>>["pdf"] | undefined;
  const open = await seconds(async () => {
    const opened = await openForRendering({ path: input, name: "book.pdf", size: (await fs.stat(input)).size, kind: "pdf" }, ctx);
    pdf = opened.pdf;
    checkRenderBudget(opened.boxes, pages, 150);
  });
  const outDir = path.join(ctx.workDir, "images");
  await fs.mkdir(outDir);
  let rendered: Array<{ path: string; page: number }> = [];
  const render = await seconds(async () => {
    rendered = await renderPagesInParallel(pdf!.path, pages.map((page) => ({ page, dpi: 150 })), outDir, { format: "jpeg", gray: false, quality: QUALITY }, ctx, () => undefined);
  });
  const zip = await seconds(() => writeZip(rendered.map((p) => ({ path: p.path, name: `book-page-${p.page}.jpg` })), path.join(ctx.workDir, "out.zip")));
  const zipBytes = (await fs.stat(path.join(ctx.workDir, "out.zip"))).size;
  const mupdfDir = path.join(ctx.workDir, "mupdf");
  await fs.mkdir(mupdfDir);
  const before = await seconds(() =>
    runMupdf(
      "renderPages",
      { input: pdf!.path, outDir: mupdfDir, pages: pages.map((p) => p - 1), dpi: 150, color: "rgb", encoding: "jpeg", quality: QUALITY, maxPixels: 60_000_000 },
      ctx,
    ),
  );
  releaseMupdfChildren(ctx.workDir);
  const total = open + render + zip;
  console.log(`\nOne ${doc.pages}-page JPG job at 150 dpi, step by step (seconds; the ZIP is ${(zipBytes / 1e6).toFixed(1)} MB):\n`);
  printTable(
    ["step", "seconds", "share"],
    [
      ["page count and sizes (pdfinfo)", open, `${((100 * open) / total).toFixed(0)} %`],
      ["render, poppler split over the cores", render, `${((100 * render) / total).toFixed(0)} %`],
      ["ZIP", zip, `${((100 * zip) / total).toFixed(0)} %`],
      ["(before: render with MuPDF, one worker)", before, "–"],
    ],
  );
}
