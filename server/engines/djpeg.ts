import fs from "node:fs/promises";
import { AbortedError } from "../errors.js";
import type { EngineContext } from "./context.js";
import { runProcess } from "./process-runner.js";

/**
 * libjpeg-turbo's djpeg, for decoding a JPEG at a fraction of its size: its DCT scaling computes only the
 * coefficients the smaller image needs, which costs a fraction of a full decode. It reads a file the job wrote into
 * its own folder and writes a PGM (grey) or PPM (RGB) beside it.
 */
export const DJPEG_ENGINE = "djpeg";

/** One JPEG's decode gets at most this long (a 150-megapixel scan decodes in a few seconds); the job's own limit may be shorter. */
const DECODE_TIMEOUT_MS = 30_000;
/** Progressive JPEGs of more scans than this are refused: no encoder writes them, and each scan costs a pass. */
const MAX_SCANS = 500;

export interface DecodedPixels {
  /** Packed rows of `channels` bytes a pixel. */
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 3;
}

/**
 * The JPEG in `jpegPath` decoded at `eighths`/8 of its size (1 to 8), or undefined when djpeg refuses it or writes
 * more than `maxBytes`: damaged,
 * not a JPEG, a colour model it does not turn into grey or RGB (CMYK), a warning (-strict makes a truncated or
 * corrupt stream a refusal, so that the caller's own decoder, which is more forgiving, decides), a crash, a timeout
 * or djpeg not installed. Only the job being cancelled is thrown.
 */
export async function decodeJpegScaled(jpegPath: string, eighths: number, outPath: string, maxBytes: number, ctx: EngineContext): Promise<DecodedPixels | undefined> {
  try {
    await runProcess({
      engine: DJPEG_ENGINE,
      command: "djpeg",
      args: ["-scale", `${eighths}/8`, "-pnm", "-strict", "-maxscans", String(MAX_SCANS), "-outfile", outPath, jpegPath],
      cwd: ctx.workDir,
      timeoutMs: Math.min(ctx.timeoutMs, DECODE_TIMEOUT_MS),
      signal: ctx.signal,
    });
    // A JPEG's own header may state a far larger picture than the image's dictionary: such a file is refused by
    // its size, before it is read into the server's memory.
    if ((await fs.stat(outPath)).size > maxBytes) return undefined;
    return parsePnm(await fs.readFile(outPath));
  } catch (err) {
    if (err instanceof AbortedError || ctx.signal?.aborted) throw err instanceof AbortedError ? err : new AbortedError();
    return undefined;
  } finally {
    await fs.rm(outPath, { force: true });
  }
}

/**
 * The pixels of a binary PGM (P5) or PPM (P6) of 8-bit samples, as djpeg writes them: magic, width, height and
 * maximum value separated by single whitespace, no comments. Undefined for anything else or a short file.
 */
export function parsePnm(file: Buffer): DecodedPixels | undefined {
  const magic = file.toString("latin1", 0, 2);
  if (magic !== "P5" && magic !== "P6") return undefined;
  const fields: number[] = [];
  let at = 2;
  // Three numbers, each after whitespace; the header ends at the single whitespace byte after the third.
  while (fields.length < 3 && at < file.length && at < 64) {
    while (at < file.length && isSpace(file[at]!)) at++;
    let value = 0;
    let digits = 0;
    while (at < file.length && file[at]! >= 0x30 && file[at]! <= 0x39 && digits < 9) {
      value = value * 10 + file[at++]! - 0x30;
      digits++;
    }
    if (digits === 0) return undefined;
    fields.push(value);
  }
  const [width, height, maxValue] = fields;
  if (width === undefined || height === undefined || maxValue !== 255 || width === 0 || height === 0 || !isSpace(file[at] ?? 0)) return undefined;
  const channels = magic === "P5" ? 1 : 3;
  const start = at + 1;
  if (file.length - start !== width * height * channels) return undefined;
  return { data: file.subarray(start), width, height, channels };
}

function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}
