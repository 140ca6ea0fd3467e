import { PDFDocument, rgb, type PDFPage } from "@cantoo/pdf-lib";
import type { WatermarkOptions } from "../../catalog/options/watermark.js";
import { msg } from "../message.js";
import { stemOf } from "../names.js";
import { selectPages } from "../page-selection.js";
import { drawCenteredText, fontFor, hexToRgb, rotatedExtent, type StampFont, type StampPlan, type StampTarget, type UnicodeFontSource } from "./draw.js";

/** Space kept between a corner watermark and the page edge, in points. */
const EDGE = 36;

/** One stamp page per distinct page size, laid over every chosen page of that size. */
export async function planWatermark(options: WatermarkOptions, pdf: StampTarget, unicodeFont: UnicodeFontSource): Promise<StampPlan> {
  const targets = selectPages(options.pages, pdf.pageCount, "pages");
  const boxes = await pdf.boxes();
  const stamp = await PDFDocument.create();
  const font = await fontFor(stamp, [options.watermarkText], unicodeFont, true);
  const stampBySize = new Map<string, number>();
  const stampPages = targets.map((pageNumber) => {
    const box = boxes[pageNumber - 1]!;
    const key = `${box.width.toFixed(1)}x${box.height.toFixed(1)}`;
    let index = stampBySize.get(key);
    if (index === undefined) {
      drawWatermark(stamp.addPage([box.width, box.height]), options, font);
      index = stamp.getPageCount();
      stampBySize.set(key, index);
    }
    return index;
  });
  return {
    stamp: { doc: stamp, placement: { targets, stampPages } },
    name: `${stemOf(pdf.name)}-watermarked.pdf`,
    message:
      targets.length === pdf.pageCount
        ? msg("results.watermarkAll", { opacity: options.opacity })
        : msg("results.watermarkSome", { count: targets.length, total: pdf.pageCount, opacity: options.opacity }),
  };
}

function drawWatermark(page: PDFPage, options: WatermarkOptions, font: StampFont): void {
  const { width: W, height: H } = page.getSize();
  const text = options.watermarkText;
  const { r, g, b } = hexToRgb(options.fontColor);
  const style = { color: rgb(r, g, b), opacity: options.opacity / 100 };
  const angle = options.rotation;

  // Shrink the text where it would not fit on the page at the chosen size.
  const extentAt = (size: number) => rotatedExtent(font.font.widthOfTextAtSize(text, size), font.capHeight * size, angle);
  const natural = extentAt(options.fontSize);
  const fit = Math.min(1, (W - 2 * EDGE) / natural.width, (H - 2 * EDGE) / natural.height);
  const size = Math.max(4, options.fontSize * fit);
  const extent = extentAt(size);

  if (options.position === "tiled") {
    const stepX = extent.width + size * 2;
    const stepY = extent.height + size * 2;
    for (let row = 0, y = stepY / 2; y < H + stepY; row++, y += stepY) {
      for (let x = (row % 2) * (stepX / 2); x < W + stepX; x += stepX) {
        drawCenteredText(page, text, font, size, x, y, angle, style);
      }
    }
    return;
  }

  const [vertical, horizontal] = options.position === "center" ? ["middle", "center"] : options.position.split("-");
  const cx = horizontal === "left" ? EDGE + extent.width / 2 : horizontal === "right" ? W - EDGE - extent.width / 2 : W / 2;
  const cy = vertical === "top" ? H - EDGE - extent.height / 2 : vertical === "bottom" ? EDGE + extent.height / 2 : H / 2;
  drawCenteredText(page, text, font, size, cx, cy, angle, style);
}
