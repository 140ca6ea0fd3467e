import path from "node:path";
import type { ExtractImagesOptions } from "../../catalog/options/extract-images.js";
import { formatPageList } from "../../catalog/page-ranges.js";
import { UserError } from "../errors.js";
import { extractImages as runPdfimages, listImages, type ListedImage } from "../engines/poppler-images.js";
import { MAX_IMAGE_PIXELS } from "../lib/content-limits.js";
import { stemOf } from "../../pdf-ops/names.js";
import { writeZip } from "../lib/zip.js";
import { openPdfInput, repairNote } from "../pdf/pdf-input.js";
import type { Processor } from "../work/types.js";
import { msg, type Said } from "../i18n/message.js";

/** Consecutive one-based pages as runs: pdfimages takes one run at a time. */
function runsOf(pages: readonly number[]): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  for (const page of pages) {
    const last = runs.at(-1);
    if (last && last[1] === page - 1) last[1] = page;
    else runs.push([page, page]);
  }
  return runs;
}

/**
 * The images worth giving: pictures (soft masks and masks are parts of other images), each image object once
 * however many pages show it, at least the size asked.
 */
function wanted(listed: readonly ListedImage[], options: ExtractImagesOptions): ListedImage[] {
  const seen = new Set<string>();
  return listed.filter((image) => {
    if (image.type !== "image" && image.type !== "stencil") return false;
    if (image.width < options.minWidth || image.height < options.minHeight) return false;
    if (image.object !== undefined) {
      if (seen.has(image.object)) return false;
      seen.add(image.object);
    }
    return true;
  });
}

/** Every image in the PDF at its own resolution, JPEGs byte for byte, in one ZIP. */
export const extractImages: Processor<ExtractImagesOptions> = async ({ files, options }, ctx) => {
  const pdf = await openPdfInput(files[0]!, ctx);
  const listed = await listImages(pdf.path, ctx);
  ctx.progress(0.1);
  const chosen = wanted(listed, options);
  // Decoding a giant image takes memory and time out of all proportion: the pages holding one (a mask included,
  // which pdfimages writes too) are left out.
  const giantPages = new Set(listed.filter((i) => i.width * i.height > MAX_IMAGE_PIXELS).map((i) => i.page));
  const kept = chosen.filter((i) => !giantPages.has(i.page));
  if (kept.length === 0) {
    const size = { width: options.minWidth, height: options.minHeight };
    const why = listed.length === 0 ? msg("extractImages.none") : msg("extractImages.noneThatLarge", size);
    throw new UserError(giantPages.size > 0 ? msg("extractImages.allTooLarge", { megapixels: MAX_IMAGE_PIXELS / 1_000_000 }) : why, 422, "no_images");
  }
  const pages = [...new Set(kept.map((i) => i.page))].sort((a, b) => a - b);
  const runs = runsOf(pages);
  const stem = stemOf(pdf.name);
  const entries: Array<{ path: string; name: string }> = [];
  const keptSet = new Set(kept);
  for (const [n, [first, last]] of runs.entries()) {
    const written = await runPdfimages(pdf.path, first, last, path.join(ctx.workDir, `images-${n}`), ctx);
    // A run numbers its images from 0 in the order the whole list gives them: its k-th is the list's k-th on its pages.
    const inRun = listed.filter((i) => i.page >= first && i.page <= last);
    for (const [k, file] of written) {
      const image = inRun[k];
      if (image && keptSet.has(image)) entries.push({ path: file, name: `${stem}-page${image.page}-${image.num + 1}${path.extname(file)}` });
    }
    ctx.progress(0.1 + (0.8 * (n + 1)) / runs.length);
  }
  entries.sort((a, b) => a.name.localeCompare(b.name, "en", { numeric: true }));
  const zip = path.join(ctx.workDir, "images.zip");
  await writeZip(entries, zip);
  const jpegs = kept.filter((i) => i.encoding === "jpeg").length;
  const notes: Said[] = [
    jpegs > 0 ? msg("extractImages.extractedWithJpegs", { count: entries.length, jpegs }) : msg("extractImages.extracted", { count: entries.length }),
  ];
  const small = chosen.length < listed.filter((i) => i.type === "image" || i.type === "stencil").length;
  if (small) notes.push(msg("extractImages.smallLeftOut", { width: options.minWidth, height: options.minHeight }));
  if (giantPages.size > 0) {
    const pages = [...giantPages].sort((a, b) => a - b);
    notes.push(msg("extractImages.largeLeftOut", { count: pages.length, pages: formatPageList(pages), megapixels: MAX_IMAGE_PIXELS / 1_000_000 }));
  }
  const repaired = repairNote([pdf]);
  if (repaired) notes.push(repaired);
  return { files: [{ path: zip, name: `${stem}-images.zip` }], message: notes };
};
