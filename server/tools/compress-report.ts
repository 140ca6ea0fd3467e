import type { StoredImageKind } from "../engines/mupdf/tasks.js";
import type { JpegTarget } from "../pdf/image-recompress.js";

/** What Compress did to the images, kind by kind, in the reply's words. */

const KIND_NAMES: Record<StoredImageKind, [one: string, many: string]> = {
  jpeg2000: ["JPEG 2000 image", "JPEG 2000 images"],
  cmyk: ["CMYK image (now RGB)", "CMYK images (now RGB)"],
  "16-bit": ["16-bit image", "16-bit images"],
  palette: ["palette image", "palette images"],
  jpeg: ["JPEG image", "JPEG images"],
  lossless: ["losslessly stored image", "losslessly stored images"],
};

const KIND_ORDER: readonly StoredImageKind[] = ["jpeg2000", "cmyk", "16-bit", "palette", "jpeg", "lossless"];

export interface ReplacedImage {
  kind: StoredImageKind;
  softMask: boolean;
  downsampled: boolean;
  /** Other copies of the same image that were given the same JPEG. */
  sameAs: readonly number[];
}

function count(n: number, [one, many]: readonly [string, string]): string {
  return `${n} ${n === 1 ? one : many}`;
}

function list(parts: readonly string[]): string {
  return parts.length <= 1 ? parts.join("") : `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}

export function imageReport(replaced: readonly ReplacedImage[], level: JpegTarget, bilevelKept: number): string[] {
  const notes: string[] = [];
  if (replaced.length === 0) {
    notes.push("No image needed re-encoding.");
  } else {
    const kinds = KIND_ORDER.map((kind) => [kind, replaced.filter((r) => r.kind === kind).length] as const)
      .filter(([, n]) => n > 0)
      .map(([kind, n]) => count(n, KIND_NAMES[kind]));
    const downsampled = replaced.filter((r) => r.downsampled).length;
    const resampled = downsampled
      ? `, ${downsampled === replaced.length ? (replaced.length === 1 ? "it" : "all of them") : `${downsampled} of them`} resampled to at most ${level.colorDpi} dpi (${level.grayDpi} dpi for grey images)`
      : "";
    notes.push(`Re-encoded as JPEG: ${list(kinds)}${resampled}.`);
    const masked = replaced.filter((r) => r.softMask).length;
    if (masked > 0) notes.push(`The soft mask${masked === 1 ? " of 1 image was" : `s of ${masked} images were`} kept as stored, so transparency is unchanged.`);
    const copies = replaced.reduce((sum, r) => sum + r.sameAs.length, 0);
    if (copies > 0) notes.push(`${count(copies, ["further copy", "further copies"])} of the same images now share one encoding.`);
  }
  if (bilevelKept > 0) notes.push(`${count(bilevelKept, ["black-and-white scan (JBIG2 or CCITT)", "black-and-white scans (JBIG2 or CCITT)"])} kept as stored: already smaller than any JPEG.`);
  return notes;
}
