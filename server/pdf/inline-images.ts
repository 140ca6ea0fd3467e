import path from "node:path";
import { failedWith } from "../errors.js";
import { runMupdf } from "../engines/mupdf/pool.js";
import { qpdf } from "../engines/qpdf.js";
import type { ProcessorContext } from "../tools/types.js";

/**
 * Inline images (BI … ID … EI inside a page's content stream) cannot be re-encoded where they are: qpdf moves the
 * larger ones into image objects of their own, which then go through the same recompression as any other image.
 * Small ones (icons, rules) stay inline, where they cost less than an object would.
 */

/** Inline images of fewer bytes than this stay inline. */
const MIN_INLINE_BYTES = 4096;

export interface Externalized {
  /** The file to go on with: the input with its inline images moved out, or the input itself. */
  path: string;
  /** How many inline images became image objects. */
  moved: number;
}

export async function externalizeInlineImages(input: string, ctx: ProcessorContext): Promise<Externalized> {
  const output = path.join(ctx.workDir, "inline-images-moved.pdf");
  try {
    await qpdf([input, "--externalize-inline-images", `--ii-min-bytes=${MIN_INLINE_BYTES}`, output], ctx);
  } catch (err) {
    // A file qpdf cannot rewrite is compressed as it is, its inline images left where they are.
    if (failedWith(err, "damaged", "crashed")) return { path: input, moved: 0 };
    throw err;
  }
  // qpdf names the new objects IIm1, IIm2…; a file it wrote before may already use such names.
  const after = await runMupdf("countExternalizedImages", { input: output }, ctx);
  if (after.count === 0) return { path: input, moved: 0 };
  const before = await runMupdf("countExternalizedImages", { input }, ctx);
  const moved = after.count - before.count;
  return moved > 0 ? { path: output, moved } : { path: input, moved: 0 };
}
