import type * as Mupdf from "mupdf";

export interface PageBox {
  /** The page as seen, after its /Rotate: the size a stamp must have. */
  width: number;
  height: number;
}

/** Each page's visible size as MuPDF sees it (the box, clipped to the media box, turned by /Rotate). */
export function visibleBoxes(doc: Mupdf.Document, box: "TrimBox" | "CropBox" = "TrimBox"): PageBox[] {
  const pages: PageBox[] = [];
  for (let i = 0, n = doc.countPages(); i < n; i++) {
    const page = doc.loadPage(i);
    try {
      const [x0, y0, x1, y1] = page.getBounds(box);
      pages.push({ width: x1 - x0, height: y1 - y0 });
    } finally {
      page.destroy();
    }
  }
  return pages;
}
