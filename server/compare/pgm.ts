import fs from "node:fs/promises";

/** A grey image: one byte a pixel, rows one after the other. */
export interface GreyImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** Reads a binary PGM (P5, 8 bits) as pdftoppm -gray writes it: the header's four fields, then the pixels. */
export async function readPgm(file: string): Promise<GreyImage> {
  const data = await fs.readFile(file);
  const fields: string[] = [];
  let at = 0;
  while (fields.length < 4 && at < data.length) {
    while (at < data.length && isSpace(data[at]!)) at++;
    if (data[at] === 0x23) {
      // A comment runs to the end of its line.
      while (at < data.length && data[at] !== 0x0a) at++;
      continue;
    }
    const start = at;
    while (at < data.length && !isSpace(data[at]!)) at++;
    fields.push(data.subarray(start, at).toString("latin1"));
  }
  const [magic, width, height, max] = [fields[0], Number(fields[1]), Number(fields[2]), Number(fields[3])];
  // One whitespace byte ends the header.
  const pixels = data.subarray(at + 1);
  if (magic !== "P5" || max !== 255 || !(width > 0) || !(height > 0) || pixels.length < width * height) {
    throw new Error(`not an 8-bit binary PGM: ${file}`);
  }
  return { width, height, pixels: pixels.subarray(0, width * height) };
}

function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}
