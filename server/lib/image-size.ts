import fs from "node:fs/promises";
import { imageSize, type ImageSize } from "../../pdf-ops/images/image-size.js";

/** Headers are read the same way in the browser: pdf-ops/images/image-size.ts. */
export { checkImageSize, imageSizeOfBytes, type ImageSize } from "../../pdf-ops/images/image-size.js";

export async function imageSizeOfFile(file: string): Promise<ImageSize | undefined> {
  const handle = await fs.open(file, "r");
  try {
    return await imageSize(async (offset, length) => {
      const out = Buffer.alloc(length);
      const { bytesRead } = await handle.read(out, 0, length, offset);
      return out.subarray(0, bytesRead);
    });
  } finally {
    await handle.close();
  }
}
