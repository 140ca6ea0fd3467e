import sharp from "sharp";

/**
 * Encodes black-and-white pixels as CCITT Group 4, the fax code that PDF reads with /CCITTFaxDecode /K -1. libvips
 * (through libtiff) does the encoding into a TIFF written as one strip, and the strip is the PDF stream: a TIFF of
 * several strips would restart the code at each one, which a PDF image cannot do.
 */

export interface G4Image {
  data: Buffer;
  width: number;
  height: number;
}

/** The TIFF tags read here. */
const TAG = { compression: 259, stripOffsets: 273, stripByteCounts: 279 } as const;
/** TIFF compression codes: CCITT T.4 (Group 3) and T.6 (Group 4). */
export const TIFF_G3 = 3;
export const TIFF_G4 = 4;
/** TIFF field types: SHORT and LONG, the two that strip tags use. */
const SHORT = 3;
const LONG = 4;

/**
 * 8-bit grey pixels (black 0, white 255; anything between is thresholded at the middle), resized to width × height
 * first when that differs, as one G4 strip with white as the fax code's white: /BlackIs1 stays false.
 */
export async function encodeG4(grey: Buffer, source: { width: number; height: number }, width: number, height: number): Promise<G4Image> {
  let pipeline = sharp(grey, { raw: { width: source.width, height: source.height, channels: 1 } });
  if (width !== source.width || height !== source.height) pipeline = pipeline.resize(width, height, { kernel: "lanczos3", fit: "fill" });
  // miniswhite stores paper as 0 bits, which G4 codes as its (shorter) white runs; tileHeight sets the rows per
  // strip when the TIFF is not tiled, so one strip holds the whole image.
  const tiff = await pipeline
    .toColourspace("b-w")
    .tiff({ compression: "ccittfax4", bitdepth: 1, miniswhite: true, tileHeight: height })
    .toBuffer();
  return { data: singleStrip(tiff), width, height };
}

/** The one strip of a TIFF's first image, checked to be in the given compression and to be the only strip. */
export function singleStrip(tiff: Buffer, compressionCode = TIFF_G4): Buffer {
  const order = tiff.toString("latin1", 0, 2);
  if (order !== "II" && order !== "MM") throw new Error("not a TIFF");
  const little = order === "II";
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  const entries = u16(ifd);
  const tags = new Map<number, { count: number; value: number }>();
  for (let i = 0; i < entries; i++) {
    const at = ifd + 2 + i * 12;
    const type = u16(at + 2);
    if (type !== SHORT && type !== LONG) continue;
    const count = u32(at + 4);
    // A single SHORT sits in the first two bytes of the value field; a LONG fills it.
    tags.set(u16(at), { count, value: type === SHORT ? u16(at + 8) : u32(at + 8) });
  }
  const compression = tags.get(TAG.compression);
  const offsets = tags.get(TAG.stripOffsets);
  const counts = tags.get(TAG.stripByteCounts);
  if (compression?.value !== compressionCode) throw new Error(`the TIFF's compression is not ${compressionCode}`);
  if (!offsets || !counts || offsets.count !== 1 || counts.count !== 1) throw new Error("the TIFF has more than one strip");
  if (offsets.value + counts.value > tiff.length) throw new Error("the TIFF's strip runs past its end");
  return tiff.subarray(offsets.value, offsets.value + counts.value);
}
