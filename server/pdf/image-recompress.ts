import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import type { ImageReplacement, ImageToResample, StoredImageKind } from "../engines/mupdf/tasks.js";

/**
 * Resamples and re-encodes images that MuPDF decoded, with libvips (Lanczos) and mozjpeg, which makes JPEGs about
 * a tenth smaller than classic libjpeg at the same quality. Runs on libuv's thread pool, off the event loop.
 */

/**
 * Grey images get their own, higher resolution (as Ghostscript's GrayImageResolution does): in PDFs they are mostly
 * scanned text, whose legibility depends on resolution far more than a photo's looks do.
 */
export interface JpegTarget {
  /** The highest resolution kept for colour images, in pixels per inch of the page. */
  colorDpi: number;
  /** The same for grey images. */
  grayDpi: number;
  /** mozjpeg quality, 1 to 100. */
  quality: number;
}

export interface RecompressedImage extends ImageReplacement {
  kind: StoredImageKind;
  softMask: boolean;
  bytes: number;
  storedBytes: number;
  downsampled: boolean;
}

/** Images are only swapped when the new encoding saves at least this share of their bytes. */
const MIN_SAVING = 0.1;

export async function recompressImage(image: ImageToResample, target: JpegTarget, outDir: string): Promise<RecompressedImage | undefined> {
  const scale = Math.min(1, (image.channels === 1 ? target.grayDpi : target.colorDpi) / image.dpi);
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const jpegPath = path.join(outDir, `image-${image.xref}.jpg`);
  // Raw pixels carry no header, so sharp takes them as a buffer with their geometry beside it.
  let pipeline = sharp(await fs.readFile(image.rawPath), { raw: { width: image.width, height: image.height, channels: image.channels as 1 | 3 } });
  if (scale < 1) pipeline = pipeline.resize(width, height, { kernel: "lanczos3", fit: "fill" });
  if (image.channels === 1) pipeline = pipeline.toColourspace("b-w");
  const info = await pipeline.jpeg({ quality: target.quality, mozjpeg: true }).toFile(jpegPath);
  if (info.size > image.storedBytes * (1 - MIN_SAVING)) return undefined;
  return {
    xref: image.xref,
    sameAs: image.sameAs,
    kind: image.kind,
    softMask: image.softMask,
    jpegPath,
    keepColorSpace: image.keepColorSpace,
    bytes: info.size,
    storedBytes: image.storedBytes,
    downsampled: scale < 1,
  };
}
