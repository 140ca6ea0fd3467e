import * as mupdf from "mupdf";
import type { LayoutBlock, LayoutLine, LayoutSpan } from "./convert-tasks.js";

/**
 * A filled-in form's answers as text where the fields stand. MuPDF's structured text of a page leaves its widgets
 * out, so a form rebuilt as a document lost every value typed into it and every box ticked: each field is read from
 * the form itself (not from its appearance, which a form filled by another program may lack) and placed as a line
 * of text over the field's rectangle, so that the layout analysis puts it beside its label like any other text.
 */

/** Ticked and empty check boxes, and chosen and other radio buttons: characters every text format can carry. */
const CHECKED = "\u2612";
const UNCHECKED = "\u2610";
const CHOSEN = "\u25C9";
const NOT_CHOSEN = "\u25EF";

/** The look of a field's text: the page's body text, so that an answer reads as running text, not as a heading. */
export type FieldStyle = Pick<LayoutSpan, "font" | "size" | "color">;

/** Annotation flags: Hidden and NoView fields are not seen on the page, so they are not read into the document. */
const HIDDEN = 2;
const NO_VIEW = 32;
/** Line height of a multi-line field's text, in text sizes. */
const LINE_HEIGHT = 1.2;

/** The text that stands for a field's value, one entry per line; none for an empty field or one never shown. */
function fieldText(widget: mupdf.PDFWidget): string[] {
  if (widget.getFlags() & (HIDDEN | NO_VIEW)) return [];
  if (widget.isCheckbox() || widget.isRadioButton()) {
    // The widget's own appearance state says whether this box (of a group sharing one field) is the one ticked.
    const state = widget.getObject().get("AS");
    const on = state.isName() && state.asName() !== "Off";
    return [widget.isCheckbox() ? (on ? CHECKED : UNCHECKED) : on ? CHOSEN : NOT_CHOSEN];
  }
  // A password's characters are never shown, and a push button's caption is drawn, not entered.
  if (widget.isPushButton() || (widget.isText() && widget.isPassword())) return [];
  if (!widget.isText() && !widget.isChoice()) return [];
  return widget
    .getValue()
    .split(/\r\n|\r|\n/)
    .filter((line) => line.trim() !== "");
}

/** A field this close (in text sizes) beside a line of the page's text on the same row belongs to that line. */
const LABEL_GAP = 2;
/** A page whose text runs down the page for at least this share of its characters (a page turned a quarter, or
 * set vertically) gets its fields' text running down too. */
const DOWN_SHARE = 0.6;

type TextBlock = Extract<LayoutBlock, { kind: "text" }>;
type Box = [number, number, number, number];

/**
 * Boxes as the text reads: on a page whose lines run down, turned a quarter so that they run left to right (the
 * page's top to the left, its right edge to the top), and back.
 */
interface ReadingFrame {
  down: boolean;
  into(box: readonly number[]): Box;
  back(box: Box): Box;
}

function readingFrame(blocks: readonly TextBlock[], pageWidth: number): ReadingFrame {
  let down = 0;
  let all = 0;
  for (const line of blocks.flatMap((b) => b.lines)) {
    const n = line.spans.reduce((sum, s) => sum + s.text.trim().length, 0);
    all += n;
    if (line.vertical) down += n;
  }
  if (all === 0 || down < all * DOWN_SHARE) return { down: false, into: ([a, b, c, d]) => [a!, b!, c!, d!], back: (box) => box };
  return { down: true, into: ([a, b, c, d]) => [b!, pageWidth - c!, d!, pageWidth - a!], back: ([a, b, c, d]) => [pageWidth - d, a, pageWidth - b, c] };
}

interface Field {
  /** Lines in the reading frame. */
  lines: LayoutLine[];
  /** A box to tick stands before its label; an answer follows its label. */
  labelFirst: boolean;
}

