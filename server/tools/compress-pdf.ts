import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { CompressOptions } from "../../catalog/options/pages.js";
import { runMupdf, startMupdfForJob } from "../engines/mupdf/pool.js";
import { qpdf } from "../engines/qpdf.js";
import { stemOf } from "../../pdf-ops/names.js";
import { fileSize } from "../i18n/quantities.js";
import { msg, type Said } from "../i18n/message.js";
import type { ImageToResample } from "../engines/mupdf/tasks.js";
import { imagePixels } from "../pdf/image-pixels.js";
import { recompressImage, type ImageTarget, type RecompressedImage } from "../pdf/image-recompress.js";
import { externalizeInlineImages } from "../pdf/inline-images.js";
import { openPdfInput, pageTreeIsSound, repairNote, type ReadablePdf } from "../pdf/pdf-input.js";
import { imageReport } from "./compress-report.js";
import type { Processor, ProcessorContext } from "../work/types.js";

/**
 * Makes a PDF smaller without turning it into pictures: photos and scans are resampled and re-encoded as JPEG,
 * black-and-white scans as CCITT G4, fonts are subset, unused and duplicate objects dropped, and the structure packed into compressed object
 * streams. Text, links, forms and bookmarks are not touched. A result that is not smaller is not handed out.
 */

// Only the extreme level spends encoding time on the last bytes of each JPEG: the others already come out well
// below Ghostscript's sizes and are meant to be quick.
const LEVELS: Record<CompressOptions["compressionLevel"], ImageTarget> = {
  low: { colorDpi: 150, grayDpi: 200, quality: 78, thorough: false },
  recommended: { colorDpi: 120, grayDpi: 150, quality: 55, thorough: false },
  // Black-and-white scans above 300 dpi are thresholded down to it only here: below it, text thins and breaks up.
  extreme: { colorDpi: 72, grayDpi: 100, monoDpi: 300, quality: 40, thorough: true },
};

/** Images below this many pixels (about 100 × 100) are icons and rules: not worth a lossy step. */
const MIN_PIXELS = 10_000;
/** Above this (an A0 scan at 300 dpi is about 140 million) an image stays as it is rather than be decoded. */
const MAX_PIXELS = 150_000_000;
/**
 * Images are encoded side by side, one a core, while the pixels in memory at once stay under this (about 150 MB of
 * colour); a larger image is encoded alone.
 */
const PARALLEL_PIXELS = 50_000_000;

export const compressPdf: Processor<CompressOptions> = async ({ files, options }, ctx) => {
  const input = files[0]!;
  // MuPDF loads (a few hundred milliseconds) while qpdf looks at the file and moves its inline images.
  startMupdfForJob(ctx.workDir);
  const pdf = await openPdfInput(input, ctx);
  const level = LEVELS[options.compressionLevel];
  const imageDir = await fs.mkdtemp(path.join(ctx.workDir, "images-"));

  const { source, images, bilevelScans, inlineMoved } = await imagesToResample(pdf.path, level, imageDir, ctx);
  ctx.progress(0.3);
  let encoded = 0;
  const replacements = await encodeSideBySide(images, async (image) => {
    // Images are re-encoded in this process, out of reach of the engines' kill: the job's deadline is checked here.
    ctx.signal?.throwIfAborted();
    let decoded: Awaited<ReturnType<typeof imagePixels>>;
    try {
      decoded = await imagePixels(image, level, source, imageDir, ctx);
      return decoded && (await recompressImage(decoded.image, decoded.pixels, level, imageDir));
    } finally {
      for (const file of [image.rawPath, image.jpegPath, image.mask?.rawPath, decoded?.image.rawPath]) if (file) await fs.rm(file, { force: true });
      ctx.progress(0.3 + (0.4 * ++encoded) / images.length);
    }
  });

  const rewritten = path.join(ctx.workDir, "images-replaced.pdf");
  const { fontsSubset, fontCopiesDropped } = await runMupdf("replaceImages", { input: source, output: rewritten, replacements, subsetFonts: true }, ctx);
  const packed = path.join(ctx.workDir, "compressed.pdf");
  await packSoundest(rewritten, pdf, replacements.some((r) => r.mask), packed, ctx);
  ctx.progress(0.95);

  const before = input.size;
  const after = (await fs.stat(packed)).size;
  const repaired = repairNote([pdf]);
  // A repaired file goes out repaired even when larger: the upload itself is what the tools could not read.
  const levelName = msg(`compress.levels.${options.compressionLevel}`);
  if (after >= before && !pdf.repaired) {
    return {
      files: [{ path: input.path, name: input.name }],
      message: msg("compress.alreadyCompact", { size: fileSize(before), level: levelName }),
    };
  }
  const notes: Said[] = [
    after < before
      ? msg("compress.compressed", { before: fileSize(before), after: fileSize(after), percent: Math.round((1 - after / before) * 100), level: levelName })
      : msg("compress.rewrittenLarger", { before: fileSize(before), after: fileSize(after), level: levelName }),
    inlineMoved > 0 ? msg("compress.inlineMoved", { count: inlineMoved }) : "",
    ...imageReport(replacements, level, bilevelScans),
    fontsSubset ? msg("compress.fontsSubset") : "",
    fontCopiesDropped > 0 ? msg("compress.fontCopiesDropped", { count: fontCopiesDropped }) : "",
    repaired ?? "",
  ];
  return { files: [{ path: packed, name: `${stemOf(pdf.name)}-compressed.pdf` }], message: notes };
};

