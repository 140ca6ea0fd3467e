import type * as mupdf from "mupdf";

/**
 * A scanned page read with OCR carries its words twice: as pixels in the scan and as recognised text. On a slide
 * the text boxes are the words, so the scan under them is cleaned: each recognised line's area is filled with the
 * colour of the paper around it (the median of the pixels just outside the line), leaving the scan's pictures,
 * rules and stamps where they were.
 */

/** How far outside a line (pixels) its surroundings are sampled. */
const RING = 3;

function median(values: number[]): number {
  values.sort((a, b) => a - b);
  return values[values.length >> 1] ?? 255;
}

/** Fills each box (in points) of an RGB or grey pixmap drawn at scale pixels a point with its surroundings' colour. */
export function paintOverText(pixmap: mupdf.Pixmap, boxes: ReadonlyArray<readonly [number, number, number, number]>, scale: number): void {
  const pixels = pixmap.getPixels();
  const stride = pixmap.getStride();
  const n = pixmap.getNumberOfComponents();
  const width = pixmap.getWidth();
  const height = pixmap.getHeight();
  const ox = pixmap.getX();
  const oy = pixmap.getY();
  for (const box of boxes) {
    const x0 = Math.max(0, Math.floor(box[0] * scale) - ox - 1);
    const y0 = Math.max(0, Math.floor(box[1] * scale) - oy - 1);
    const x1 = Math.min(width, Math.ceil(box[2] * scale) - ox + 1);
    const y1 = Math.min(height, Math.ceil(box[3] * scale) - oy + 1);
    if (x1 <= x0 || y1 <= y0) continue;
    const samples: number[][] = Array.from({ length: n }, () => []);
    const sample = (x: number, y: number) => {
      if (x < 0 || y < 0 || x >= width || y >= height) return;
      for (let c = 0; c < n; c++) samples[c]!.push(pixels[y * stride + x * n + c]!);
    };
    // The ring around the box, every other pixel: enough to tell the paper's colour.
    for (let x = x0 - RING; x < x1 + RING; x += 2) {
      sample(x, y0 - RING);
      sample(x, y1 + RING - 1);
    }
    for (let y = y0 - RING; y < y1 + RING; y += 2) {
      sample(x0 - RING, y);
      sample(x1 + RING - 1, y);
    }
    const fill = samples.map((s) => median(s));
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) for (let c = 0; c < n; c++) pixels[y * stride + x * n + c] = fill[c]!;
  }
}