function fieldsOf(page: mupdf.PDFPage, style: FieldStyle, frame: ReadingFrame): Field[] {
  const step = style.size * LINE_HEIGHT;
  const fields: Field[] = [];
  for (const widget of page.getWidgets()) {
    const texts = fieldText(widget);
    if (texts.length === 0) continue;
    const [x0, y0, x1, y1] = frame.into(widget.getRect());
    // A single line sits in the middle of its box; more lines run down from its top.
    let top = texts.length === 1 ? (y0 + y1) / 2 - step / 2 : y0;
    const lines = texts.map((text): LayoutLine => {
      // The answer takes its field's width, as the field does on the page: a short answer in a long box leaves no
      // gap there that would read as a column's edge.
      const right = Math.max(x0 + 1, x1);
      const line: LayoutLine = { bbox: [x0, top, right, top + step], spans: [{ text, ...style, bold: false, italic: false, mono: false, x0, x1: right }] };
      top += step;
      return line;
    });
    fields.push({ lines, labelFirst: !(widget.isCheckbox() || widget.isRadioButton()) });
  }
  return fields;
}

/** The page's line on the same row as `line` whose near end is within reach on the given side, the nearest. */
function neighbour(blocks: readonly TextBlock[], frame: ReadingFrame, line: LayoutLine, side: "left" | "right", reach: number): { block: TextBlock; line: LayoutLine } | undefined {
  const cy = (line.bbox[1] + line.bbox[3]) / 2;
  let best: { block: TextBlock; line: LayoutLine; gap: number } | undefined;
  for (const block of blocks) {
    for (const other of block.lines) {
      if (Boolean(other.vertical) !== frame.down) continue;
      const box = frame.into(other.bbox);
      if (cy < box[1] || cy > box[3]) continue;
      const gap = side === "left" ? line.bbox[0] - box[2] : box[0] - line.bbox[2];
      if (gap >= -1 && gap <= reach && (!best || gap < best.gap)) best = { block, line: other, gap };
    }
  }
  return best;
}

/** Widens a box of the page (in page space) to take in a line given in the reading frame, along the reading direction. */
function widen(box: Box, frame: ReadingFrame, line: LayoutLine): void {
  const turned = frame.into(box);
  turned[0] = Math.min(turned[0], line.bbox[0]);
  turned[2] = Math.max(turned[2], line.bbox[2]);
  box.splice(0, 4, ...frame.back(turned));
}

/**
 * Adds the values of the page's visible form fields to its text blocks: a one-line value beside a label on its row
 * joins the label's line (a ticked box before its label, an answer after it), so that label and answer are read
 * together; any other value becomes a block of its own where its field stands.
 */
export function placeFormFields(page: mupdf.PDFPage, blocks: LayoutBlock[], style: FieldStyle, pageWidth: number): void {
  const text = blocks.filter((b): b is TextBlock => b.kind === "text");
  const frame = readingFrame(text, pageWidth);
  const reach = style.size * LABEL_GAP;
  for (const field of fieldsOf(page, style, frame)) {
    const only = field.lines.length === 1 ? field.lines[0]! : undefined;
    const sides = field.labelFirst ? (["left", "right"] as const) : (["right", "left"] as const);
    const found = only && sides.map((side) => ({ side, at: neighbour(text, frame, only, side, reach) })).find((n) => n.at);
    if (only && found?.at) {
      const { block, line } = found.at;
      const span = only.spans[0]!;
      if (found.side === "left") line.spans.push({ ...span, text: ` ${span.text}` });
      else line.spans.unshift({ ...span, text: `${span.text} ` });
      widen(line.bbox, frame, only);
      widen(block.bbox, frame, only);
      continue;
    }
    const lines = field.lines.map((l): LayoutLine => ({ ...l, bbox: frame.back(l.bbox), ...(frame.down ? { vertical: true } : {}) }));
    const boxes = lines.map((l) => l.bbox);
    blocks.push({
      kind: "text",
      bbox: [Math.min(...boxes.map((b) => b[0])), Math.min(...boxes.map((b) => b[1])), Math.max(...boxes.map((b) => b[2])), Math.max(...boxes.map((b) => b[3]))],
      lines,
      formField: true,
    });
  }
}
