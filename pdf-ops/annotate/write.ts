import type * as mupdf from "mupdf";
import { savedBytes } from "../mupdf-save.js";

/**
 * Writes annotations as real PDF annotations with appearance streams, so that every viewer shows them. Coordinates
 * arrive in MuPDF's page space: points from the top-left corner of the page as seen, y downwards.
 */

type Rgb = [number, number, number];
type Point = [number, number];

export interface AnnotationSpec {
  kind: "FreeText" | "Highlight" | "Underline" | "StrikeOut" | "Text" | "Square" | "Circle" | "Line" | "Ink" | "Link";
  page: number;
  rect: [number, number, number, number];
  color?: Rgb;
  interiorColor?: Rgb;
  opacity?: number;
  borderWidth?: number;
  contents?: string;
  author?: string;
  fontSize?: number;
  /** Helvetica and its bold, oblique and bold-oblique faces, by their PDF form-field names. */
  font?: "Helv" | "HeBo" | "HeObl" | "HeBO";
  line?: [Point, Point];
  arrow?: boolean;
  ink?: Point[][];
  uri?: string;
}

function quadOf([x0, y0, x1, y1]: AnnotationSpec["rect"]): mupdf.Quad {
  return [x0, y0, x1, y0, x0, y1, x1, y1];
}

function addOne(page: mupdf.PDFPage, spec: AnnotationSpec): void {
  if (spec.kind === "Link") {
    page.createLink(spec.rect, spec.uri!);
    return;
  }
  const annot = page.createAnnotation(spec.kind);
  switch (spec.kind) {
    case "Highlight":
    case "Underline":
    case "StrikeOut":
      annot.setQuadPoints([quadOf(spec.rect)]);
      break;
    case "Line":
      annot.setLine(spec.line![0], spec.line![1]);
      if (spec.arrow) annot.setLineEndingStyles("None", "OpenArrow");
      break;
    case "Ink":
      annot.setInkList(spec.ink!);
      break;
    case "Text":
      // A sticky note: an icon at the spot, the comment in its popup.
      annot.setRect([spec.rect[0], spec.rect[1], spec.rect[0] + 20, spec.rect[1] + 20]);
      break;
    default:
      annot.setRect(spec.rect);
  }
  if (spec.kind === "FreeText") {
    annot.setDefaultAppearance(spec.font ?? "Helv", spec.fontSize ?? 12, spec.color ?? [0, 0, 0]);
    annot.setBorderWidth(0);
  } else {
    if (spec.color) annot.setColor(spec.color);
    if (spec.borderWidth !== undefined) annot.setBorderWidth(spec.borderWidth);
  }
  if (spec.interiorColor) annot.setInteriorColor(spec.interiorColor);
  if (spec.opacity !== undefined) annot.setOpacity(spec.opacity);
  if (spec.contents !== undefined) annot.setContents(spec.contents);
  if (spec.author !== undefined) annot.setAuthor(spec.author);
  annot.update();
}

/**
 * The document with the annotations added to their pages, as bytes: an incremental save keeps the original bytes
 * as they were. The server's MuPDF and the device's run this same code.
 */
export function annotatedBytes(doc: mupdf.PDFDocument, annotations: readonly AnnotationSpec[]): Uint8Array {
  const pageCount = doc.countPages();
  const pages = new Map<number, mupdf.PDFPage>();
  for (const spec of annotations) {
    if (spec.page >= pageCount) throw new Error(`page ${spec.page} out of range`);
    let page = pages.get(spec.page);
    if (!page) {
      page = doc.loadPage(spec.page);
      pages.set(spec.page, page);
    }
    addOne(page, spec);
  }
  return savedBytes(doc, "incremental");
}
