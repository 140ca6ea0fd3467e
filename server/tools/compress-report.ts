import type { ImageReplacement, SoftMaskReplacement, StoredImageKind as Kind } from "../engines/mupdf/tasks.js";
import type { ImageTarget } from "../pdf/image-recompress.js";
import { list, msg, type Message, type MessageList } from "../i18n/message.js";

/** What Compress did to the images, kind by kind, in the reply's words. */

const KIND_ORDER: readonly Kind[] = ["jpeg2000", "ccitt", "stencil", "1-bit", "cmyk", "16-bit", "palette", "jpeg", "lossless"];

export interface ReplacedImage {
  kind: Kind;
  encoding: ImageReplacement["encoding"];
  softMask: boolean;
  /** Set where the soft mask was resampled with the image. */
  mask?: SoftMaskReplacement;
  downsampled: boolean;
  /** Other copies of the same image that were given the same JPEG. */
  sameAs: readonly number[];
}

/** The kinds of these images counted: "2 JPEG images", "1 palette image" (catalogue messages under "compress.kinds."). */
function kindCounts(images: readonly ReplacedImage[]): MessageList {
  const counted = KIND_ORDER.map((kind) => [kind, images.filter((r) => r.kind === kind).length] as const).filter(([, n]) => n > 0);
  return list(counted.map(([kind, n]) => msg(`compress.kinds.${kind}`, { count: n })));
}

/** The sentences of one encoding: none of its images resampled, all of them ("it" for one), or some. */
const RE_ENCODED = {
  jpeg: { none: "compress.jpeg", all: "compress.jpegResampledAll", some: "compress.jpegResampledSome" },
  // Bilevel images re-encoded at their own resolution are kept pixel for pixel.
  fax: { none: "compress.faxExact", all: "compress.faxResampledAll", some: "compress.faxResampledSome" },
} as const;

/** "Re-encoded as JPEG: …" (or as CCITT G4), saying how many were resampled down to the level's resolution. */
function reEncoded(encoding: keyof typeof RE_ENCODED, images: readonly ReplacedImage[], dpi: Record<string, number>): Message {
  const kinds = kindCounts(images);
  const resampled = images.filter((r) => r.downsampled).length;
  const keys = RE_ENCODED[encoding];
  if (resampled === 0) return msg(keys.none, { kinds });
  if (resampled === images.length) return msg(keys.all, { kinds, count: images.length, ...dpi });
  return msg(keys.some, { kinds, count: resampled, ...dpi });
}

/**
 * The reply's sentences about images. bilevelScans is how many images were stored as JBIG2 or CCITT: those not
 * among the replaced ones were kept as they were.
 */
export function imageReport(replaced: readonly ReplacedImage[], level: ImageTarget, bilevelScans: number): Message[] {
  const notes: Message[] = [];
  const jpegs = replaced.filter((r) => r.encoding === "jpeg");
  const faxes = replaced.filter((r) => r.encoding === "ccitt-g4");
  if (replaced.length === 0) notes.push(msg("compress.noImages"));
  if (jpegs.length > 0) notes.push(reEncoded("jpeg", jpegs, { colorDpi: level.colorDpi, grayDpi: level.grayDpi }));
  if (faxes.length > 0) notes.push(reEncoded("fax", faxes, { dpi: level.monoDpi ?? 0 }));
  if (replaced.length > 0) {
    const masked = replaced.filter((r) => r.softMask);
    const resampledMasks = masked.filter((r) => r.mask).length;
    const keptMasks = masked.length - resampledMasks;
    if (resampledMasks > 0) notes.push(msg("compress.masksResampled", { count: resampledMasks }));
    if (keptMasks > 0) notes.push(msg("compress.masksKept", { count: keptMasks }));
    const copies = replaced.reduce((sum, r) => sum + r.sameAs.length, 0);
    if (copies > 0) notes.push(msg("compress.copiesShared", { count: copies }));
  }
  const reEncodedScans = faxes.filter((r) => r.kind === "ccitt").reduce((sum, r) => sum + 1 + r.sameAs.length, 0);
  const bilevelKept = bilevelScans - reEncodedScans;
  if (bilevelKept > 0) notes.push(msg("compress.bilevelKept", { count: bilevelKept }));
  return notes;
}
