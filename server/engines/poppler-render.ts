import fs from "node:fs/promises";
import path from "node:path";
import { EngineFailure } from "../errors.js";
import type { EngineContext } from "./context.js";
import { classifyRunFailure, runProcess } from "./process-runner.js";

/**
 * poppler's page renderers, for page images: pdftoppm (Splash) for colour, pdftocairo for greyscale JPEG and PNG,
 * whose -gray writes one-channel images where pdftoppm's JPEG and PNG stay RGB; pdftoppm for plain pixels (PPM, or
 * one-channel PGM with -gray). One run renders consecutive pages (or every other one of them) at one resolution into a
 * folder of its own; callers split a document into several runs to use every core.
 */

export const POPPLER_ENGINE = "poppler";

/**
 * pgm and ppm: plain grey (pdftoppm -gray) or colour pixels with a short header, for comparing pages pixel by pixel
 * or for encoding by the caller.
 */
export type PopplerImageFormat = "jpeg" | "png" | "pgm" | "ppm";

/** One-based pages first to last, inclusive, at one resolution; with `every: 2`, first, first + 2, ... up to last. */
export interface PageRun {
  first: number;
  last: number;
  dpi: number;
  /** Every other page only (the renderers' -o and -e, odd or even pages); first and last then share their parity. */
  every?: 2;
}

/** The one-based pages of a run, in order. */
export function runPages(run: PageRun): number[] {
  const step = run.every ?? 1;
  return Array.from({ length: Math.floor((run.last - run.first) / step) + 1 }, (_, i) => run.first + i * step);
}

export interface PopplerImageOptions {
  format: PopplerImageFormat;
  gray: boolean;
  /** JPEG quality, 1 to 100. */
  quality: number;
}

/**
 * glibc's allocator as the renderers get it: a page's bitmap (megabytes) is taken from the heap and kept there for
 * the next page rather than mapped afresh and unmapped for every page, on transparent huge pages where the system
 * lends them on request, which spares the renderer most of the page faults of touching new memory. What it renders
 * is the same to the byte; a run keeps its largest page's memory until it ends, as it held it while rendering it.
 */
const RENDERER_ENV = { GLIBC_TUNABLES: "glibc.malloc.hugetlb=1:glibc.malloc.mmap_threshold=268435456:glibc.malloc.trim_threshold=536870912" };

/** What the files of a run are called: this, a dash, the page number zero-padded to the document's page count. */
const PREFIX = "page";
const WRITTEN = /^page-(\d{1,9})\.(?:jpg|png|pgm|ppm)$/;

/**
 * What a failed render means. pdftoppm and pdftocairo exit 1 when they cannot open the file and 99 on other input
 * errors; exit 2 (cannot write the output) is ours; a renderer that fell over on the file has crashed. A password they cannot get past is the file's encryption.
 */
export function popplerRenderFailure(err: unknown): unknown {
  return classifyRunFailure(err, (e) => {
    if (e.exitCode === 2) return undefined;
    // Behind the sandbox a renderer ended by a signal is reported as 128 plus the signal's number.
    if (e.exitCode !== null && e.exitCode > 128) return "crashed";
    return /incorrect password/i.test(e.stderr) ? "encrypted" : "damaged";
  });
}

/** The command line of one run; `outDir` must be an empty folder of this run's own inside the job's folder. */
export function popplerRenderArgs(input: string, run: PageRun, outDir: string, options: PopplerImageOptions): { command: string; args: string[] } {
  const encoding = options.format === "jpeg" ? ["-jpeg", "-jpegopt", `quality=${options.quality}`] : options.format === "png" ? ["-png"] : [];
  // pdftocairo writes no PGM or PPM; pdftoppm's own -gray writes PGM.
  const cairo = options.gray && (options.format === "jpeg" || options.format === "png");
  const parity = run.every === 2 ? [run.first % 2 === 1 ? "-o" : "-e"] : [];
  return {
    command: cairo ? "pdftocairo" : "pdftoppm",
    // The crop box, as MuPDF and PDF viewers show a page (poppler would otherwise draw the whole media box).
    args: ["-r", String(run.dpi), "-f", String(run.first), "-l", String(run.last), ...parity, "-cropbox", ...(options.gray ? ["-gray"] : []), ...encoding, input, path.join(outDir, PREFIX)],
  };
}

/**
 * Renders one run into outDir (created here) and returns each page's file by one-based page number. A page the
 * renderer did not write makes the file one it cannot render: a damaged file.
 */
export async function renderPageRun(input: string, run: PageRun, outDir: string, options: PopplerImageOptions, ctx: EngineContext): Promise<Map<number, string>> {
  await fs.mkdir(outDir);
  const { command, args } = popplerRenderArgs(input, run, outDir, options);
  try {
    await runProcess({ engine: POPPLER_ENGINE, command, args, cwd: ctx.workDir, timeoutMs: ctx.timeoutMs, signal: ctx.signal, env: RENDERER_ENV });
  } catch (err) {
    throw popplerRenderFailure(err);
  }
  const written = await writtenPages(outDir);
  for (const page of runPages(run)) {
    if (!written.has(page)) throw new EngineFailure("damaged", POPPLER_ENGINE, `${command} wrote no image for page ${page}`);
  }
  return written;
}

/** The page images in a run's folder by page number; also what progress counts while the run goes on. */
export async function writtenPages(outDir: string): Promise<Map<number, string>> {
  const pages = new Map<number, string>();
  for (const name of await fs.readdir(outDir).catch(() => [])) {
    const number = WRITTEN.exec(name)?.[1];
    if (number) pages.set(Number(number), path.join(outDir, name));
  }
  return pages;
}
