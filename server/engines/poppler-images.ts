import fs from "node:fs/promises";
import path from "node:path";
import type { EngineContext } from "./context.js";
import { POPPLER_ENGINE, popplerRenderFailure } from "./poppler-render.js";
import { runProcess } from "./process-runner.js";

/** One image placement as `pdfimages -list` reports it. */
export interface ListedImage {
  page: number;
  /** pdfimages' running number over the whole document (a run of some pages counts from 0 again). */
  num: number;
  /** image, mask, smask or stencil. */
  type: string;
  width: number;
  height: number;
  /** How it is stored: jpeg, jp2, jbig2, ccitt, image (Flate, LZW, uncompressed)… */
  encoding: string;
  /** "12 0" for an image object, undefined for an inline image. */
  object?: string;
}

/** Reads the table of `pdfimages -list`: two header lines, then one line a placement. */
export function parseImageList(output: string): ListedImage[] {
  const images: ListedImage[] = [];
  for (const line of output.split("\n").slice(2)) {
    const t = line.trim().split(/\s+/);
    if (t.length < 12) continue;
    const inline = t[10] === "[inline]";
    images.push({
      page: Number(t[0]),
      num: Number(t[1]),
      type: t[2]!,
      width: Number(t[3]),
      height: Number(t[4]),
      encoding: t[8]!,
      object: inline ? undefined : `${t[10]} ${t[11]}`,
    });
  }
  return images.filter((i) => Number.isInteger(i.page) && Number.isInteger(i.num));
}

export async function listImages(file: string, ctx: EngineContext): Promise<ListedImage[]> {
  try {
    const { stdout } = await runProcess({
      engine: POPPLER_ENGINE,
      command: "pdfimages",
      args: ["-list", file],
      cwd: ctx.workDir,
      timeoutMs: ctx.timeoutMs,
      signal: ctx.signal,
      maxStdoutBytes: 64 * 1024 * 1024,
    });
    return parseImageList(stdout.toString("utf8"));
  } catch (err) {
    throw popplerRenderFailure(err);
  }
}

/**
 * Writes the images of pages first to last into outDir (created here), named `img-<page>-<k>.<ext>`: DCT images
 * as the JPEG bytes stored in the file, JPEG 2000 as stored, everything else decoded into PNG. Returns the files by
 * k, the run's own running number, counted from 0 at its first page.
 */
export async function extractImages(file: string, first: number, last: number, outDir: string, ctx: EngineContext): Promise<Map<number, string>> {
  await fs.mkdir(outDir, { recursive: true });
  try {
    await runProcess({
      engine: POPPLER_ENGINE,
      command: "pdfimages",
      args: ["-j", "-jp2", "-png", "-p", "-f", String(first), "-l", String(last), file, path.join(outDir, "img")],
      cwd: ctx.workDir,
      timeoutMs: ctx.timeoutMs,
      signal: ctx.signal,
    });
  } catch (err) {
    throw popplerRenderFailure(err);
  }
  const written = new Map<number, string>();
  for (const name of await fs.readdir(outDir)) {
    // img-<page>-<num>.<ext>: the number is the last dash-separated part before the dot.
    const dot = name.lastIndexOf(".");
    const dash = name.lastIndexOf("-", dot);
    const num = Number(name.slice(dash + 1, dot));
    if (name.startsWith("img-") && dot > dash && Number.isInteger(num)) written.set(num, path.join(outDir, name));
  }
  return written;
}
