import { cleanNameCharacters, uniqueNames } from "../names.js";

/**
 * The ZIP that carries several results made on the device, named as the server names its entries. PDFs and page
 * images are compressed already, so entries are stored, not deflated. Entries are added as they are made and kept
 * as the caller hands them over (a Blob, which the browser holds outside the worker's memory), so that neither the
 * results nor the ZIP are ever one block of memory. A device run stays far below the sizes that need ZIP64 (refused
 * here rather than written wrong).
 */

/** CRC-32 tables for eight bytes at a time: table k gives a byte's remainder k bytes further on. */
const CRC_TABLES = (() => {
  // Signed, as the bitwise operators answer: the sums below stay small integers, which V8 keeps unboxed.
  const tables = new Int32Array(256 * 8);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    tables[n] = c;
  }
  for (let n = 0; n < 256; n++) {
    for (let k = 1; k < 8; k++) tables[k * 256 + n] = (tables[(k - 1) * 256 + n]! >>> 8) ^ tables[tables[(k - 1) * 256 + n]! & 0xff]!;
  }
  return tables;
})();

/**
 * The ZIP format's checksum, eight bytes a step (a byte at a time took longer than qpdf's own split), read as two
 * little-endian words rather than byte by byte, which takes about half the time.
 */
export function crc32(data: Uint8Array): number {
  const t = CRC_TABLES;
  const words = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let crc = -1;
  let i = 0;
  for (const end = data.length - 7; i < end; i += 8) {
    const low = crc ^ words.getInt32(i, true);
    const high = words.getInt32(i + 4, true);
    crc =
      t[7 * 256 + (low & 0xff)]! ^
      t[6 * 256 + ((low >>> 8) & 0xff)]! ^
      t[5 * 256 + ((low >>> 16) & 0xff)]! ^
      t[4 * 256 + (low >>> 24)]! ^
      t[3 * 256 + (high & 0xff)]! ^
      t[2 * 256 + ((high >>> 8) & 0xff)]! ^
      t[256 + ((high >>> 16) & 0xff)]! ^
      t[high >>> 24]!;
  }
  for (; i < data.length; i++) crc = t[(crc ^ data[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ -1) >>> 0;
}

const LIMIT_32 = 0xffffffff;
const FLAG_UTF8_NAME = 0x0800;

/** What a Blob is made of: the bytes of headers, and the entries as the caller keeps them. */
export type ZipPart = Uint8Array<ArrayBuffer> | Blob;

export class StoredZip {
  private readonly parts: ZipPart[] = [];
  private readonly central: Uint8Array<ArrayBuffer>[] = [];
  private readonly used = new Set<string>();
  private offset = 0;

  /**
   * Adds an entry: `data` is read for its checksum and length; `kept` is what the ZIP holds (the same bytes).
   * Answers where the entry's bytes lie in the finished ZIP, so that a Blob of it can be sliced back into the file.
   */
  add(name: string, data: Uint8Array, kept: ZipPart = data as Uint8Array<ArrayBuffer>): { start: number; end: number } {
    const encoded = new TextEncoder().encode(uniqueNames([cleanNameCharacters(name)], this.used)[0]!);
    const entry = { name: encoded, crc: crc32(data), length: data.length, offset: this.offset };
    if (this.central.length >= 0xffff || this.offset + 30 + encoded.length + data.length > LIMIT_32) throw new RangeError("too large for a ZIP without ZIP64");
    this.parts.push(header(false, entry), kept);
    this.central.push(header(true, entry));
    const start = this.offset + 30 + encoded.length;
    this.offset = start + data.length;
    return { start, end: this.offset };
  }

  /** The ZIP's parts in order, ready for a Blob: entries, the central directory, and its end record. */
  finish(): ZipPart[] {
    const size = this.central.reduce((sum, h) => sum + h.length, 0);
    if (this.offset + size + 22 > LIMIT_32) throw new RangeError("too large for a ZIP without ZIP64");
    const end = new Uint8Array(22);
    const view = new DataView(end.buffer);
    view.setUint32(0, 0x06054b50, true);
    view.setUint16(8, this.central.length, true);
    view.setUint16(10, this.central.length, true);
    view.setUint32(12, size, true);
    view.setUint32(16, this.offset, true);
    return [...this.parts, ...this.central, end];
  }
}

interface Entry {
  name: Uint8Array;
  crc: number;
  length: number;
  offset: number;
}

/** A local (30 bytes) or central (46 bytes) header with the entry's name. */
function header(central: boolean, entry: Entry): Uint8Array<ArrayBuffer> {
  const fixed = central ? 46 : 30;
  const out = new Uint8Array(fixed + entry.name.length);
  const view = new DataView(out.buffer);
  const shift = central ? 2 : 0;
  view.setUint32(0, central ? 0x02014b50 : 0x04034b50, true);
  if (central) view.setUint16(4, 20, true);
  view.setUint16(4 + shift, 20, true);
  view.setUint16(6 + shift, FLAG_UTF8_NAME, true);
  // Method 0 (stored) at midnight, 1 January 1980, the format's first day: no time is meaningful for a made file.
  view.setUint16(12 + shift, (1 << 5) | 1, true);
  view.setUint32(14 + shift, entry.crc, true);
  view.setUint32(18 + shift, entry.length, true);
  view.setUint32(22 + shift, entry.length, true);
  view.setUint16(26 + shift, entry.name.length, true);
  if (central) view.setUint32(42, entry.offset, true);
  out.set(entry.name, fixed);
  return out;
}
