import type { AnnotateOptions } from "../../catalog/options/annotate.js";
import { parseColor } from "../colors.js";
import { InvalidOptionsError } from "../errors.js";
import { countOfPages, msg, type Message } from "../message.js";
import { stemOf } from "../names.js";
import type { PageBox } from "../page-boxes.js";
import type { AnnotationSpec } from "./write.js";

/**
 * What the annotate screen asked for, made into what MuPDF writes, checked against the document's pages, with the
 * result's name and sentence: the same wherever the annotations are written.
 */

type Annotation = AnnotateOptions["annotations"][number];
type Rgb = [number, number, number];

/** The spec's defaults per kind of annotation. */
const DEFAULT_COLORS: Record<Annotation["type"], string> = {
  text: "black",
  highlight: "yellow",
  comment: "lightblue",
  link: "blue",
  shape: "black",
  underline: "red",
  strikethrough: "red",
  draw: "black",
};

const LINK_SCHEMES = /^(https?:\/\/|mailto:)/i;

/** Turns one annotation from the annotate screen into what MuPDF writes; several for an underlined link. */
function toSpecs(a: Annotation, n: number, pageSize: [number, number]): AnnotationSpec[] {
  const color = (text: string | undefined, fallback: string): Rgb => {
    const rgb = parseColor(text ?? fallback);
    if (!rgb) throw new InvalidOptionsError(msg("annotations.notAColour", { number: n, text: String(text) }));
    return rgb;
  };
  const { x, y, width, height, pageIndex: page } = a.position;
  const rect: AnnotationSpec["rect"] = [Math.min(x, x + width), Math.min(y, y + height), Math.max(x, x + width), Math.max(y, y + height)];
  const [pageWidth, pageHeight] = pageSize;
  if (rect[0] < 0 || rect[1] < 0 || rect[0] > pageWidth || rect[1] > pageHeight) {
    throw new InvalidOptionsError(msg("annotations.outsidePage", { number: n, page: page + 1 }));
  }
  const stroke = color(a.type === "shape" ? a.strokeColor : a.color, DEFAULT_COLORS[a.type]);
  const common = { page, rect, opacity: a.opacity };
  switch (a.type) {
    case "text": {
      const font = a.bold ? (a.italic ? "HeBO" : "HeBo") : a.italic ? "HeObl" : "Helv";
      return [{ ...common, kind: "FreeText", contents: a.text ?? "Your text here", fontSize: a.fontSize ?? 12, color: stroke, font }];
    }
    case "highlight":
      return [{ ...common, kind: "Highlight", color: stroke, opacity: a.opacity ?? 0.3 }];
    case "underline":
      return [{ ...common, kind: "Underline", color: stroke }];
    case "strikethrough":
      return [{ ...common, kind: "StrikeOut", color: stroke }];
    case "comment":
      return [{ ...common, kind: "Text", color: stroke, contents: a.text ?? "Your comment here", author: a.title ?? "Comment" }];
    case "link": {
      const uri = a.url?.trim() ?? "";
      if (!LINK_SCHEMES.test(uri)) throw new InvalidOptionsError(msg("annotations.linkAddress", { number: n }));
      const specs: AnnotationSpec[] = [{ ...common, kind: "Link", uri }];
      // Link areas are invisible in PDF; the screen's underline makes them visible.
      if (a.underline ?? true) specs.push({ ...common, kind: "Line", color: stroke, borderWidth: 1, line: [[rect[0], rect[3]], [rect[2], rect[3]]] });
      return specs;
    }
    case "shape": {
      const shape = a.shapeType ?? "rectangle";
      const style = { ...common, color: stroke, borderWidth: a.strokeWidth ?? 1, opacity: a.opacity ?? 1 };
      if (shape === "line" || shape === "arrow") {
        return [{ ...style, kind: "Line", line: [[x, y], [x + width, y + height]], arrow: shape === "arrow" }];
      }
      const fill = a.fillColor === "transparent" || a.fillColor === "none" ? undefined : color(a.fillColor, "white");
      return [{ ...style, kind: shape === "circle" ? "Circle" : "Square", interiorColor: fill }];
    }
    case "draw": {
      const strokes = (a.points ?? []).filter((s) => s.length > 0);
      if (strokes.length === 0) throw new InvalidOptionsError(msg("annotations.noStrokes", { number: n }));
      return [{ ...common, kind: "Ink", color: stroke, borderWidth: a.strokeWidth ?? 2, ink: strokes }];
    }
  }
}

/** The annotations as MuPDF writes them, each checked against the page it goes on (`sizes`: the pages' crop boxes). */
export function planAnnotations(options: AnnotateOptions, sizes: readonly PageBox[]): AnnotationSpec[] {
  return options.annotations.flatMap((a, i) => {
    const size = sizes[a.position.pageIndex];
    if (!size) throw new InvalidOptionsError(msg("annotations.pageMissing", { number: i + 1, page: a.position.pageIndex + 1, pages: countOfPages(sizes.length) }));
    return toSpecs(a, i + 1, [size.width, size.height]);
  });
}

/** The annotated file's name and what the reply says. */
export function annotatedResult(name: string, options: AnnotateOptions): { name: string; message: Message } {
  const pages = new Set(options.annotations.map((a) => a.position.pageIndex)).size;
  return { name: `${stemOf(name)}-annotated.pdf`, message: msg("results.annotated", { count: options.annotations.length, pages: countOfPages(pages) }) };
}
