import { useEffect, useState } from "react";
import { renderThumbnail, type PdfDocument } from "./pdf-preview.js";

/** A page's size in points as seen (crop box, rotation), which is what pdf.js draws at scale 1. */
export interface PageSize {
  width: number;
  height: number;
}

/** Wide enough for a sharp page on the preview's widest layout; narrower screens scale the picture down. */
const RENDER_WIDTH = 900;

export type PageImage = { status: "loading"; size?: PageSize } | { status: "ready"; size: PageSize; url: string } | { status: "error"; size?: PageSize };

/**
 * One page drawn for a preview (Annotate PDF, Compare PDF), with its size in points as seen (after the page's
 * rotation): what clicks are converted into and what marks are placed in.
 */
export function usePageImage(doc: PdfDocument, pageIndex: number): PageImage {
  const [image, setImage] = useState<PageImage>({ status: "loading" });
  useEffect(() => {
    let cancelled = false;
    let made: string | undefined;
    setImage({ status: "loading" });
    (async () => {
      const page = await doc.getPage(pageIndex + 1);
      const { width, height } = page.getViewport({ scale: 1 });
      const size = { width, height };
      if (!cancelled) setImage({ status: "loading", size });
      try {
        made = await renderThumbnail(doc, pageIndex + 1, RENDER_WIDTH);
        if (cancelled) URL.revokeObjectURL(made);
        else setImage({ status: "ready", size, url: made });
      } catch {
        if (!cancelled) setImage({ status: "error", size });
      }
    })().catch(() => !cancelled && setImage({ status: "error" }));
    return () => {
      cancelled = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [doc, pageIndex]);
  return image;
}
