import path from "node:path";
import { failedWith } from "../errors.js";
import { qpdf } from "../engines/qpdf.js";
import type { ProcessorContext } from "../work/types.js";

/**
 * Inline images (BI … ID … EI inside a page's content stream) cannot be re-encoded where they are: qpdf moves the
 * larger ones into image objects of their own (named IIm1, IIm2, …), which then go through the same recompression
 * as any other image. Small ones (icons, rules) stay inline, where they cost less than an object would. How many
 * moved is counted by collectImages, in the MuPDF pass that follows anyway.
 */

/** Inline images of fewer bytes than this stay inline. */
const MIN_INLINE_BYTES = 4096;

/** The input rewritten with its larger inline images moved into objects, or undefined where qpdf cannot rewrite it. */
export async function externalizeInlineImages(input: string, ctx: ProcessorContext): Promise<string | undefined> {
  const output = path.join(ctx.workDir, "inline-images-moved.pdf");
  try {
    await qpdf([input, "--externalize-inline-images", `--ii-min-bytes=${MIN_INLINE_BYTES}`, output], ctx);
    return output;
  } catch (err) {
    // A file qpdf cannot rewrite is compressed as it is, its inline images left where they are.
    if (failedWith(err, "damaged", "crashed")) return undefined;
    throw err;
  }
}
