import { UserError } from "../errors.js";
import { MAX_IMAGE_PIXELS } from "../limits.js";
import { msg } from "../message.js";

/**
 * An image's width and height from its header alone (PNG's IHDR, JPEG's start-of-frame in any of its forms,
 * progressive included, GIF's logical screen, BMP's info header, every TIFF page): a file of a few kilobytes can
 * declare 30000×30000 pixels, and a decoder would try to allocate them. Reads a few bytes at a time, a bounded
 * number of times, whatever the file holds.
 */

export interface ImageSize {
  width: number;
  height: number;
}

/** Reads `length` bytes at `offset` (fewer at the end of the data). */
export type ReadAt = (offset: number, length: number) => Promise<Uint8Array>;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** JPEG markers walked before giving up; real files have a few dozen before their frame header. */
const MAX_JPEG_SEGMENTS = 5_000;
const MAX_TIFF_PAGES = 1_000;

export async function imageSizeOfBytes(bytes: Uint8Array): Promise<ImageSize | undefined> {
  return imageSize(async (offset, length) => bytes.subarray(offset, offset + length));
}

export async function imageSize(read: ReadAt): Promise<ImageSize | undefined> {
  const head = await read(0, 32);
  if (head.length < 10) return undefined;
  if (head.length >= 24 && PNG_SIGNATURE.every((byte, i) => head[i] === byte)) {
    if (latin1(head, 12, 16) !== "IHDR") return undefined;
    return { width: u32be(head, 16), height: u32be(head, 20) };
  }
  const gif = latin1(head, 0, 6);
  if (gif === "GIF87a" || gif === "GIF89a") return { width: u16le(head, 6), height: u16le(head, 8) };
  if (head[0] === 0xff && head[1] === 0xd8) return jpegSize(read);
  if (latin1(head, 0, 2) === "BM" && head.length >= 26) {
    // A BITMAPCOREHEADER (12 bytes) has 16-bit sizes; every later header 32-bit ones, the height negative top-down.
    if (u32le(head, 14) === 12) return { width: u16le(head, 18), height: u16le(head, 20) };
    return { width: Math.abs(i32le(head, 18)), height: Math.abs(i32le(head, 22)) };
  }
  const tiff = latin1(head, 0, 4);
  if (tiff === "II*\0" || tiff === "MM\0*") return tiffSize(read, tiff === "II*\0");
  return undefined;
}

/** Numbers as stored in a header, at a byte offset. */
const view = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);
export const u16be = (b: Uint8Array, at: number) => view(b).getUint16(at);
export const u16le = (b: Uint8Array, at: number) => view(b).getUint16(at, true);
export const u32be = (b: Uint8Array, at: number) => view(b).getUint32(at);
export const u32le = (b: Uint8Array, at: number) => view(b).getUint32(at, true);
const i32le = (b: Uint8Array, at: number) => view(b).getInt32(at, true);
export const latin1 = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

/** Start-of-frame markers: baseline, extended, progressive, lossless, and their arithmetic-coded forms. */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

async function jpegSize(read: ReadAt): Promise<ImageSize | undefined> {
  let offset = 2;
  for (let i = 0; i < MAX_JPEG_SEGMENTS; i++) {
    const header = await read(offset, 9);
    if (header.length < 2 || header[0] !== 0xff) return undefined;
    const marker = header[1]!;
    // Fill bytes: a marker may be preceded by any number of 0xFF.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    // Markers without a length.
    if ((marker >= 0xd0 && marker <= 0xd8) || marker === 0x01) {
      offset += 2;
      continue;
    }
    if (header.length < 4) return undefined;
    if (isStartOfFrame(marker)) {
      if (header.length < 9) return undefined;
      return { width: u16be(header, 7), height: u16be(header, 5) };
    }
    // The scan or the end before any frame header: no size to be read.
    if (marker === 0xda || marker === 0xd9) return undefined;
    const length = u16be(header, 2);
    if (length < 2) return undefined;
    offset += 2 + length;
  }
  return undefined;
}

/** The largest page of a TIFF (each page, an IFD, states its own size); undefined where a page states none. */
async function tiffSize(read: ReadAt, little: boolean): Promise<ImageSize | undefined> {
  const u16 = (b: Uint8Array, at: number) => (little ? u16le(b, at) : u16be(b, at));
  const u32 = (b: Uint8Array, at: number) => (little ? u32le(b, at) : u32be(b, at));
  let largest: ImageSize | undefined;
  let offset = u32(await read(4, 4), 0);
  const seen = new Set<number>();
  for (let page = 0; page < MAX_TIFF_PAGES && offset !== 0; page++) {
    if (seen.has(offset)) break;
    seen.add(offset);
    const countBytes = await read(offset, 2);
    if (countBytes.length < 2) return undefined;
    const count = u16(countBytes, 0);
    const entries = await read(offset + 2, count * 12 + 4);
    if (entries.length < count * 12 + 4) return undefined;
    let width: number | undefined;
    let height: number | undefined;
    for (let i = 0; i < count; i++) {
      const at = i * 12;
      const tag = u16(entries, at);
      if (tag !== 256 && tag !== 257) continue;
      const type = u16(entries, at + 2);
      // SHORT values sit in the first two bytes of the value field, LONG ones fill it.
      const value = type === 3 ? u16(entries, at + 8) : type === 4 ? u32(entries, at + 8) : undefined;
      if (tag === 256) width = value;
      else height = value;
    }
    if (width === undefined || height === undefined) return undefined;
    if (!largest || width * height > largest.width * largest.height) largest = { width, height };
    offset = u32(entries, count * 12);
  }
  return largest;
}

function megapixels(pixels: number): number {
  return Math.round(pixels / 1e5) / 10;
}

/**
 * Refuses an image whose header declares more than `limit` pixels (or no size at all), before anything decodes
 * it. `name` is the visitor's name for it, shown in the sentence.
 */
export function checkImageSize(size: ImageSize | undefined, name: string, limit = MAX_IMAGE_PIXELS): ImageSize {
  if (!size || size.width === 0 || size.height === 0) {
    throw new UserError(msg("images.unreadable", { name }), 422, "damaged");
  }
  const pixels = size.width * size.height;
  if (pixels > limit) {
    throw new UserError(
      msg("images.tooLarge", { name, width: size.width, height: size.height, megapixels: megapixels(pixels), limit: megapixels(limit) }),
      413,
      "too_large",
    );
  }
  return size;
}
