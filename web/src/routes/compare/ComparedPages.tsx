import { useEffect, useRef, useState, type RefObject } from "react";
import type { PageInfo } from "../../../../catalog/compare-report.js";
import type { PdfDocument } from "../../lib/pdf-preview.js";
import { usePageImage } from "../../lib/use-page-image.js";
import type { PageMark, Side } from "./compare-model.js";
import { useT } from "../../i18n/use-t.js";

/** Pages begin drawing when they come this close to the visible part of their column. */
const DRAW_AHEAD = "800px 0px";

const MARK_STYLES: Record<PageMark["kind"], { fill: string; stroke: string; dash?: string }> = {
  deleted: { fill: "rgba(220, 38, 38, 0.3)", stroke: "#dc2626" },
  inserted: { fill: "rgba(22, 163, 74, 0.3)", stroke: "#16a34a" },
  place: { fill: "currentColor", stroke: "currentColor" },
  drawing: { fill: "none", stroke: "#ea580c", dash: "6 4" },
};

/** The page statuses shown beside a page's number (worded in tool:compare.status). */
const SHOWN_STATUSES: ReadonlySet<PageInfo["status"]> = new Set(["text", "drawing", "removed", "added"]);

/** Where the other side's words go is marked in that side's colour: green on the old side, red on the new. */
const PLACE_COLORS: Record<Side, string> = { old: "#16a34a", new: "#dc2626" };

/** One document's compared pages in a column of their own that scrolls, each page with its changes marked. */
export function ComparedPages({
  side,
  title,
  doc,
  pages,
  marks,
  selected,
  scroller,
}: {
  side: Side;
  title: string;
  doc: PdfDocument;
  pages: readonly PageInfo[];
  marks: ReadonlyMap<number, readonly PageMark[]>;
  selected?: string;
  scroller: RefObject<HTMLDivElement | null>;
}) {
  return (
    <section aria-label={title} className="min-w-0">
      <h3 className="mb-2 truncate text-sm font-semibold text-slate-900 dark:text-white">{title}</h3>
      <div ref={scroller} className="h-[70vh] overflow-y-auto rounded-lg bg-slate-100 p-3 dark:bg-slate-800" data-testid={`compare-${side}-pages`}>
        {pages.map((info) => (
          <ComparedPage key={info.page} side={side} doc={doc} info={info} marks={marks.get(info.page) ?? []} selected={selected} scroller={scroller} />
        ))}
      </div>
    </section>
  );
}

function ComparedPage({
  side,
  doc,
  info,
  marks,
  selected,
  scroller,
}: {
  side: Side;
  doc: PdfDocument;
  info: PageInfo;
  marks: readonly PageMark[];
  selected?: string;
  scroller: RefObject<HTMLDivElement | null>;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = frame.current;
    if (!element || near) return;
    // A page is drawn once it comes near, and stays drawn.
    const observer = new IntersectionObserver(([entry]) => entry?.isIntersecting && setNear(true), { root: scroller.current, rootMargin: DRAW_AHEAD });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, scroller]);
  const t = useT("tool");
  const status = SHOWN_STATUSES.has(info.status) ? t(`compare.status.${info.status}`) : undefined;
  return (
    <figure className="mx-auto mb-4 max-w-[700px]" data-page={info.page}>
      <figcaption className="mb-1 flex items-center gap-2 text-xs text-slate-700 dark:text-slate-200">
        {t("page.label", { page: info.page })}
        {status && <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900 dark:bg-amber-900 dark:text-amber-100">{status}</span>}
      </figcaption>
      <div ref={frame} data-page-frame="" className="relative w-full bg-white shadow ring-1 ring-slate-200 dark:ring-slate-700" style={{ aspectRatio: `${info.width} / ${info.height}` }}>
        {near && <PageLayer side={side} doc={doc} info={info} marks={marks} selected={selected} />}
      </div>
    </figure>
  );
}

/** The page drawn by pdf.js, under its marks in the report's space: points from the top left of the page as seen. */
function PageLayer({ side, doc, info, marks, selected }: { side: Side; doc: PdfDocument; info: PageInfo; marks: readonly PageMark[]; selected?: string }) {
  const t = useT("tool");
  const image = usePageImage(doc, info.page - 1);
  return (
    <>
      {image.status === "ready" && <img src={image.url} alt={t("page.label", { page: info.page })} className="absolute inset-0 h-full w-full select-none" draggable={false} />}
      {image.status === "loading" && <p className="absolute inset-0 flex items-center justify-center text-sm text-slate-600">{t("page.drawing", { page: info.page })}</p>}
      {image.status === "error" && <p className="absolute inset-0 flex items-center justify-center text-sm text-red-700">{t("page.couldNotDraw", { page: info.page })}</p>}
      <svg viewBox={`0 0 ${info.width} ${info.height}`} preserveAspectRatio="none" className="pointer-events-none absolute inset-0 h-full w-full" aria-hidden="true">
        {marks.map((mark, i) => {
          const style = MARK_STYLES[mark.kind];
          const [x0, y0, x1, y1] = mark.rect;
          const isSelected = mark.key === selected;
          const placeColor = PLACE_COLORS[side];
          return (
            <rect
              key={`${mark.key}-${i}`}
              x={x0}
              y={y0}
              width={Math.max(mark.kind === "place" ? 2 : 1, x1 - x0)}
              height={Math.max(1, y1 - y0)}
              fill={style.fill}
              stroke={isSelected ? "#4f46e5" : style.stroke}
              strokeWidth={isSelected ? 3 : 1.5}
              strokeDasharray={style.dash}
              vectorEffect="non-scaling-stroke"
              color={mark.kind === "place" ? placeColor : undefined}
              data-mark={mark.kind}
              data-key={mark.key}
            />
          );
        })}
      </svg>
    </>
  );
}

/** Scrolls a column so that a page's rectangle (or the page's top) stands a third of the way down. */
export function scrollToPlace(scroller: HTMLDivElement, page: number, rect: readonly number[] | undefined, pageHeight: number): void {
  const frame = scroller.querySelector<HTMLElement>(`[data-page="${page}"] [data-page-frame]`);
  if (!frame) return;
  const frameTop = frame.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop;
  const y = frameTop + (rect ? (rect[1]! / pageHeight) * frame.clientHeight : 0);
  const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  scroller.scrollTo({ top: Math.max(0, y - scroller.clientHeight / 3), behavior: smooth ? "smooth" : "auto" });
}
