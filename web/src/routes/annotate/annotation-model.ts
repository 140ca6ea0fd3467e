import { i18n } from "../../i18n/i18n.js";
import type { AnnotateOptions } from "../../../../catalog/options/annotate.js";

/**
 * Annotations as the annotate screen keeps them before saving. Every position is in PDF points from the top-left
 * corner of the page as seen, the unit the server writes, so nothing is converted again when saving.
 */
export type RequestAnnotation = AnnotateOptions["annotations"][number];
export type AnnotationType = RequestAnnotation["type"];
export type ShapeType = NonNullable<RequestAnnotation["shapeType"]>;
export type Position = RequestAnnotation["position"];
export type Point = [number, number];
/** What a tool's Options and Appearance tabs set: everything but where the annotation is. */
export type AnnotationStyle = Omit<RequestAnnotation, "type" | "position" | "points">;

export interface Annotation extends RequestAnnotation {
  id: number;
}
/** An annotation before the list gives it its id. */
export type NewAnnotation = RequestAnnotation;

export interface PageSize {
  width: number;
  height: number;
}

/** The spec's tools first, then the kinds beyond it. */
/** The tools in the order the picker shows them; each is named in tool:annotate.tools. */
export const TOOL_TYPES: readonly AnnotationType[] = ["text", "highlight", "comment", "link", "shape", "underline", "strikethrough", "draw"];

/**
 * The spec's defaults. Colours are written as the server's palette draws the spec's names (yellow is #facc15,
 * light blue #93c5fd), so the preview shows what the saved PDF will show.
 */
export const DEFAULT_STYLES: Record<AnnotationType, AnnotationStyle> = {
  text: { text: "Your text here", fontSize: 12, color: "#000000", bold: false, italic: false },
  highlight: { color: "#facc15", opacity: 0.3 },
  comment: { text: "Your comment here", title: "Comment", color: "#93c5fd" },
  link: { url: "", color: "#2563eb", underline: true },
  shape: { shapeType: "rectangle", strokeColor: "#000000", fillColor: "#ffffff", strokeWidth: 1, opacity: 1 },
  underline: { color: "#dc2626" },
  strikethrough: { color: "#dc2626" },
  draw: { color: "#000000", strokeWidth: 2 },
};

/** The spec's default size; lines and arrows start level, which a visitor can turn in the Options tab. */
export const DEFAULT_SIZE = { width: 100, height: 30 };
const LINE_SIZE = { width: 100, height: 0 };
/** The sticky-note icon MuPDF draws for a comment, in points. */
export const COMMENT_ICON_SIZE = 20;

export const LINK_SCHEMES = /^(https?:\/\/|mailto:)/i;

export function isLine(a: Pick<RequestAnnotation, "type" | "shapeType">): boolean {
  return a.type === "shape" && (a.shapeType === "line" || a.shapeType === "arrow");
}

/** The corners a box covers, whichever way a line runs. */
export function boundsOf({ x, y, width, height }: Position): { left: number; top: number; right: number; bottom: number } {
  return { left: Math.min(x, x + width), top: Math.min(y, y + height), right: Math.max(x, x + width), bottom: Math.max(y, y + height) };
}

/** Shifts a box by as little as needed to keep it on the page (the server refuses annotations that start off it). */
export function keepOnPage(position: Position, page: PageSize): Position {
  const { left, top, right, bottom } = boundsOf(position);
  const shift = (low: number, high: number, limit: number) => (low < 0 ? -low : high > limit ? Math.max(limit - high, -low) : 0);
  return { ...position, x: position.x + shift(left, right, page.width), y: position.y + shift(top, bottom, page.height) };
}

/** A new annotation whose top-left corner (a line's start) is where the visitor clicked. */
export function createAnnotation(type: AnnotationType, style: AnnotationStyle, pageIndex: number, at: Point, page: PageSize): NewAnnotation {
  const size = isLine({ type, shapeType: style.shapeType }) ? LINE_SIZE : DEFAULT_SIZE;
  const position = keepOnPage({ x: at[0], y: at[1], pageIndex, ...size }, page);
  return { type, ...style, position };
}

/** A freehand drawing from its strokes; its position is the box around them. */
export function createDrawing(style: AnnotationStyle, pageIndex: number, strokes: Point[][]): NewAnnotation {
  const all = strokes.flat();
  const xs = all.map((p) => p[0]);
  const ys = all.map((p) => p[1]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  const position = { x, y, pageIndex, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
  return { type: "draw", ...style, position, points: strokes };
}

/** Moves an annotation by (dx, dy) points, as far as the page allows; a drawing's strokes move with it. */
export function moveAnnotation(a: Annotation, dx: number, dy: number, page: PageSize): Annotation {
  const position = keepOnPage({ ...a.position, x: a.position.x + dx, y: a.position.y + dy }, page);
  const mx = position.x - a.position.x;
  const my = position.y - a.position.y;
  const points = a.points?.map((stroke) => stroke.map(([px, py]): Point => [px + mx, py + my]));
  return { ...a, position, ...(points ? { points } : {}) };
}

/** The smallest box a drag may make, in points. */
const MIN_SIZE = 4;

/**
 * Resizes a box from its bottom-right corner, or moves a line's end, by (dx, dy) points from the annotation as it
 * was when the drag began, within the page.
 */
export function resizeAnnotation(a: Annotation, dx: number, dy: number, page: PageSize): Annotation {
  const { x, y, width, height } = a.position;
  const clamp = (n: number, low: number, high: number) => Math.min(high, Math.max(low, n));
  const size = isLine(a)
    ? { width: clamp(x + width + dx, 0, page.width) - x, height: clamp(y + height + dy, 0, page.height) - y }
    : { width: clamp(width + dx, MIN_SIZE, page.width - x), height: clamp(height + dy, MIN_SIZE, page.height - y) };
  return { ...a, position: { ...a.position, ...size } };
}

/** Comments keep their icon's size and drawings the size of their strokes. */
export function isResizable(a: Pick<Annotation, "type">): boolean {
  return a.type !== "comment" && a.type !== "draw";
}

/** What the server is sent: the annotation without the screen's id, numbers rounded to a hundredth of a point. */
export function toRequest({ id: _id, ...a }: Annotation): RequestAnnotation {
  const round = (n: number) => Math.round(n * 100) / 100;
  const { x, y, width, height, pageIndex } = a.position;
  const position = { x: round(x), y: round(y), width: round(width), height: round(height), pageIndex };
  const points = a.points?.map((stroke) => stroke.map(([px, py]): Point => [round(px), round(py)]));
  return { ...a, position, ...(points ? { points } : {}) };
}

/** "Text on page 2", the name an annotation goes by on screen and for screen readers. */
export function describeAnnotation(a: Pick<Annotation, "type" | "shapeType" | "position">): string {
  const kind = a.type === "shape" && a.shapeType ? i18n.t(`tool:annotate.shapes.${a.shapeType}`) : i18n.t(`tool:annotate.tools.${a.type}`);
  return i18n.t("tool:annotate.onPage", { kind, page: a.position.pageIndex + 1 });
}
