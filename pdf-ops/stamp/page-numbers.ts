import { PDFDocument, rgb } from "@cantoo/pdf-lib";
import type { PageNumberOptions } from "../../catalog/options/page-numbers.js";
import { msg } from "../message.js";
import { stemOf } from "../names.js";
import { selectPages } from "../page-selection.js";
import { fontFor, hexToRgb, type StampPlan, type StampTarget, type UnicodeFontSource } from "./draw.js";

/**
 * Numbering counts every page of the range, starting at startNumber on its first page; excluded pages and a
 * skipped first page keep their number but show none, as in a printed book. {total} is the number the last page
 * of the range would carry.
 */
export function pageLabels(options: PageNumberOptions, pageCount: number): Array<{ page: number; label: string }> {
  const inRange = [...selectPages(options.pageRange, pageCount, "pageRange")].sort((a, b) => a - b);
  const excluded = new Set(options.excludePages.trim() ? selectPages(options.excludePages, pageCount, "excludePages") : []);
  if (options.skipFirstPage) excluded.add(1);
  const total = options.startNumber + inRange.length - 1;
  return inRange.flatMap((page, i) => {
    if (excluded.has(page)) return [];
    const n = options.startNumber + i;
    const text = options.format.replace("{n}", String(n)).replace("{total}", String(total));
    return [{ page, label: `${options.prefix}${text}${options.suffix}` }];
  });
}

/** One stamp page per numbered page; a range with nothing to number leaves the document as it was. */
export async function planPageNumbers(options: PageNumberOptions, pdf: StampTarget, unicodeFont: UnicodeFontSource): Promise<StampPlan> {
  const labels = pageLabels(options, pdf.pageCount);
  const stem = stemOf(pdf.name);
  if (labels.length === 0) return { name: `${stem}.pdf`, message: msg("results.nothingToNumber") };
  const boxes = await pdf.boxes();
  const stamp = await PDFDocument.create();
  const font = await fontFor(stamp, labels.map((l) => l.label), unicodeFont);
  const { r, g, b } = hexToRgb(options.fontColor);
  const [vertical, horizontal] = options.position.split("-") as ["top" | "bottom", "left" | "center" | "right"];
  const size = options.fontSize;
  const margin = options.margin;
  for (const { page: pageNumber, label } of labels) {
    const box = boxes[pageNumber - 1]!;
    const page = stamp.addPage([box.width, box.height]);
    const width = font.font.widthOfTextAtSize(label, size);
    const x = horizontal === "left" ? margin : horizontal === "right" ? box.width - margin - width : (box.width - width) / 2;
    const y = vertical === "bottom" ? margin : box.height - margin - font.capHeight * size;
    page.drawText(label, { x, y, size, font: font.font, color: rgb(r, g, b) });
  }
  return {
    stamp: { doc: stamp, placement: { targets: labels.map((l) => l.page), stampPages: labels.map((_, i) => i + 1) } },
    name: `${stem}-numbered.pdf`,
    message: msg("results.numbered", { count: labels.length, total: pdf.pageCount, first: labels[0]!.label, last: labels.at(-1)!.label }),
  };
}
