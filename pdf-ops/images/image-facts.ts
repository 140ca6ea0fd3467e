import { latin1, u16be, u16le, u32be, u32le } from "./image-size.js";

/**
 * What JPG to PDF needs to know of a JPEG or PNG besides its size, read from its header in the browser as libvips
 * reads it on the server: the resolution it states (EXIF over JFIF in a JPEG; pHYs in a PNG), its EXIF
 * orientation (a PNG's eXIf chunk too) and whether its samples have 16 bits. Each walk is bounded.
 */

export interface ImageHeaderFacts {
  /** Pixels per inch: what the file states, or 72 where it states none (libvips' assumption). */
  density: number;
  /** EXIF orientation, 1 to 8. */
  orientation?: number;
  sixteenBit: boolean;
}

const MAX_SEGMENTS = 5_000;
/** The resolution libvips gives an image that states none. */
const UNSTATED_DPI = 72;

export function imageHeaderFacts(bytes: Uint8Array, kind: "jpeg" | "png"): ImageHeaderFacts {
  return kind === "png" ? pngFacts(bytes) : jpegFacts(bytes);
}

function jpegFacts(bytes: Uint8Array): ImageHeaderFacts {
  let jfif: number | undefined;
  let exif: { density?: number; orientation?: number } = {};
  let offset = 2;
  for (let i = 0; i < MAX_SEGMENTS && offset + 4 <= bytes.length; i++) {
    if (bytes[offset] !== 0xff) break;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) break;
    const length = u16be(bytes, offset + 2);
    const body = bytes.subarray(offset + 4, offset + 2 + length);
    if (marker === 0xe0 && latin1(body, 0, 5) === "JFIF\0" && body.length >= 12) {
      const units = body[7];
      const x = u16be(body, 8);
      // A density of 1 (or no unit) gives only the pixels' aspect ratio.
      if (x !== 1 && units === 1) jfif = x;
      else if (x !== 1 && units === 2) jfif = x * 2.54;
    } else if (marker === 0xe1 && latin1(body, 0, 6) === "Exif\0\0") {
      exif = tiffFacts(body.subarray(6));
    }
    offset += 2 + length;
  }
  return { density: wholeDpi(exif.density ?? jfif), orientation: exif.orientation, sixteenBit: false };
}

function pngFacts(bytes: Uint8Array): ImageHeaderFacts {
  const facts: ImageHeaderFacts = { density: UNSTATED_DPI, sixteenBit: bytes.length > 24 && bytes[24] === 16 };
  let offset = 8;
  for (let i = 0; i < MAX_SEGMENTS && offset + 8 <= bytes.length; i++) {
    const length = u32be(bytes, offset);
    const type = latin1(bytes, offset + 4, offset + 8);
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    // libvips reads pixels per metre, or per millimetre where the chunk names no unit.
    if (type === "pHYs" && body.length >= 9) facts.density = wholeDpi(u32be(body, 0) * (body[8] === 1 ? 0.0254 : 25.4));
    else if (type === "eXIf") facts.orientation = tiffFacts(body).orientation;
    else if (type === "IDAT" || type === "IEND") break;
    offset += 12 + length;
  }
  return facts;
}

/** The orientation and resolution in the first directory of EXIF data (a TIFF header and its IFD0). */
function tiffFacts(tiff: Uint8Array): { density?: number; orientation?: number } {
  if (tiff.length < 8) return {};
  const little = latin1(tiff, 0, 2) === "II";
  const u16 = (at: number) => (little ? u16le(tiff, at) : u16be(tiff, at));
  const u32 = (at: number) => (little ? u32le(tiff, at) : u32be(tiff, at));
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return {};
  const count = u16(ifd);
  let orientation: number | undefined;
  let resolution: number | undefined;
  let unit = 2;
  for (let i = 0; i < count; i++) {
    const at = ifd + 2 + i * 12;
    if (at + 12 > tiff.length) break;
    const tag = u16(at);
    if (tag === 0x0112) orientation = u16(at + 8);
    else if (tag === 0x0128) unit = u16(at + 8);
    else if (tag === 0x011a) {
      const value = u32(at + 8);
      if (value + 8 <= tiff.length && u32(value + 4) > 0) resolution = u32(value) / u32(value + 4);
    }
  }
  const density = resolution === undefined ? undefined : unit === 2 ? resolution : unit === 3 ? resolution * 2.54 : undefined;
  return { orientation: orientation && orientation >= 1 && orientation <= 8 ? orientation : undefined, density };
}

/** Resolutions are reported in whole pixels per inch, as libvips (sharp) reports them on the server. */
function wholeDpi(density: number | undefined): number {
  return density === undefined ? UNSTATED_DPI : Math.round(density);
}
