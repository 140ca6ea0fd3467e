import type { ImageReplacement, SoftMaskReplacement, StoredImageKind as Kind } from "../engines/mupdf/tasks.js";
import type { ImageTarget } from "../pdf/image-recompress.js";

/** What Compress did to the images, kind by kind, in the reply's words. */

const KIND_NAMES: Record<Kind, [one: string, many: string]> = {
  jpeg2000: ["JPEG 2000 image", "JPEG 2000 images"],
  ccitt: ["CCITT fax image", "CCITT fax images"],
  stencil: ["1-bit stencil mask", "1-bit stencil masks"],
  "1-bit": ["1-bit image", "1-bit images"],
  cmyk: ["CMYK image (now RGB)", "CMYK images (now RGB)"],
  "16-bit": ["16-bit image", "16-bit images"],
  palette: ["palette image", "palette images"],
  jpeg: ["JPEG image", "JPEG images"],
  lossless: ["losslessly stored image", "losslessly stored images"],
};

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

function count(n: number, [one, many]: readonly [string, string]): string {
  return `${n} ${n === 1 ? one : many}`;
}

function list(parts: readonly string[]): string {
  return parts.length <= 1 ? parts.join("") : `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}

function kindList(images: readonly ReplacedImage[]): string {
  return list(
    KIND_ORDER.map((kind) => [kind, images.filter((r) => r.kind === kind).length] as const)
      .filter(([, n]) => n > 0)
      .map(([kind, n]) => count(n, KIND_NAMES[kind])),
  );
}

/** ", 2 of them resampled to …" for the images of one encoding that were resampled, or nothing. */
function resampledNote(images: readonly ReplacedImage[], limit: string): string {
  const downsampled = images.filter((r) => r.downsampled).length;
  if (downsampled === 0) return "";
  const which = downsampled === images.length ? (images.length === 1 ? "it" : "all of them") : `${downsampled} of them`;
  return `, ${which} resampled to at most ${limit}`;
}

/**
 * The reply's sentences about images. bilevelScans is how many images were stored as JBIG2 or CCITT: those not
 * among the replaced ones were kept as they were.
 */
export function imageReport(replaced: readonly ReplacedImage[], level: ImageTarget, bilevelScans: number): string[] {
  const notes: string[] = [];
  const jpegs = replaced.filter((r) => r.encoding === "jpeg");
  const faxes = replaced.filter((r) => r.encoding === "ccitt-g4");
  if (replaced.length === 0) notes.push("No image needed re-encoding.");
  if (jpegs.length > 0) {
    notes.push(`Re-encoded as JPEG: ${kindList(jpegs)}${resampledNote(jpegs, `${level.colorDpi} dpi (${level.grayDpi} dpi for grey images)`)}.`);
  }
  if (faxes.length > 0) {
    const exact = faxes.every((r) => !r.downsampled) ? " pixel for pixel" : "";
    notes.push(`Re-encoded as black-and-white CCITT G4${exact}: ${kindList(faxes)}${resampledNote(faxes, `${level.monoDpi ?? 0} dpi`)}.`);
  }
  if (replaced.length > 0) {
    const masked = replaced.filter((r) => r.softMask);
    const resampledMasks = masked.filter((r) => r.mask).length;
    const keptMasks = masked.length - resampledMasks;
    if (resampledMasks > 0) notes.push(`The soft mask${resampledMasks === 1 ? " of 1 image was" : `s of ${resampledMasks} images were`} resampled with it and stored losslessly.`);
    if (keptMasks > 0) notes.push(`The soft mask${keptMasks === 1 ? " of 1 image was" : `s of ${keptMasks} images were`} kept as stored, so transparency is unchanged.`);
    const copies = replaced.reduce((sum, r) => sum + r.sameAs.length, 0);
    if (copies > 0) notes.push(`${count(copies, ["further copy", "further copies"])} of the same images now share one encoding.`);
  }
  const reEncodedScans = faxes.filter((r) => r.kind === "ccitt").reduce((sum, r) => sum + 1 + r.sameAs.length, 0);
  const bilevelKept = bilevelScans - reEncodedScans;
  if (bilevelKept > 0) notes.push(`${count(bilevelKept, ["black-and-white scan (JBIG2 or CCITT)", "black-and-white scans (JBIG2 or CCITT)"])} kept as stored: already as compact as black and white gets here.`);
  return notes;
}
