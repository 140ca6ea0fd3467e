import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from "react";
import { renderThumbnail, type PdfDocument } from "../../lib/pdf-preview.js";
import { boxOnPage, moveBox, resizeBox, type PageSize, type Placement } from "./placement.js";
import { useT } from "../../i18n/use-t.js";

/** How wide the page is drawn, in CSS pixels; the picture is shown at most this wide. */
const RENDER_WIDTH = 480;

export type SizeBounds = Parameters<typeof resizeBox>[2];

/** What a pointer gesture started from: where the pointer was, and the box then. */
interface Gesture {
  kind: "move" | "resize";
  x: number;
  y: number;
  placement: Placement;
}

/**
 * The chosen page, drawn for real, with the signature box over it where the server will put it. Dragging the box
 * sets x and y (percent of the page from its top left corner); dragging its corner sets the width and height in
 * points; arrow keys move it by one percent.
 */
export function PagePlacement({
  doc,
  pageNumber,
  placement,
  bounds,
  onChange,
  renderMark,
}: {
  doc: PdfDocument;
  pageNumber: number;
  placement: Placement;
  bounds: SizeBounds;
  onChange(patch: Partial<Placement>): void;
  /** The signature as it will look, given how many screen pixels one point of the page takes. */
  renderMark(pixelsPerPoint: number): ReactNode;
}) {
  const t = useT("tool");
  const [page, setPage] = useState<PageSize>();
  const [url, setUrl] = useState<string>();
  const [shownWidth, setShownWidth] = useState(RENDER_WIDTH);
  const frame = useRef<HTMLDivElement>(null);
  const gesture = useRef<Gesture | null>(null);

  useEffect(() => {
    let cancelled = false;
    let made: string | undefined;
    setUrl(undefined);
    void doc.getPage(pageNumber).then((p) => {
      // The viewport at scale 1 is the page as seen (crop box, rotation), in points: what the server measures.
      const viewport = p.getViewport({ scale: 1 });
      if (!cancelled) setPage({ width: viewport.width, height: viewport.height });
    });
    renderThumbnail(doc, pageNumber, RENDER_WIDTH).then(
      (objectUrl) => {
        made = objectUrl;
        if (cancelled) URL.revokeObjectURL(objectUrl);
        else setUrl(objectUrl);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [doc, pageNumber]);

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => entry && setShownWidth(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [page]);

  if (!page) return <p role="status" className="text-sm text-slate-600 dark:text-slate-300">{t("page.drawing", { page: pageNumber })}</p>;
  const box = boxOnPage(placement, page);
  const pixelsPerPoint = shownWidth / page.width;

  const begin = (kind: Gesture["kind"]) => (event: PointerEvent<HTMLElement>) => {
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    gesture.current = { kind, x: event.clientX, y: event.clientY, placement };
  };
  const drag = (event: PointerEvent<HTMLElement>) => {
    const start = gesture.current;
    const rect = frame.current?.getBoundingClientRect();
    if (!start || !rect) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (start.kind === "move") {
      const from = boxOnPage(start.placement, page);
      onChange(moveBox(from.left + (dx / rect.width) * 100, from.top + (dy / rect.height) * 100, from));
    } else {
      onChange(resizeBox(start.placement.signatureWidth + dx / pixelsPerPoint, start.placement.signatureHeight + dy / pixelsPerPoint, bounds));
    }
  };
  const finish = () => {
    gesture.current = null;
  };
  const nudge = (event: KeyboardEvent<HTMLElement>) => {
    const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[event.key];
    if (!step) return;
    event.preventDefault();
    onChange(moveBox(box.left + step[0]!, box.top + step[1]!, box));
  };

  return (
    <div
      ref={frame}
      data-testid="placement-page"
      className="relative w-full select-none overflow-hidden rounded-md bg-white shadow ring-1 ring-slate-200 dark:ring-slate-700"
      style={{ maxWidth: RENDER_WIDTH, aspectRatio: `${page.width} / ${page.height}` }}
    >
      {url ? (
        <img src={url} alt={t("page.label", { page: pageNumber })} className="absolute inset-0 h-full w-full" draggable={false} />
      ) : (
        <span className="absolute inset-0 flex items-center justify-center text-sm text-slate-600">{t("page.label", { page: pageNumber })}</span>
      )}
      <div
        role="group"
        tabIndex={0}
        aria-label={t("sign.placement.box")}
        data-testid="signature-box"
        className="absolute cursor-move touch-none outline-dashed outline-2 outline-indigo-500 focus-visible:outline-4"
        style={{ left: `${box.left}%`, top: `${box.top}%`, width: `${box.width}%`, height: `${box.height}%` }}
        onPointerDown={begin("move")}
        onPointerMove={drag}
        onPointerUp={finish}
        onPointerCancel={finish}
        onKeyDown={nudge}
      >
        {renderMark(pixelsPerPoint)}
        <span
          aria-hidden="true"
          data-testid="signature-resize"
          className="absolute -bottom-1.5 -right-1.5 h-3 w-3 cursor-nwse-resize rounded-sm bg-indigo-600"
          onPointerDown={begin("resize")}
          onPointerMove={drag}
          onPointerUp={finish}
          onPointerCancel={finish}
        />
      </div>
    </div>
  );
}
