import type * as mupdf from "mupdf";

/**
 * A page's text as one string to search, with where each character is drawn: MuPDF's structured text of the page
 * and of its annotations' appearances (a comment's or a form field's words are on the page too), each line followed
 * by a line break, so that a search can run across lines and spans and still name its characters' quads.
 */
export interface PageText {
  text: string;
  /** For each UTF-16 unit of text, its character in `chars`; -1 for the line breaks between lines. */
  unitChar: Int32Array;
  chars: Array<{ quad: mupdf.Quad; line: number }>;
  /** Each line's writing direction in page space (a unit vector). */
  lines: mupdf.Point[];
}

/**
 * The glyphs as drawn; with `replacements`, marked content's /ActualText in place of the glyphs it covers (what text
 * extraction reads), spread over those glyphs' quads.
 */
export function readPageText(page: mupdf.PDFPage, replacements = false): PageText {
  const stext = page.toDisplayList(true).toStructuredText(replacements ? "preserve-whitespace" : "preserve-whitespace,ignore-actualtext");
  const parts: string[] = [];
  const units: number[] = [];
  const chars: PageText["chars"] = [];
  const lines: mupdf.Point[] = [];
  stext.walk({
    beginLine(_bbox, _wmode, direction) {
      lines.push(direction);
    },
    onChar(c, _origin, _font, _size, quad) {
      const index = chars.length;
      chars.push({ quad, line: lines.length - 1 });
      parts.push(c);
      for (let i = 0; i < c.length; i++) units.push(index);
    },
    endLine() {
      parts.push("\n");
      units.push(-1);
    },
  });
  return { text: parts.join(""), unitChar: Int32Array.from(units), chars, lines };
}

/** How far in from each end of a run a redaction's quad is drawn, as a share of the end character's width. */
const END_INSET = 0.15;
/** And from its top and bottom, as a share of its height. */
const EDGE_INSET = 0.15;

export interface RunQuads {
  /** The characters' whole extent: what the box painted over them covers. */
  cover: mupdf.Quad;
  /**
   * The extent drawn a little inside: MuPDF removes every glyph a redaction touches, and neighbouring glyphs touch
   * (a kerned pair overlaps), so the quad given to MuPDF stops short of the next character while covering each of
   * its own.
   */
  remove: mupdf.Quad;
}

/**
 * The quads of the characters from `start` to `end` (UTF-16 offsets), one run per line: a match that goes on to
 * the next line, or across spans of several fonts, is covered character by character.
 */
export function quadsOf(page: PageText, start: number, end: number): RunQuads[] {
  const runs: RunQuads[] = [];
  let run: Array<mupdf.Quad> = [];
  let line = -1;
  const close = () => {
    if (run.length > 0) runs.push(runQuads(run, page.lines[line] ?? [1, 0]));
    run = [];
  };
  let previous = -1;
  for (let u = start; u < end; u++) {
    const index = page.unitChar[u]!;
    if (index < 0 || index === previous) continue;
    previous = index;
    const char = page.chars[index]!;
    if (char.line !== line) {
      close();
      line = char.line;
    }
    run.push(char.quad);
  }
  close();
  return runs;
}

type Vec = [number, number];
const dot = (a: Vec, b: Vec) => a[0] * b[0] + a[1] * b[1];
const along = (u: Vec, v: Vec, s: number, t: number): Vec => [u[0] * s + v[0] * t, u[1] * s + v[1] * t];

/** The quads of one line's characters as one, measured along the line's direction (so any rotation, either way). */
function runQuads(quads: readonly mupdf.Quad[], direction: mupdf.Point): RunQuads {
  const length = Math.hypot(direction[0], direction[1]) || 1;
  const u: Vec = [direction[0] / length, direction[1] / length];
  // Across the line, downwards in page space for level text.
  const v: Vec = [-u[1], u[0]];
  let sMin = Infinity, sMax = -Infinity, tMin = Infinity, tMax = -Infinity;
  let firstWidth = 0, lastWidth = 0;
  for (const q of quads) {
    let qMin = Infinity, qMax = -Infinity;
    for (let i = 0; i < 8; i += 2) {
      const p: Vec = [q[i]!, q[i + 1]!];
      const s = dot(p, u);
      const t = dot(p, v);
      qMin = Math.min(qMin, s);
      qMax = Math.max(qMax, s);
      tMin = Math.min(tMin, t);
      tMax = Math.max(tMax, t);
    }
    if (qMin < sMin) [sMin, firstWidth] = [qMin, qMax - qMin];
    if (qMax > sMax) [sMax, lastWidth] = [qMax, qMax - qMin];
  }
  const quad = (s0: number, s1: number, t0: number, t1: number): mupdf.Quad => [
    ...along(u, v, s0, t0),
    ...along(u, v, s1, t0),
    ...along(u, v, s0, t1),
    ...along(u, v, s1, t1),
  ] as mupdf.Quad;
  const height = tMax - tMin;
  return {
    cover: quad(sMin, sMax, tMin, tMax),
    remove: quad(sMin + END_INSET * firstWidth, sMax - END_INSET * lastWidth, tMin + EDGE_INSET * height, tMax - EDGE_INSET * height),
  };
}

/** The text of the characters over any of the rectangles, a string for each stretch of a line. */
export function textUnder(page: PageText, rects: readonly mupdf.Rect[]): string[] {
  const runs: string[] = [];
  let run = "";
  let line = -1;
  const close = () => {
    if (run.trim() !== "") runs.push(run.trim());
    run = "";
  };
  for (let u = 0; u < page.text.length; u++) {
    const index = page.unitChar[u]!;
    const char = index >= 0 ? page.chars[index]! : undefined;
    const [x0, y0, x1, y1] = char ? quadBounds(char.quad) : [0, 0, 0, 0];
    const over = char !== undefined && rects.some((r) => Math.max(x0, r[0]) < Math.min(x1, r[2]) && Math.max(y0, r[1]) < Math.min(y1, r[3]));
    if (!over || char.line !== line) close();
    if (over) {
      run += page.text[u];
      line = char.line;
    }
  }
  close();
  return runs;
}

/** The smallest rectangle holding a quad. */
export function quadBounds(q: mupdf.Quad): mupdf.Rect {
  const xs = [q[0], q[2], q[4], q[6]];
  const ys = [q[1], q[3], q[5], q[7]];
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

export function rectQuad([x0, y0, x1, y1]: mupdf.Rect): mupdf.Quad {
  return [x0, y0, x1, y0, x0, y1, x1, y1];
}
