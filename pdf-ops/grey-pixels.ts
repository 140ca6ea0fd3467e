/** Telling grey pages stored as colour: scanners often store them so, and one channel is a third of the pixels. */

/** True when no pixel's channels differ by more than a JPEG's usual colour noise. */
export function looksGrey(rgb: Uint8Array): boolean {
  for (let i = 0; i < rgb.length; i += 3) {
    const r = rgb[i]!, g = rgb[i + 1]!, b = rgb[i + 2]!;
    if (Math.abs(r - g) > 12 || Math.abs(g - b) > 12 || Math.abs(r - b) > 12) return false;
  }
  return true;
}

export function toGrey(rgb: Uint8Array): Uint8Array {
  const grey = new Uint8Array(rgb.length / 3);
  for (let i = 0, j = 0; j < grey.length; i += 3, j++) grey[j] = Math.round(0.299 * rgb[i]! + 0.587 * rgb[i + 1]! + 0.114 * rgb[i + 2]!);
  return grey;
}
