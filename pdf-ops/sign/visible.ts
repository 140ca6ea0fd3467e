import { PDFDocument } from "@cantoo/pdf-lib";
import type { SignOptions } from "../../catalog/options/sign.js";
import { InvalidOptionsError } from "../errors.js";
import { msg, type Message } from "../message.js";
import { stemOf } from "../names.js";
import type { PageBox } from "../page-boxes.js";
import type { StampPlan, StampTarget } from "../stamp/draw.js";
import { drawSignature, placeSignature, type SignatureBox, type SignatureFonts, type SignatureMark } from "./appearance.js";

/**
 * The visible signature's plan, shared by the server (which may add a certificate's signature after it) and the
 * browser (which makes drawn, typed and image signatures): the page, the mark, the stamp and the sentences.
 */

export interface SignatureImage {
  bytes: Uint8Array;
  format: "png" | "jpeg";
}

/** Signature images are drawn a few centimetres wide: larger ones are scaled down to this width before embedding. */
export const MAX_SIGNATURE_IMAGE_WIDTH = 2_000;

/** A picture made fit to embed: its size checked, scaled down where it is larger than a signature needs. */
export type ImageFitter = (image: SignatureImage, name: string) => Promise<SignatureImage>;

export interface SignatureAssets {
  fonts: SignatureFonts;
  fitImage: ImageFitter;
}

/** The uploaded signature picture, with the name the visitor gave it. */
export type UploadedImage = SignatureImage & { name: string };

const PNG_DATA_URL = "data:image/png;base64,";

/** The zero-based page that carries the signature, refused where the document has no such page. */
export function signaturePageIndex(options: SignOptions, pageCount: number): number {
  const pageIndex = options.signaturePage === "last" ? pageCount - 1 : options.signaturePage - 1;
  if (pageIndex >= pageCount) throw new InvalidOptionsError(msg("sign.pageOutOfRange", { count: pageCount }));
  return pageIndex;
}

function bytesOfBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));
}

/**
 * The mark the visible signature shows, from whichever of the drawing, typed name or image the visitor gave;
 * `certificateName` is what a certificate signature without any of them shows.
 */
export async function signatureMark(options: SignOptions, image: UploadedImage | undefined, fitImage: ImageFitter, certificateName?: string): Promise<SignatureMark> {
  const drawn = options.drawSignatureData?.startsWith(PNG_DATA_URL) ? bytesOfBase64(options.drawSignatureData.slice(PNG_DATA_URL.length)) : undefined;
  const typed = options.typedName?.trim();
  const drawnMark = async (bytes: Uint8Array): Promise<SignatureMark> => ({ kind: "image", ...(await fitImage({ bytes, format: "png" }, "the drawn signature")) });
  const imageMark = async (file: UploadedImage): Promise<SignatureMark> => ({ kind: "image", ...(await fitImage(file, file.name)) });
  switch (options.signatureType) {
    case "draw":
      return drawnMark(drawn!);
    case "type":
      return { kind: "text", text: typed! };
    case "image":
      if (!image) throw new InvalidOptionsError(msg("sign.imageMissing"));
      return imageMark(image);
    case "certificate":
      // A certificate signature can show a drawing, an image or a typed name; otherwise the certificate's name.
      if (drawn) return drawnMark(drawn);
      if (image) return imageMark(image);
      return { kind: "text", text: typed || certificateName || "Signed" };
  }
}

/** The visible signature drawn into a one-page stamp the size of the page, its box, and notes about the drawing. */
export async function drawVisibleSignature(
  options: SignOptions,
  size: PageBox,
  mark: SignatureMark,
  signer: { name?: string; at: Date },
  fonts: SignatureFonts,
): Promise<{ stamp: PDFDocument; box: SignatureBox; notes: Message[] }> {
  const box = placeSignature(options, size.width, size.height);
  const stamp = await PDFDocument.create();
  const page = stamp.addPage([size.width, size.height]);
  const notes = await drawSignature(stamp, page, box, mark, options, signer, fonts);
  return { stamp, box, notes };
}

/**
 * A drawn, typed or image signature (no certificate): the stamp for the chosen page, the signed file's name, and
 * the sentences, with what only a certificate could have done.
 */
export async function planVisualSignature(options: SignOptions, pdf: StampTarget, image: UploadedImage | undefined, assets: SignatureAssets, at: Date): Promise<StampPlan> {
  const pageIndex = signaturePageIndex(options, pdf.pageCount);
  if (!options.visibleSignature) throw new InvalidOptionsError(msg("sign.invisibleNeedsCertificate"));
  const size = (await pdf.boxes())[pageIndex]!;
  const mark = await signatureMark(options, image, assets.fitImage);
  const name = options.signatureType === "type" ? options.typedName?.trim() : undefined;
  const drawn = await drawVisibleSignature(options, size, mark, { name, at }, assets.fonts);
  const notes: Message[] = [msg(`sign.signed.${options.signatureType}`, { page: pageIndex + 1 }), ...drawn.notes];
  if (options.lockPdfAfterSigning) notes.push(msg("sign.lockNeedsCertificate"));
  if (options.timeStamp) notes.push(msg("sign.timeStampNeedsCertificate"));
  return { stamp: { doc: drawn.stamp, placement: { targets: [pageIndex + 1], stampPages: [1] } }, name: signedName(pdf.name), message: notes };
}

export function signedName(name: string): string {
  return `${stemOf(name)}-signed.pdf`;
}
