import { basicConvertOptions } from "../../catalog/options/convert.js";

const DEFAULT_QUALITY = basicConvertOptions.shape.quality.parse(undefined);

/**
 * The sentence for a call that moves the quality setting where the output has no JPEG to compress, so that the
 * setting is never ignored in silence. `why` says what happens to the pictures instead.
 */
export function qualityNotApplied(quality: number, why: string): string[] {
  return quality === DEFAULT_QUALITY ? [] : [`${why}: the quality setting does not apply.`];
}
