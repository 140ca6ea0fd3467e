// @vitest-environment node
import { describe, expect, it } from "vitest";
import { annotateOptions } from "../../../../catalog/options/annotate.js";
import { DEFAULT_STYLES, createAnnotation, createDrawing, describeAnnotation, keepOnPage, moveAnnotation, resizeAnnotation, toRequest, type Annotation } from "./annotation-model.js";

const A4 = { width: 595, height: 842 };

describe("annotation model", () => {
  it("places a new annotation with the spec's defaults where the visitor clicked, on the page shown", () => {
    const text = createAnnotation("text", DEFAULT_STYLES.text, 2, [40, 50], A4);
    expect(text).toEqual({
      type: "text",
      text: "Your text here",
      fontSize: 12,
      color: "#000000",
      bold: false,
      italic: false,
      position: { x: 40, y: 50, pageIndex: 2, width: 100, height: 30 },
    });
    expect(createAnnotation("highlight", DEFAULT_STYLES.highlight, 0, [0, 0], A4)).toMatchObject({ color: "#facc15", opacity: 0.3 });
    expect(createAnnotation("comment", DEFAULT_STYLES.comment, 0, [0, 0], A4)).toMatchObject({ title: "Comment", text: "Your comment here" });
    expect(createAnnotation("link", DEFAULT_STYLES.link, 0, [0, 0], A4)).toMatchObject({ underline: true, color: "#2563eb" });
    expect(createAnnotation("shape", DEFAULT_STYLES.shape, 0, [0, 0], A4)).toMatchObject({ shapeType: "rectangle", strokeWidth: 1, opacity: 1, fillColor: "#ffffff" });
  });

  it("keeps a box placed near the edge on the page, and lines start level", () => {
    expect(createAnnotation("text", DEFAULT_STYLES.text, 0, [560, 830], A4).position).toMatchObject({ x: 495, y: 812 });
    const arrow = createAnnotation("shape", { ...DEFAULT_STYLES.shape, shapeType: "arrow" }, 0, [10, 10], A4);
    expect(arrow.position).toMatchObject({ width: 100, height: 0 });
    // A line running left from its start stays on the page too.
    expect(keepOnPage({ x: 50, y: 10, width: -100, height: 0, pageIndex: 0 }, A4)).toMatchObject({ x: 100 });
  });

  it("moves a drawing's strokes with it, and stops at the page edge", () => {
    const drawing: Annotation = { ...createDrawing(DEFAULT_STYLES.draw, 0, [[[10, 20], [30, 60]]]), id: 1 };
    expect(drawing.position).toEqual({ x: 10, y: 20, width: 20, height: 40, pageIndex: 0 });
    const moved = moveAnnotation(drawing, 5, -100, A4);
    expect(moved.position).toMatchObject({ x: 15, y: 0 });
    expect(moved.points).toEqual([[[15, 0], [35, 40]]]);
  });

  it("resizes a box from its corner within the page, and moves a line's end", () => {
    const box: Annotation = { id: 1, ...createAnnotation("highlight", DEFAULT_STYLES.highlight, 0, [500, 100], A4) };
    expect(resizeAnnotation(box, 50, -40, A4).position).toMatchObject({ x: 495, y: 100, width: 100, height: 4 });
    expect(resizeAnnotation(box, -60, 20, A4).position).toMatchObject({ width: 40, height: 50 });
    const line: Annotation = { id: 2, ...createAnnotation("shape", { ...DEFAULT_STYLES.shape, shapeType: "line" }, 0, [100, 100], A4) };
    expect(resizeAnnotation(line, -150, -200, A4).position).toMatchObject({ x: 100, y: 100, width: -50, height: -100 });
  });

  it("sends what the catalogue's schema accepts, without the screen's id", () => {
    const a: Annotation = { id: 7, ...createAnnotation("shape", { ...DEFAULT_STYLES.shape, shapeType: "circle" }, 1, [10.123456, 20.98765], A4) };
    const request = toRequest(a);
    expect(request).not.toHaveProperty("id");
    expect(request.position).toEqual({ x: 10.12, y: 20.99, width: 100, height: 30, pageIndex: 1 });
    expect(annotateOptions.safeParse({ annotations: [request] }).success).toBe(true);
    expect(describeAnnotation(a)).toBe("Circle on page 2");
  });
});
