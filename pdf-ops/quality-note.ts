import { basicConvertOptions } from "../catalog/options/convert.js";
import { msg, type Message } from "./message.js";

const DEFAULT_QUALITY = basicConvertOptions.shape.quality.parse(undefined);

/** What happens to the pictures instead of JPEG compression, each a sentence under "quality." in the catalogue. */
export type QualityReason = "storedAsPng" | "inlinedAsPng" | "embeddedUnchanged" | "workbook" | "keptInPdfA" | "lossless";

/**
 * The sentence for a call that moves the quality setting where the output has no JPEG to compress, so that the
 * setting is never ignored in silence. `why` says what happens to the pictures instead.
 */
export function qualityNotApplied(quality: number, why: QualityReason, values?: Record<string, string>): Message[] {
  return quality === DEFAULT_QUALITY ? [] : [msg(`quality.${why}`, values)];
}
