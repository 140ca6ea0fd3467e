import { renderGray } from "./pdf-tools.js";

/**
 * Structural similarity (Wang et al. 2004) of two grey images of the same size, averaged over 8×8 windows taken
 * every 4 pixels: 1 for identical images, about 0.95 where a careful eye starts to see compression.
 */
export function ssim(a: Buffer, b: Buffer, width: number, height: number): number {
  if (a.length < width * height || b.length < width * height) throw new Error("image smaller than its size");
  const C1 = (0.01 * 255) ** 2;
  const C2 = (0.03 * 255) ** 2;
  const size = 8;
  const step = 4;
  let total = 0;
  let windows = 0;
  for (let y = 0; y + size <= height; y += step) {
    for (let x = 0; x + size <= width; x += step) {
      let sa = 0, sb = 0, saa = 0, sbb = 0, sab = 0;
      for (let dy = 0; dy < size; dy++) {
        const row = (y + dy) * width + x;
        for (let dx = 0; dx < size; dx++) {
          const va = a[row + dx]!;
          const vb = b[row + dx]!;
          sa += va;
          sb += vb;
          saa += va * va;
          sbb += vb * vb;
          sab += va * vb;
        }
      }
      const n = size * size;
      const ma = sa / n;
      const mb = sb / n;
      const va = saa / n - ma * ma;
      const vb = sbb / n - mb * mb;
      const cov = sab / n - ma * mb;
      total += ((2 * ma * mb + C1) * (2 * cov + C2)) / ((ma * ma + mb * mb + C1) * (va + vb + C2));
      windows++;
    }
  }
  // A page smaller than one window (a thumbnail-sized PDF) is compared pixel for pixel instead.
  if (windows === 0) return a.subarray(0, width * height).equals(b.subarray(0, width * height)) ? 1 : 0;
  return total / windows;
}

/** The mean SSIM of every page of two PDFs rendered in grey at `dpi` (pages of differing size count as 0). */
export async function pdfSsim(original: string, changed: string, pages: number, dpi = 100): Promise<number> {
  let sum = 0;
  for (let page = 1; page <= pages; page++) {
    const [a, b] = await Promise.all([renderGray(original, page, dpi), renderGray(changed, page, dpi)]);
    sum += a.width === b.width && a.height === b.height ? ssim(a.pixels, b.pixels, a.width, a.height) : 0;
  }
  return sum / pages;
}
