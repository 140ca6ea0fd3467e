import * as mupdf from "mupdf";

export interface GreyRender {
  /** Held so that the pixels it owns stay alive while they are read. */
  pixmap: mupdf.Pixmap;
  /** A view into MuPDF's memory: read it at once, before any other MuPDF call. */
  pixels: Uint8ClampedArray;
  width: number;
  height: number;
  stride: number;
  /** The render's top left corner, in pixels of the page's space as seen. */
  x: number;
  y: number;
  /** Pixels a point. */
  scale: number;
}

/**
 * The page as seen, annotations included, in grey at `dpi`, lowered where the page would need more than
 * maxPixels: for judging what is printed where (crop to content, blank pages), not for showing.
 */
export function greyRender(page: mupdf.PDFPage, dpi: number, maxPixels: number): GreyRender {
  const [x0, y0, x1, y1] = page.getBounds();
  const area = Math.max(1, (x1 - x0) * (y1 - y0));
  const scale = Math.min(dpi / 72, Math.sqrt(maxPixels / area));
  const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceGray, false, true);
  return {
    pixmap,
    pixels: pixmap.getPixels(),
    width: pixmap.getWidth(),
    height: pixmap.getHeight(),
    stride: pixmap.getStride(),
    x: pixmap.getX(),
    y: pixmap.getY(),
    scale,
  };
}
