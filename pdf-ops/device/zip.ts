import { cleanNameCharacters, uniqueNames } from "../names.js";
import type { DeviceOutput } from "./operation.js";

/**
 * The ZIP that carries several results made on the device, named as the server names its entries. PDFs are
 * compressed already, so entries are stored, not deflated; a device run stays far below the sizes that need ZIP64
 * (refused here rather than written wrong).
 */

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (let i = 0; i < data.length; i++) crc = CRC_TABLE[(crc ^ data[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const LIMIT_32 = 0xffffffff;
const FLAG_UTF8_NAME = 0x0800;

export function storedZip(files: readonly DeviceOutput[]): Uint8Array {
  const names = uniqueNames(files.map((f) => cleanNameCharacters(f.name))).map((n) => new TextEncoder().encode(n));
  const size = files.reduce((sum, f, i) => sum + 30 + names[i]!.length + f.data.length + 46 + names[i]!.length, 22);
  if (size > LIMIT_32 || files.length > 0xffff) throw new RangeError("too large for a ZIP without ZIP64");
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  let at = 0;
  const central: Array<{ offset: number; crc: number; length: number }> = [];
  files.forEach((file, i) => {
    const name = names[i]!;
    const crc = crc32(file.data);
    central.push({ offset: at, crc, length: file.data.length });
    at = header(view, at, 0x04034b50, false, name, crc, file.data.length, 0);
    out.set(file.data, at);
    at += file.data.length;
  });
  const centralStart = at;
  central.forEach((entry, i) => (at = header(view, at, 0x02014b50, true, names[i]!, entry.crc, entry.length, entry.offset)));
  view.setUint32(at, 0x06054b50, true);
  view.setUint16(at + 8, files.length, true);
  view.setUint16(at + 10, files.length, true);
  view.setUint32(at + 12, at - centralStart, true);
  view.setUint32(at + 16, centralStart, true);
  return out;
}

/** Writes a local (30 bytes) or central (46 bytes) header and the name; returns where the next byte goes. */
function header(view: DataView, at: number, signature: number, central: boolean, name: Uint8Array, crc: number, length: number, offset: number): number {
  const shift = central ? 2 : 0;
  view.setUint32(at, signature, true);
  if (central) view.setUint16(at + 4, 20, true);
  view.setUint16(at + 4 + shift, 20, true);
  view.setUint16(at + 6 + shift, FLAG_UTF8_NAME, true);
  // Method 0 (stored) at midnight, 1 January 1980, the format's first day: no time is meaningful for a made file.
  view.setUint16(at + 12 + shift, (1 << 5) | 1, true);
  view.setUint32(at + 14 + shift, crc, true);
  view.setUint32(at + 18 + shift, length, true);
  view.setUint32(at + 22 + shift, length, true);
  view.setUint16(at + 26 + shift, name.length, true);
  if (central) view.setUint32(at + 42, offset, true);
  new Uint8Array(view.buffer).set(name, at + (central ? 46 : 30));
  return at + (central ? 46 : 30) + name.length;
}
