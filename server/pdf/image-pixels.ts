import fs from "node:fs/promises";
import { decodeJpegScaled, type DecodedPixels } from "../engines/djpeg.js";
import type { EngineContext } from "../engines/context.js";
import { runMupdf } from "../engines/mupdf/pool.js";
import type { ImageToResample } from "../engines/mupdf/tasks.js";
import { looksGrey, toGrey } from "../../pdf-ops/grey-pixels.js";
import { resampledSize, type ImageTarget } from "./image-recompress.js";

/**
 * The pixels an image is re-encoded from. Those MuPDF decoded are read back; a JPEG that collectImages handed back
 * as stored is decoded by djpeg at the smallest eighth of its size that still holds the resampled image (libvips
 * then resamples the rest), and by MuPDF after all where djpeg refuses it, writing into outDir (inside the job's
 * folder). Gives the image record the pixels belong to: MuPDF's own when it decoded them late.
 */
export async function imagePixels(
  image: ImageToResample,
  target: ImageTarget,
  pdfPath: string,
  outDir: string,
  ctx: EngineContext,
): Promise<{ image: ImageToResample; pixels: DecodedPixels } | undefined> {
  if (image.jpegPath) {
    const pixels = await scaledJpeg(image, image.jpegPath, target, ctx);
    if (pixels) return { image, pixels };
    const decoded = await runMupdf("decodeImage", { input: pdfPath, xref: image.xref, dpi: image.dpi, outDir }, ctx);
    if (!decoded) return undefined;
    image = { ...decoded, sameAs: image.sameAs };
  }
  const data = await fs.readFile(image.rawPath);
  return { image, pixels: { data, width: image.width, height: image.height, channels: image.channels === 1 ? 1 : 3 } };
}

/**
 * The smallest scale, in eighths, at which a `width` × `height` JPEG still has at least `wanted`'s pixels on each
 * side (libjpeg rounds scaled sides up). Only halvings: libjpeg-turbo has SIMD code for 1/2 and 1/4 (not for
 * 3/8 or 5/8), and those leave libvips' Lanczos filter the last step, which keeps small type sharper.
 */
export function dctEighths(width: number, height: number, wanted: { width: number; height: number }): number {
  for (const eighths of [1, 2, 4]) {
    if (Math.ceil((width * eighths) / 8) >= wanted.width && Math.ceil((height * eighths) / 8) >= wanted.height) return eighths;
  }
  return 8;
}

/** Room for a PNM header: magic, two sides and the maximum value, each a few digits. */
const PNM_HEADER_BYTES = 64;

async function scaledJpeg(image: ImageToResample, jpegPath: string, target: ImageTarget, ctx: EngineContext): Promise<DecodedPixels | undefined> {
  // A colour scan may turn out grey, which keeps more pixels: enough of them for either.
  const wanted = resampledSize(image, target, image.channels === 3 ? (target.grayDpi >= target.colorDpi ? 1 : 3) : 1);
  const eighths = dctEighths(image.width, image.height, wanted);
  // The JPEG must be what the image's dictionary says: its size and its number of channels.
  const expected = { width: Math.ceil((image.width * eighths) / 8), height: Math.ceil((image.height * eighths) / 8) };
  const pnmBytes = PNM_HEADER_BYTES + expected.width * expected.height * image.channels;
  const decoded = await decodeJpegScaled(jpegPath, eighths, `${jpegPath}.pnm`, pnmBytes, ctx);
  if (!decoded || decoded.channels !== image.channels || decoded.width !== expected.width || decoded.height !== expected.height) return undefined;
  return decoded.channels === 3 && looksGrey(decoded.data) ? { ...decoded, data: asBuffer(toGrey(decoded.data)), channels: 1 } : decoded;
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
