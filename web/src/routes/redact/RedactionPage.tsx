import { useRef, useState, type PointerEvent } from "react";
import type { RedactionArea } from "../../../../catalog/options/redact.js";
import type { PdfDocument } from "../../lib/pdf-preview.js";
import type { Point } from "../annotate/annotation-model.js";
import { PageFrame, pointOnLayer } from "../annotate/PageFrame.js";
import { usePageImage } from "../../lib/use-page-image.js";
import { areaFromDrag, centredArea, describeArea, type Area } from "./redaction-areas.js";

/**
 * The real page (drawn by pdf.js, as Annotate PDF draws it) with a layer over it in page points: dragging draws an
 * area to redact, Enter adds one in the middle. The areas already drawn show as dark boxes.
 */
export function RedactionPage({
  doc,
  pageIndex,
  areas,
  onAdd,
  disabled,
}: {
  doc: PdfDocument;
  pageIndex: number;
  areas: readonly Area[];
  onAdd(area: RedactionArea): void;
  disabled: boolean;
}) {
  const image = usePageImage(doc, pageIndex);
  const layer = useRef<SVGSVGElement>(null);
  const [drag, setDrag] = useState<{ from: Point; to: Point } | null>(null);
  const size = image.size;
  const page = pageIndex + 1;

  const toPoints = (event: { clientX: number; clientY: number }): Point => pointOnLayer(layer.current!, size!, event);

  const start = (event: PointerEvent<SVGSVGElement>) => {
    if (disabled || event.button !== 0 || !size) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const at = toPoints(event);
    setDrag({ from: at, to: at });
  };
  const move = (event: PointerEvent<SVGSVGElement>) => {
    if (drag) setDrag({ from: drag.from, to: toPoints(event) });
  };
  const finish = () => {
    if (drag && size) {
      const area = areaFromDrag(page, drag.from, drag.to, size);
      if (area) onAdd(area);
    }
    setDrag(null);
  };

  const drawing = drag && size ? areaFromDrag(page, drag.from, drag.to, size) : null;
  return (
    <PageFrame image={image} page={page} imageTestId="redact-page-image">
      {(pageSize) => (
        <svg
          ref={layer}
          viewBox={`0 0 ${pageSize.width} ${pageSize.height}`}
          preserveAspectRatio="none"
          className="absolute inset-0 h-full w-full cursor-crosshair touch-none outline-none focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600"
          data-testid="redact-layer"
          role="group"
          aria-label={`Page ${page}: drag to mark an area to redact, or press Enter to add one in the middle`}
          tabIndex={0}
          onKeyDown={(event) => {
            if (disabled || (event.key !== "Enter" && event.key !== " ")) return;
            event.preventDefault();
            onAdd(centredArea(page, pageSize));
          }}
          onPointerDown={start}
          onPointerMove={move}
          onPointerUp={finish}
          onPointerCancel={() => setDrag(null)}
        >
          {areas.map((a) => (
            <rect key={a.id} x={a.x} y={a.y} width={a.width} height={a.height} fill="#0f172a" fillOpacity={0.75} stroke="#dc2626" strokeWidth={1} data-testid="redact-area">
              <title>{describeArea(a)}</title>
            </rect>
          ))}
          {drawing && (
            <rect x={drawing.x} y={drawing.y} width={drawing.width} height={drawing.height} fill="#dc2626" fillOpacity={0.2} stroke="#dc2626" strokeDasharray="4 2" strokeWidth={1} />
          )}
        </svg>
      )}
    </PageFrame>
  );
}
