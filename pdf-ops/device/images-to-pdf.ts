import { imageHeaderFacts } from "../images/image-facts.js";
import { checkImageSize, imageSizeOfBytes } from "../images/image-size.js";
import { imagesToPdf, imageUnreadable, type ImageFacts, type ImagesToPdfOptions, type ImageToPlace } from "../images/images-to-pdf.js";
import { bytesOf } from "./open.js";
import type { DeviceOperation } from "./operation.js";

/**
 * JPG to PDF on the device: the server's code with pdf-lib, the images read from their headers here where the
 * server asks libvips. pdf-lib decodes every PNG whole as it embeds it; a JPEG goes in as it is, so it must at
 * least reach its end marker after its scan, which a truncated file does not.
 */
export const jpgToPdfOnDevice: DeviceOperation<ImagesToPdfOptions> = async ({ files, options }, ctx) => {
  const images = await Promise.all(
    files.map(async (file): Promise<ImageToPlace> => {
      const bytes = await bytesOf(file.data);
      return { name: file.name, kind: bytes[0] === 0xff && bytes[1] === 0xd8 ? "jpeg" : "png", bytes };
    }),
  );
  const made = await imagesToPdf(images, options, { inspect: inspectHeader, progress: (fraction) => ctx.progress(fraction) });
  return { files: [{ name: made.name, data: made.data }], message: made.message };
};

async function inspectHeader(image: ImageToPlace): Promise<ImageFacts> {
  const size = checkImageSize(await imageSizeOfBytes(image.bytes), image.name);
  if (image.kind === "jpeg" ? !jpegIsWhole(image.bytes) : !pngIsWhole(image.bytes)) throw imageUnreadable(image.name);
  return { ...size, ...imageHeaderFacts(image.bytes, image.kind) };
}

/**
 * Whether the JPEG's end marker (FF D9) follows its first scan: inside compressed data an FF byte is always
 * followed by 00 or a restart marker, so the first FF D9 after the scan starts is the end.
 */
function jpegIsWhole(bytes: Uint8Array): boolean {
  let scan = -1;
  for (let i = 2; i + 1 < bytes.length; i++) {
    if (bytes[i] !== 0xff) continue;
    const marker = bytes[i + 1]!;
    if (scan < 0 && marker === 0xda) scan = i;
    else if (scan >= 0 && marker === 0xd9) return true;
    else if (scan < 0 && marker !== 0xff && marker !== 0x00 && !(marker >= 0xd0 && marker <= 0xd8) && i + 3 < bytes.length) {
      // A segment before the scan: skip its body, which may hold any bytes.
      i += 1 + ((bytes[i + 2]! << 8) | bytes[i + 3]!);
    }
  }
  return false;
}

/** Whether the PNG ends with its IEND chunk (trailing bytes aside). */
function pngIsWhole(bytes: Uint8Array): boolean {
  const iend = [0x49, 0x45, 0x4e, 0x44];
  for (let i = bytes.length - 8; i >= Math.max(8, bytes.length - 4096); i--) {
    if (iend.every((byte, k) => bytes[i + k] === byte)) return true;
  }
  return false;
}
