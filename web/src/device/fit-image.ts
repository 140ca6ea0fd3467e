import { UserError } from "../../../pdf-ops/errors.js";
import { msg } from "../../../pdf-ops/message.js";
import { MAX_SIGNATURE_IMAGE_WIDTH, type ImageFitter } from "../../../pdf-ops/sign/visible.js";

/**
 * A signature picture made fit to embed in the device worker: kept as it is up to the size a signature needs (as
 * on the server, so both embed the same bytes), scaled down by the browser's own image scaling past it (the server
 * uses sharp: the pixels of such a picture differ slightly between the two).
 */
export const fitImageInBrowser: ImageFitter = async (image, name) => {
  const type = image.format === "png" ? "image/png" : "image/jpeg";
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(new Blob([image.bytes as Uint8Array<ArrayBuffer>], { type }));
  } catch {
    throw new UserError(msg("images.unreadable", { name }), 422, "damaged");
  }
  try {
    const { width, height } = bitmap;
    if (width <= MAX_SIGNATURE_IMAGE_WIDTH && height <= MAX_SIGNATURE_IMAGE_WIDTH) return image;
    const scale = Math.min(MAX_SIGNATURE_IMAGE_WIDTH / width, MAX_SIGNATURE_IMAGE_WIDTH / height);
    const canvas = new OffscreenCanvas(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)));
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no 2D canvas in this browser");
    context.imageSmoothingQuality = "high";
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await canvas.convertToBlob({ type, quality: 0.92 });
    return { bytes: new Uint8Array(await blob.arrayBuffer()), format: image.format };
  } finally {
    bitmap.close();
  }
};
