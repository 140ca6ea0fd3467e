import sharp from "sharp";
import { UserError } from "../errors.js";
import { MAX_IMAGE_PIXELS } from "../lib/content-limits.js";
import { checkImageSize, imageSizeOfBytes } from "../lib/image-size.js";
import { msg } from "../i18n/message.js";

import { MAX_SIGNATURE_IMAGE_WIDTH, type SignatureImage } from "../../pdf-ops/sign/visible.js";

/**
 * A drawn or uploaded signature picture made fit to embed: its size is read from the header and refused past the
 * pixel limit before anything decodes it, and a picture larger than a signature needs is scaled down (off the main
 * thread, by sharp) so that pdf-lib, which decodes PNGs on the main thread, only ever gets a small one.
 */
export async function signatureImage(image: SignatureImage, name: string): Promise<SignatureImage> {
  const { width, height } = checkImageSize(await imageSizeOfBytes(image.bytes), name);
  if (width <= MAX_SIGNATURE_IMAGE_WIDTH && height <= MAX_SIGNATURE_IMAGE_WIDTH) return image;
  try {
    const scaled = sharp(image.bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).resize({
      width: MAX_SIGNATURE_IMAGE_WIDTH,
      height: MAX_SIGNATURE_IMAGE_WIDTH,
      fit: "inside",
    });
    const bytes = image.format === "png" ? await scaled.png().toBuffer() : await scaled.jpeg({ quality: 92 }).toBuffer();
    return { bytes, format: image.format };
  } catch {
    throw new UserError(msg("images.unreadable", { name }), 422, "damaged");
  }
}
