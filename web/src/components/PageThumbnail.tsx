import { useEffect, useRef, useState } from "react";
import { renderThumbnail, type PdfDocument } from "../lib/pdf-preview.js";
import { useT } from "../i18n/use-t.js";

/** One real page of the document, drawn when it first scrolls into view; `rotation` turns the picture. */
export function PageThumbnail({ doc, pageNumber, rotation = 0, width = 140 }: { doc: PdfDocument; pageNumber: number; rotation?: number; width?: number }) {
  const t = useT("tool");
  const holder = useRef<HTMLDivElement>(null);
  const [url, setUrl] = useState<string>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    let made: string | undefined;
    let cancelled = false;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        renderThumbnail(doc, pageNumber, width).then(
          (objectUrl) => {
            made = objectUrl;
            if (cancelled) URL.revokeObjectURL(objectUrl);
            else setUrl(objectUrl);
          },
          () => !cancelled && setFailed(true),
        );
      },
      { rootMargin: "200px" },
    );
    observer.observe(element);
    return () => {
      cancelled = true;
      observer.disconnect();
      if (made) URL.revokeObjectURL(made);
    };
  }, [doc, pageNumber, width]);

  return (
    <div ref={holder} className="flex aspect-[3/4] items-center justify-center overflow-hidden rounded-md bg-slate-100 dark:bg-slate-800" style={{ width }}>
      {url ? (
        <img
          src={url}
          alt={t("page.label", { page: pageNumber })}
          data-testid="page-thumbnail"
          className="max-h-full max-w-full shadow transition-transform"
          style={{ transform: `rotate(${rotation}deg)` }}
        />
      ) : (
        <span className="text-xs text-slate-600 dark:text-slate-300">{t(failed ? "page.couldNotDraw" : "page.label", { page: pageNumber })}</span>
      )}
    </div>
  );
}
