import fs from "node:fs/promises";
import path from "node:path";
import sharp, { type Metadata } from "sharp";
import { imagesToPdf, imageUnreadable, type ImageFacts, type ImagesToPdfOptions, type ImageToPlace } from "../../pdf-ops/images/images-to-pdf.js";
import { AbortedError } from "../errors.js";
import { MAX_IMAGE_PIXELS } from "../lib/content-limits.js";
import type { Processor } from "../work/types.js";

/** One page per image, in upload order (pdf-ops/images/images-to-pdf.ts), the images read by libvips (sharp). */
export const jpgToPdf: Processor<ImagesToPdfOptions> = async ({ files, options }, ctx) => {
  const images = await Promise.all(
    files.map(async (file): Promise<ImageToPlace> => ({ name: file.name, kind: file.kind === "jpeg" ? "jpeg" : "png", bytes: await fs.readFile(file.path) })),
  );
  const made = await imagesToPdf(images, options, {
    inspect: inspectWithSharp,
    progress: (fraction) => ctx.progress(fraction),
    checkCancelled: () => {
      if (ctx.signal?.aborted) throw new AbortedError();
    },
  });
  const out = path.join(ctx.workDir, "images.pdf");
  await fs.writeFile(out, made.data);
  return { files: [{ path: out, name: made.name }], message: made.message };
};

async function inspectWithSharp(file: ImageToPlace): Promise<ImageFacts> {
  let meta: Metadata;
  try {
    meta = await sharp(file.bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
  } catch {
    throw imageUnreadable(file.name);
  }
  if (!meta.width || !meta.height) throw imageUnreadable(file.name);
  try {
    // A full decode: JPEG bytes go into the PDF unchecked, so a truncated file must be caught here.
    await sharp(file.bytes, { failOn: "truncated", limitInputPixels: MAX_IMAGE_PIXELS }).stats();
  } catch {
    throw imageUnreadable(file.name);
  }
  return { width: meta.width, height: meta.height, density: meta.density, orientation: meta.orientation, sixteenBit: meta.depth === "ushort" };
}
