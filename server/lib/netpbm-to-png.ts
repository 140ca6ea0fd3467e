import { createReadStream, createWriteStream } from "node:fs";
import { Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";

/**
 * PNG from the plain pixels a renderer writes (binary PPM for colour, PGM for grey), streamed: a page's pixels never
 * sit whole in memory, however large the page. Rendering to plain pixels and deflating them here at zlib's default
 * level is several times cheaper than having the renderer write PNG itself (poppler tries every row filter and
 * zlib's highest level). Each row is written as it is or as its difference from the row above (PNG's "Up" filter),
 * chosen by one cheap look at the row: rows of flat colour (text, drawings) deflate best as they are, rows of a
 * photograph, where neighbours differ a little, as differences, which halves a photograph's file. Grey can be
 * thresholded to one bit a pixel on the way, for black-and-white pages.
 */

export interface PngOptions {
  /** Written into the file (pHYs), as image viewers and editors read the resolution. */
  dpi: number;
  /** Grey levels at or above this become white and the rest black, in a one-bit image; grey input only. */
  threshold?: number;
}

export interface NetpbmHeader {
  channels: 1 | 3;
  width: number;
  height: number;
  /** Bytes before the first pixel. */
  length: number;
}

/** The most a header can take: magic, three numbers of at most nine digits and the whitespace between. */
const MAX_HEADER = 64;
const HEADER = /^P([56])\s+(\d{1,9})\s+(\d{1,9})\s+(\d{1,9})\s/;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** The largest IDAT chunk written; readers take any size, this keeps each write moderate. */
const IDAT_SIZE = 256 * 1024;

/**
 * The header of a binary PGM (P5) or PPM (P6) with 8-bit samples, or undefined where the start is not one. The
 * renderer writes no comments in it, so none are accepted.
 */
export function parseNetpbmHeader(start: Buffer): NetpbmHeader | undefined {
  const found = HEADER.exec(start.subarray(0, MAX_HEADER).toString("latin1"));
  if (!found || Number(found[4]) !== 255) return undefined;
  const [width, height] = [Number(found[2]), Number(found[3])];
  if (width < 1 || height < 1) return undefined;
  return { channels: found[1] === "5" ? 1 : 3, width, height, length: found[0].length };
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(data, zlib.crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, crc]);
}

function pngHead(header: NetpbmHeader, options: PngOptions): Buffer {
  const oneBit = options.threshold !== undefined;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(header.width, 0);
  ihdr.writeUInt32BE(header.height, 4);
  // Bit depth, then colour type: 0 grey, 2 RGB; compression, filter and interlace methods 0.
  ihdr[8] = oneBit ? 1 : 8;
  ihdr[9] = header.channels === 1 ? 0 : 2;
  const phys = Buffer.alloc(9);
  const perMetre = Math.round(options.dpi / 0.0254);
  phys.writeUInt32BE(perMetre, 0);
  phys.writeUInt32BE(perMetre, 4);
  phys[8] = 1;
  return Buffer.concat([PNG_SIGNATURE, chunk("IHDR", ihdr), chunk("pHYs", phys)]);
}

/** PNG's filter types, the first byte of each scanline. */
const FILTER_NONE = 0;
const FILTER_UP = 2;

/**
 * Every how many bytes of a row rowFilter looks: counting every byte cost more of the server's own time than the
 * difference itself, and a row's kind shows as well in a quarter of its bytes.
 */
const LOOK_STRIDE = 4;

/**
 * The filter for a row: none where most of the bytes looked at repeat the pixel to their left (flat colour, which
 * deflate's matches take as it is), else the difference from the row above.
 */
function rowFilter(row: Uint8Array, bytesPerPixel: number): number {
  let repeats = 0;
  let looked = 0;
  for (let i = bytesPerPixel; i < row.length; i += LOOK_STRIDE) {
    looked++;
    if (row[i] === row[i - bytesPerPixel]) repeats++;
  }
  return repeats * 2 > looked ? FILTER_NONE : FILTER_UP;
}

/**
 * Rows minus the rows above them, byte by byte modulo 256, four bytes at a time in 32-bit words (the high bit of
 * each byte set aside, so that no borrow crosses into the next byte), in aligned copies of the rows.
 */
class RowDifference {
  private readonly row: Uint8Array;
  private readonly above: Uint8Array;
  private readonly difference: Uint8Array;
  private readonly rowWords: Uint32Array;
  private readonly aboveWords: Uint32Array;
  private readonly differenceWords: Uint32Array;

  constructor(private readonly rowBytes: number) {
    const words = Math.ceil(rowBytes / 4);
    this.rowWords = new Uint32Array(words);
    this.aboveWords = new Uint32Array(words);
    this.differenceWords = new Uint32Array(words);
    this.row = new Uint8Array(this.rowWords.buffer);
    this.above = new Uint8Array(this.aboveWords.buffer);
    this.difference = new Uint8Array(this.differenceWords.buffer);
  }

