import { i18n } from "../../i18n/i18n.js";
import { useLayoutEffect, useRef, type KeyboardEvent, type PointerEvent, type ReactNode } from "react";
import { COMMENT_ICON_SIZE, LINK_SCHEMES, boundsOf, describeAnnotation, isLine, isResizable, type Annotation } from "./annotation-model.js";

/** Lines and thin marks get this much extra room (points) around them, so that a finger or cursor can take them. */
const GRAB_MARGIN = 6;
const HELVETICA = "Helvetica, Arial, sans-serif";
/** The resize handle's side, in points. */
const HANDLE = 8;

function arrowHead(x1: number, y1: number, x2: number, y2: number, width: number): string {
  const angle = Math.atan2(y2 - y1, x2 - x1);
  const length = Math.max(8, width * 4);
  const wing = (turn: number) => `${x2 - length * Math.cos(angle + turn)},${y2 - length * Math.sin(angle + turn)}`;
  return `${wing(Math.PI / 6)} ${x2},${y2} ${wing(-Math.PI / 6)}`;
}

/**
 * A text box. MuPDF wraps the text to the box's width and cuts off what falls below it, so the box grows to hold
 * the text as it is typed, and the preview cuts off the same way.
 */
function TextBox({ a, onGrow }: { a: Annotation; onGrow(height: number): void }) {
  const text = useRef<HTMLDivElement>(null);
  const { left, top, right, bottom } = boundsOf(a.position);
  useLayoutEffect(() => {
    // Inside the foreignObject, layout pixels are page points.
    const needed = text.current?.scrollHeight ?? 0;
    if (needed > bottom - top + 0.5) onGrow(Math.ceil(needed));
  });
  return (
    <foreignObject x={left} y={top} width={right - left} height={bottom - top}>
      <div
        ref={text}
        style={{ fontSize: a.fontSize, color: a.color, fontWeight: a.bold ? 700 : 400, fontStyle: a.italic ? "italic" : "normal", fontFamily: HELVETICA, lineHeight: 1.2, whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
      >
        {a.text}
      </div>
    </foreignObject>
  );
}

/** The annotation drawn as the saved PDF will show it, in page points. */
function Drawing({ a, onGrow }: { a: Annotation; onGrow(height: number): void }): ReactNode {
  const { x, y, width, height } = a.position;
  const { left, top, right, bottom } = boundsOf(a.position);
  const color = a.color ?? "#000000";
  switch (a.type) {
    case "text":
      return <TextBox a={a} onGrow={onGrow} />;
    case "highlight":
      return <rect x={left} y={top} width={right - left} height={bottom - top} fill={color} fillOpacity={a.opacity ?? 0.3} style={{ mixBlendMode: "multiply" }} />;
    case "underline":
    case "strikethrough": {
      const lineY = a.type === "underline" ? bottom - (bottom - top) / 14 : (top + bottom) / 2;
      return <line x1={left} x2={right} y1={lineY} y2={lineY} stroke={color} strokeWidth={Math.max(1, (bottom - top) / 14)} />;
    }
    case "comment":
      return (
        <g>
          {/* The note's words show on hover, as a viewer shows them in its popup. */}
          <title>{`${a.title ?? ""}: ${a.text ?? ""}`}</title>
          <rect x={x} y={y} width={COMMENT_ICON_SIZE} height={COMMENT_ICON_SIZE} rx={3} fill={color} stroke="#1e293b" strokeWidth={0.75} />
          <path d={`M${x + 4} ${y + 6}h12M${x + 4} ${y + 10}h12M${x + 4} ${y + 14}h8`} stroke="#1e293b" strokeWidth={1} />
        </g>
      );
    case "link": {
      const valid = LINK_SCHEMES.test(a.url?.trim() ?? "");
      return (
        <g>
          {/* The link area itself is invisible in the PDF; a thin frame shows it here. */}
          <rect x={left} y={top} width={right - left} height={bottom - top} fill={color} fillOpacity={0.08} stroke={color} strokeWidth={0.5} strokeDasharray="3 2" />
          {a.underline && <line x1={left} x2={right} y1={bottom} y2={bottom} stroke={color} strokeWidth={1} />}
          <text x={left + 3} y={top + 11} fontSize={9} fontFamily={HELVETICA} fill={valid ? color : "#b91c1c"}>
            {valid ? a.url : i18n.t("tool:annotate.setLink")}
          </text>
        </g>
      );
    }
    case "shape": {
      const stroke = a.strokeColor ?? "#000000";
      const strokeWidth = a.strokeWidth ?? 1;
      const fill = !a.fillColor || a.fillColor === "transparent" || a.fillColor === "none" ? "none" : a.fillColor;
      const style = { stroke, strokeWidth, opacity: a.opacity ?? 1 };
      if (isLine(a)) {
        return (
          <g {...style} fill="none">
            <line x1={x} y1={y} x2={x + width} y2={y + height} />
            {a.shapeType === "arrow" && <polyline points={arrowHead(x, y, x + width, y + height, strokeWidth)} />}
          </g>
        );
      }
      if (a.shapeType === "circle") {
        return <ellipse cx={(left + right) / 2} cy={(top + bottom) / 2} rx={(right - left) / 2} ry={(bottom - top) / 2} fill={fill} {...style} />;
      }
      return <rect x={left} y={top} width={right - left} height={bottom - top} fill={fill} {...style} />;
    }
    case "draw":
      return (
        <path
          d={(a.points ?? []).map((stroke) => `M${stroke.map((p) => p.join(" ")).join("L")}`).join("")}
          fill="none"
          stroke={color}
          strokeWidth={a.strokeWidth ?? 2}
          strokeLinecap="round"
          strokeLinejoin="round"
          opacity={a.opacity ?? 1}
        />
      );
  }
}

/** The box a visitor grabs, selects and sees outlined when selected. */
function grabBox(a: Annotation) {
  if (a.type === "comment") return { left: a.position.x, top: a.position.y, right: a.position.x + COMMENT_ICON_SIZE, bottom: a.position.y + COMMENT_ICON_SIZE };
  const b = boundsOf(a.position);
  const thin = isLine(a) || a.type === "draw" || a.type === "underline" || a.type === "strikethrough";
  return thin ? { left: b.left - GRAB_MARGIN, top: b.top - GRAB_MARGIN, right: b.right + GRAB_MARGIN, bottom: b.bottom + GRAB_MARGIN } : b;
}

/**
 * One placed annotation on the page: drawn, grabbable (drag moves it), focusable (arrow keys move it, Delete
 * removes it), and when selected a handle at its end corner resizes it (or moves a line's end).
 */
export function AnnotationMark({
  annotation,
  selected,
  onPointerDown,
  onResizeStart,
  onKeyDown,
  onFocus,
  onChange,
}: {
  annotation: Annotation;
  selected: boolean;
  onChange(annotation: Annotation): void;
  onPointerDown(event: PointerEvent<SVGGElement>): void;
  onResizeStart(event: PointerEvent<SVGRectElement>): void;
  onKeyDown(event: KeyboardEvent<SVGGElement>): void;
  onFocus(): void;
}) {
  const box = grabBox(annotation);
  return (
    <g
      role="button"
      tabIndex={0}
      aria-label={describeAnnotation(annotation)}
      aria-pressed={selected}
      data-testid="annotation"
      data-type={annotation.type}
      className="cursor-move outline-none"
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      onClick={(event) => event.stopPropagation()}
    >
      <Drawing a={annotation} onGrow={(height) => onChange({ ...annotation, position: { ...annotation.position, height } })} />
      <rect
        x={box.left}
        y={box.top}
        width={box.right - box.left}
        height={box.bottom - box.top}
        fill="transparent"
        stroke={selected ? "#4f46e5" : "none"}
        strokeWidth={1.5}
        strokeDasharray="4 3"
        vectorEffect="non-scaling-stroke"
      />
      {selected && isResizable(annotation) && (
        <rect
          x={annotation.position.x + annotation.position.width - HANDLE / 2}
          y={annotation.position.y + annotation.position.height - HANDLE / 2}
          width={HANDLE}
          height={HANDLE}
          fill="#4f46e5"
          stroke="#ffffff"
          strokeWidth={1}
          vectorEffect="non-scaling-stroke"
          className="cursor-nwse-resize"
          data-testid="resize-handle"
          onPointerDown={onResizeStart}
        />
      )}
    </g>
  );
}