/**
 * The images worth re-encoding, and the file they are in: the input, or qpdf's copy of it with inline images moved
 * into objects where its pages draw any (most files have none, and are spared qpdf's rewrite of the whole file).
 */
async function imagesToResample(input: string, level: ImageTarget, outDir: string, ctx: ProcessorContext) {
  const collect = (source: string, found: { beforeInline?: string; stopAtInlineImages: boolean }) =>
    runMupdf(
      "collectImages",
      {
        input: source,
        ...found,
        outDir,
        minPixels: MIN_PIXELS,
        maxPixels: MAX_PIXELS,
        storedJpegAbove: { grayDpi: level.grayDpi, colorDpi: level.colorDpi },
      },
      ctx,
    );
  const first = await collect(input, { stopAtInlineImages: true });
  if (!first.stoppedAtInlineImages) return { source: input, ...first };
  // A file qpdf cannot rewrite keeps its inline images where they are.
  const moved = await externalizeInlineImages(input, ctx);
  const source = moved ?? input;
  return { source, ...(await collect(source, { beforeInline: moved && input, stopAtInlineImages: false })) };
}

/**
 * Packs MuPDF's rewrite into object streams with qpdf, or the input itself where the rewrite's page tree is not
 * sound: a page MuPDF could not load (nested past its limits) it writes as null. The check of the tree and the
 * packing of the rewrite run side by side, each on a core; a rewrite found unsound is packed over by the input.
 */
async function packSoundest(rewritten: string, pdf: ReadablePdf, softMasksResampled: boolean, packed: string, ctx: ProcessorContext): Promise<void> {
  // qpdf's --recompress-flate writes streams back without their PNG predictor, which the resampled soft masks
  // need far more than the rest of the file needs Flate's highest level: with those masks, streams are left as written.
  const pack = (from: string, recompress: boolean) =>
    qpdf([from, "--object-streams=generate", ...(recompress ? ["--recompress-flate"] : []), "--compression-level=9", "--remove-unreferenced-resources=yes", packed], ctx);
  const [sound, packing] = await Promise.allSettled([pageTreeIsSound(rewritten, pdf.pageCount, ctx), pack(rewritten, !softMasksResampled)]);
  if (sound.status === "rejected") throw sound.reason;
  if (!sound.value) await pack(pdf.path, true);
  else if (packing.status === "rejected") throw packing.reason;
}

/**
 * Runs `encode` over the images, as many at once as there are cores while their pixels fit PARALLEL_PIXELS, and
 * gives back what it returned, in the images' order, leaving out the undefined. After a failure no image starts;
 * the first failure is thrown once those running have ended.
 */
async function encodeSideBySide(
  images: ImageToResample[],
  encode: (image: ImageToResample) => Promise<RecompressedImage | undefined>,
): Promise<RecompressedImage[]> {
  const lanes = os.availableParallelism();
  const results: Array<RecompressedImage | undefined> = [];
  const running = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  let inFlight = 0;
  for (const [index, image] of images.entries()) {
    const pixels = image.width * image.height * image.channels;
    while (running.size > 0 && (running.size >= lanes || inFlight + pixels > PARALLEL_PIXELS)) await Promise.race(running);
    if (failure) break;
    inFlight += pixels;
    const task: Promise<void> = encode(image)
      .then(
        (result) => void (results[index] = result),
        (error: unknown) => void (failure ??= { error }),
      )
      .finally(() => {
        inFlight -= pixels;
        running.delete(task);
      });
    running.add(task);
  }
  await Promise.all(running);
  if (failure) throw failure.error;
  return results.filter((result) => result !== undefined);
}