  /** Writes row − above into out at `at`. */
  write(row: Uint8Array, above: Uint8Array, out: Buffer, at: number): void {
    const { rowWords: a, aboveWords: b, differenceWords: d } = this;
    this.row.set(row);
    this.above.set(above);
    for (let i = 0; i < d.length; i++) {
      const x = a[i]!;
      const y = b[i]!;
      d[i] = ((x | 0x80808080) - (y & 0x7f7f7f7f)) ^ ((x ^ ~y) & 0x80808080);
    }
    out.set(this.difference.subarray(0, this.rowBytes), at);
  }
}

/** The pixel rows as PNG's filtered scanlines (rowFilter), one-bit where thresholded (unfiltered). */
class Scanlines extends Transform {
  private readonly rowBytes: number;
  private readonly difference: RowDifference;
  private pending = Buffer.alloc(0);
  private rows = 0;
  /** The last row of the previous chunk, which the next chunk's first row is filtered against; zeros above the first. */
  private above: Uint8Array;

  constructor(
    private readonly header: NetpbmHeader,
    private readonly threshold: number | undefined,
  ) {
    super();
    this.rowBytes = header.width * header.channels;
    this.above = new Uint8Array(this.rowBytes);
    this.difference = new RowDifference(this.rowBytes);
  }

  override _transform(data: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let input = this.pending.length > 0 ? Buffer.concat([this.pending, data]) : data;
    const whole = Math.min(Math.floor(input.length / this.rowBytes), this.header.height - this.rows);
    if (whole > 0) {
      this.push(this.filtered(input.subarray(0, whole * this.rowBytes), whole));
      this.rows += whole;
      input = input.subarray(whole * this.rowBytes);
    }
    if (this.rows === this.header.height && input.length > 0) return done(new Error("the image has more pixels than its header says"));
    this.pending = Buffer.from(input);
    done();
  }

  override _flush(done: TransformCallback): void {
    done(this.rows === this.header.height ? null : new Error("the image ends before its last row"));
  }

  private filtered(pixels: Buffer, rows: number): Buffer {
    if (this.threshold === undefined) {
      const { rowBytes } = this;
      const out = Buffer.allocUnsafe(rows * (rowBytes + 1));
      for (let r = 0; r < rows; r++) {
        const row = pixels.subarray(r * rowBytes, (r + 1) * rowBytes);
        const above = r === 0 ? this.above : pixels.subarray((r - 1) * rowBytes, r * rowBytes);
        const at = r * (rowBytes + 1);
        const filter = rowFilter(row, this.header.channels);
        out[at] = filter;
        if (filter === FILTER_NONE) row.copy(out, at + 1);
        else this.difference.write(row, above, out, at + 1);
      }
      // A copy: the chunk's buffer is not ours to keep.
      this.above = new Uint8Array(pixels.subarray((rows - 1) * rowBytes, rows * rowBytes));
      return out;
    }
    const packed = Math.ceil(this.header.width / 8);
    const out = Buffer.alloc(rows * (packed + 1));
    for (let r = 0; r < rows; r++) {
      const from = r * this.rowBytes;
      const to = r * (packed + 1) + 1;
      for (let x = 0; x < this.header.width; x++) {
        if (pixels[from + x]! >= this.threshold) out[to + (x >> 3)]! |= 0x80 >> (x & 7);
      }
    }
    return out;
  }
}

/** Deflated data cut into IDAT chunks, the end chunk after the last. */
class DataChunks extends Transform {
  private held: Buffer[] = [];
  private heldBytes = 0;

  override _transform(data: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.held.push(data);
    this.heldBytes += data.length;
    if (this.heldBytes >= IDAT_SIZE) this.release();
    done();
  }

  override _flush(done: TransformCallback): void {
    this.release();
    this.push(chunk("IEND", Buffer.alloc(0)));
    done();
  }

  private release(): void {
    if (this.heldBytes > 0) this.push(chunk("IDAT", Buffer.concat(this.held)));
    this.held = [];
    this.heldBytes = 0;
  }
}

/**
 * Writes `target` as a PNG of the PPM or PGM `source`. Throws where the source is no such image, or is cut short:
 * the renderer did not finish it.
 */
export async function netpbmToPng(source: string, target: string, options: PngOptions): Promise<void> {
  const start = await readStart(source);
  const header = parseNetpbmHeader(start);
  if (!header) throw new Error(`${source} is not a binary PPM or PGM image with 8-bit samples`);
  if (options.threshold !== undefined && header.channels !== 1) throw new Error("only grey images are thresholded");
  const out = createWriteStream(target);
  out.write(pngHead(header, options));
  await pipeline(
    createReadStream(source, { start: header.length, highWaterMark: 1024 * 1024 }),
    new Scanlines(header, options.threshold),
    zlib.createDeflate({ level: 6 }),
    new DataChunks(),
    out,
  );
}

async function readStart(file: string): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of createReadStream(file, { start: 0, end: MAX_HEADER - 1 })) parts.push(part as Buffer);
  return Buffer.concat(parts);
}
