import * as mupdf from "mupdf";
import { openPdf, savePdf } from "./documents.js";
import { intersect, rectOf, type Rect } from "./page-rects.js";
import { greyRender } from "./grey-render.js";

type Progress = (fraction: number) => void;

/** Margins in points, as the page is seen (after its /Rotate). */
export interface Margins {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** Rendering for the content's box: 1 pixel a point is fine enough for a crop, and fast. */
const CONTENT_DPI = 72;
/** A render of more pixels than this is made at a lower resolution. */
const MAX_CONTENT_PIXELS = 16_000_000;
/** Grey values below this count as printed. */
const INK_BELOW = 245;
/** The smallest page a crop may leave, in points a side. */
export const MIN_CROPPED_SIDE = 3;

function transformPoint(m: mupdf.Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

function transformRect(m: mupdf.Matrix, [x0, y0, x1, y1]: Rect): Rect {
  const corners = [transformPoint(m, x0, y0), transformPoint(m, x1, y0), transformPoint(m, x0, y1), transformPoint(m, x1, y1)];
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}



/** The box of everything printed on the page as seen (y down), or undefined for a page with nothing on it. */
function contentBox(page: mupdf.PDFPage): Rect | undefined {
  const { pixels, width, height, stride, x: ox, y: oy, scale } = greyRender(page, CONTENT_DPI, MAX_CONTENT_PIXELS);
  let minX = width, minY = height, maxX = -1, maxY = -1;
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    for (let x = 0; x < width; x++) {
      if (pixels[row + x]! < INK_BELOW) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
    }
  }
  if (maxX < 0) return undefined;
  // One pixel either side: the edge pixels are partly ink.
  return [(ox + minX - 1) / scale, (oy + minY - 1) / scale, (ox + maxX + 2) / scale, (oy + maxY + 2) / scale];
}

export const cropTasks = {
  /**
   * Sets each chosen page's crop box: its visible box less the margins, or the box of its content grown by the
   * margins. Work happens where the page is seen (rotation applied), then goes back into the page's own space.
   * Trim, bleed and art boxes are kept inside the new crop box. Nothing is saved when a page would be left with
   * nothing: those pages are returned instead.
   */
  cropPages(args: { input: string; output: string; pages: number[]; margins: Margins; autoCrop: boolean }, progress: Progress) {
    const doc = openPdf(args.input);
    const tooSmall: number[] = [];
    const blank: number[] = [];
    const boxes: Array<[number, Rect]> = [];
    args.pages.forEach((index, n) => {
      const page = doc.loadPage(index);
      const seen = page.getBounds() as Rect;
      const { top, right, bottom, left } = args.margins;
      let kept: Rect = [seen[0] + left, seen[1] + top, seen[2] - right, seen[3] - bottom];
      if (args.autoCrop) {
        const content = contentBox(page);
        if (content) kept = intersect([content[0] - left, content[1] - top, content[2] + right, content[3] + bottom], seen);
        else {
          blank.push(index + 1);
          kept = seen;
        }
      }
      if (kept[2] - kept[0] < MIN_CROPPED_SIDE || kept[3] - kept[1] < MIN_CROPPED_SIDE) tooSmall.push(index + 1);
      else boxes.push([index, transformRect(mupdf.Matrix.invert(page.getTransform()), kept)]);
      if (n % 5 === 4) progress((n + 1) / args.pages.length);
    });
    if (tooSmall.length > 0) return { tooSmall, blank, cropped: 0 };
    for (const [index, box] of boxes) {
      const obj = doc.findPage(index);
      const media = rectOf(obj.getInheritable("MediaBox"));
      const crop = media ? intersect(box, media) : box;
      obj.put("CropBox", crop);
      for (const key of ["TrimBox", "BleedBox", "ArtBox"]) {
        const other = rectOf(obj.get(key));
        if (other) obj.put(key, intersect(other, crop));
      }
    }
    savePdf(doc, args.output, "garbage=compact,compress");
    return { tooSmall, blank, cropped: boxes.length };
  },
};
