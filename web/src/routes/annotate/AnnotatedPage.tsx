import { useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import type { PdfDocument } from "../../lib/pdf-preview.js";
import { AnnotationMark } from "./AnnotationMark.js";
import { moveAnnotation, resizeAnnotation, type Annotation, type PageSize, type Point } from "./annotation-model.js";
import { PageFrame, pointOnLayer } from "./PageFrame.js";
import { usePageImage } from "../../lib/use-page-image.js";

/** Pointer travel (points) below which pressing an annotation only selects it. */
const DRAG_THRESHOLD = 1;
/** Points closer than this (points) to the last one add nothing to a freehand stroke. */
const STROKE_STEP = 1;

export interface PageActions {
  /** A click at a spot of the page (points from its top-left corner). */
  place(at: Point, page: PageSize): void;
  /** A finished freehand stroke. */
  draw(stroke: Point[]): void;
  replace(annotation: Annotation): void;
  remove(id: number): void;
  select(id: number | null): void;
}

type Gesture = { kind: "drag" | "resize"; original: Annotation; from: Point; moved: boolean } | { kind: "stroke" };

/**
 * The real page with a layer over it in page points (an SVG whose viewBox is the page's size): a click places an
 * annotation, a drag moves one (or resizes it by its handle), and with the draw tool a drag draws.
 */
export function AnnotatedPage({
  doc,
  pageIndex,
  annotations,
  selectedId,
  drawing,
  actions,
}: {
  doc: PdfDocument;
  pageIndex: number;
  annotations: readonly Annotation[];
  selectedId: number | null;
  drawing: boolean;
  actions: PageActions;
}) {
  const image = usePageImage(doc, pageIndex);
  const layer = useRef<SVGSVGElement>(null);
  const gesture = useRef<Gesture | null>(null);
  const [stroke, setStroke] = useState<Point[] | null>(null);
  const size = image.size;

  const toPoints = (event: { clientX: number; clientY: number }): Point => pointOnLayer(layer.current!, size!, event);

  const startStroke = (event: PointerEvent<SVGSVGElement>) => {
    if (!drawing || event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    gesture.current = { kind: "stroke" };
    setStroke([toPoints(event)]);
  };

  const startGesture = (kind: "drag" | "resize", annotation: Annotation) => (event: PointerEvent<SVGElement>) => {
    event.stopPropagation();
    if (event.button !== 0) return;
    actions.select(annotation.id);
    event.currentTarget.setPointerCapture(event.pointerId);
    gesture.current = { kind, original: annotation, from: toPoints(event), moved: false };
  };

  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const current = gesture.current;
    if (!current || !size) return;
    const at = toPoints(event);
    if (current.kind === "stroke") {
      setStroke((points) => {
        const last = points?.at(-1);
        return last && Math.hypot(at[0] - last[0], at[1] - last[1]) < STROKE_STEP ? points : [...(points ?? []), at];
      });
      return;
    }
    const dx = at[0] - current.from[0];
    const dy = at[1] - current.from[1];
    if (!current.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
    current.moved = true;
    // Always from where the drag began, so that stops at the page edge do not add up.
    actions.replace((current.kind === "drag" ? moveAnnotation : resizeAnnotation)(current.original, dx, dy, size));
  };

  const onPointerUp = () => {
    if (gesture.current?.kind === "stroke" && stroke && stroke.length > 1) actions.draw(stroke);
    gesture.current = null;
    setStroke(null);
  };

  const onKey = (annotation: Annotation) => (event: KeyboardEvent<SVGElement>) => {
    if (!size) return;
    const step = event.shiftKey ? 10 : 1;
    const moves: Record<string, Point> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      actions.replace(moveAnnotation(annotation, move[0], move[1], size));
    } else if (event.key === "Delete" || event.key === "Backspace") {
      event.preventDefault();
      actions.remove(annotation.id);
    } else if (event.key === "Escape") {
      actions.select(null);
      event.currentTarget.blur();
    }
  };

  return (
    <PageFrame image={image} page={pageIndex + 1} imageTestId="annotate-page-image">
      {(size) => (
        <svg
          ref={layer}
          viewBox={`0 0 ${size.width} ${size.height}`}
          preserveAspectRatio="none"
          className={`absolute inset-0 h-full w-full touch-none outline-none focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600 ${drawing ? "cursor-crosshair" : "cursor-copy"}`}
          data-testid="annotate-layer"
          role="group"
          aria-label={`Page ${pageIndex + 1}: ${drawing ? "drag to draw" : "click, or press Enter, to add an annotation"}`}
          tabIndex={drawing ? -1 : 0}
          onClick={(event) => !drawing && actions.place(toPoints(event), size)}
          onKeyDown={(event) => {
            // Keys pressed on an annotation are its own; on the page, Enter places one at the centre and the arrow
            // keys and Delete act on the one selected, so a keyboard user can place and then move it.
            if (event.target !== event.currentTarget) return;
            const chosen = annotations.find((a) => a.id === selectedId);
            if (!drawing && (event.key === "Enter" || event.key === " ")) {
              event.preventDefault();
              actions.place([size.width / 2, size.height / 2], size);
            } else if (chosen) {
              onKey(chosen)(event);
            }
          }}
          onPointerDown={startStroke}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
        >
          {annotations.map((a) => (
            <AnnotationMark key={a.id} annotation={a} selected={a.id === selectedId} onPointerDown={startGesture("drag", a)}
              onResizeStart={startGesture("resize", a)}
              onChange={actions.replace} onKeyDown={onKey(a)} onFocus={() => actions.select(a.id)} />
          ))}
          {stroke && <polyline points={stroke.map((p) => p.join(",")).join(" ")} fill="none" stroke="#4f46e5" strokeWidth={2} strokeLinecap="round" />}
        </svg>
      )}
    </PageFrame>
  );
}
