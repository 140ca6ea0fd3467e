/**
 * Displayed formulas have no faithful text form: their characters are set apart, raised, lowered and stacked
 * (fractions, sums, roots), and read as lines they come out as scattered symbols. The lines that make one up are
 * found here so that the page's picture of them takes their place in a rebuilt document, with their characters
 * kept as the picture's description. Formulas inside a sentence stay text.
 */

type Box = [number, number, number, number];

export interface FormulaSpan {
  text: string;
  font: string;
}

export interface FormulaLine {
  bbox: Box;
  spans: readonly FormulaSpan[];
}

/** A block of lines as the text extraction grouped them (a paragraph, or a formula set apart). */
export interface FormulaBlock {
  bbox: Box;
  lines: readonly FormulaLine[];
}

export interface FormulaRegion {
  bbox: Box;
  /** The formula's characters in reading order, for the picture's description. */
  text: string;
  /** The lines inside it, which leave the text. */
  lines: ReadonlySet<FormulaLine>;
}

/**
 * Fonts that set mathematics only: TeX's math italics, symbols and extensions, the AMS and other symbol sets, and
 * OpenType math fonts (Cambria Math, STIX Two Math, Latin Modern Math...).
 */
const MATH_FONT = /^(?:cmmi|cmsy|cmex|cmbsy|msbm|msam|eufm|eusm|rsfs|esint|stmary|wasy|mtmi|mtsy|mtex|txsy|txex|pxsy|pxex|symbol)|math/i;
/** Mathematical operators and letters in any font: the Unicode math symbols and the mathematical alphanumerics. */
const MATH_CHAR = /[\p{Sm}\u{1D400}-\u{1D7FF}]/u;
/** A word of prose: three letters or more. */
const WORD = /\p{L}{3,}/gu;

/** A line of a displayed formula is at least this share mathematics... */
const MATH_SHARE = 0.5;
/** ...and has at most this many words of prose outside math fonts ("for", "and", "if"). */
const MAX_PROSE_WORDS = 1;
/** A displayed formula starts this many text sizes right of its paragraph's left edge, or stands as a block alone. */
const INDENT_EMS = 2;
/** A piece of a formula (a raised exponent, a fraction's numerator) sits this close to it, in text sizes. */
const REACH_EMS = 0.6;
/** A formula with fewer mathematical characters than this is a symbol in a table or a list, not worth a picture. */
const MIN_MATH_CHARS = 3;
/** A page of more lines than this is not looked at: joining pieces costs the square of the lines. */
const MAX_LINES = 4000;
/** At most this many formulas a page become pictures: past that the page is a formula sheet and stays text. */
const MAX_FORMULAS = 40;

interface Measured {
  line: FormulaLine;
  /** Set apart from the text: indented within its block, or in a block of formula lines only. */
  apart: boolean;
  ink: number;
  math: number;
  proseWords: number;
}

function measure(line: FormulaLine): Omit<Measured, "apart"> {
  let ink = 0;
  let math = 0;
  let proseWords = 0;
  for (const span of line.spans) {
    const mathFont = MATH_FONT.test(span.font.replace(/^[A-Z]{6}\+/, ""));
    for (const c of span.text) {
      if (c.trim() === "") continue;
      ink++;
      if (mathFont || MATH_CHAR.test(c)) math++;
    }
    if (!mathFont) proseWords += span.text.match(WORD)?.length ?? 0;
  }
  return { line, ink, math, proseWords };
}

const union = (a: Box, b: Box): Box => [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];

/** Whether a line belongs with a formula's box: overlapping it, or just above or below it within its width. */
function joins(box: Box, line: Box): boolean {
  const reach = (line[3] - line[1]) * REACH_EMS;
  const overlapsX = line[0] < box[2] && box[0] < line[2];
  const overlapsY = line[1] < box[3] && box[1] < line[3];
  const nearY = line[1] - reach <= box[3] && box[1] - reach <= line[3];
  // Beside it on the same height: an equation's number, "(2.1)", or a part set as a line of its own.
  return (overlapsX && nearY) || (overlapsY && (line[0] - box[2] < reach * 8 || box[0] - line[2] < reach * 8));
}

const mostlyMath = (m: Omit<Measured, "apart">) => m.ink > 0 && m.math / m.ink >= MATH_SHARE && m.proseWords <= MAX_PROSE_WORDS;

/** The lines of a block, each measured and told whether it stands apart from the block's text. */
function measureBlock(block: FormulaBlock): Measured[] {
  const lines = block.lines.map(measure);
  const alone = lines.every((m) => mostlyMath(m) || m.proseWords === 0);
  return lines.map((m) => ({ ...m, apart: alone || m.line.bbox[0] - block.bbox[0] >= (m.line.bbox[3] - m.line.bbox[1]) * INDENT_EMS }));
}

/** Share of a line's box at its top and bottom that is room for accents and descenders rather than letters. */
const LINE_MARGIN = 0.2;

/**
 * A formula's box kept off the text around it: line boxes overlap their neighbours by their font's ascent and
 * descent, so a box grown by them would show a slice of the next line.
 */
function clearOfNeighbours(box: Box, others: readonly Measured[]): Box {
  const [x0, , x1] = box;
  let [, top, , bottom] = box;
  const middle = (top + bottom) / 2;
  for (const { line } of others) {
    const [lx0, ly0, lx1, ly1] = line.bbox;
    if (lx1 <= x0 || lx0 >= x1 || ly1 <= top || ly0 >= bottom) continue;
    const margin = (ly1 - ly0) * LINE_MARGIN;
    if ((ly0 + ly1) / 2 > middle) bottom = Math.min(bottom, ly0 + margin);
    else top = Math.max(top, ly1 - margin);
  }
  return top < bottom ? [x0, top, x1, bottom] : box;
}

/**
 * The displayed formulas among a page's blocks: lines set apart from the text, mostly of mathematics and nearly
 * without prose, joined with the short pieces around them (exponents, limits, numerators set as lines of their
 * own) into one box each. A formula that ends or continues a sentence's line stays in the sentence.
 */
export function formulaRegions(blocks: readonly FormulaBlock[]): FormulaRegion[] {
  const measured = blocks.flatMap(measureBlock);
  if (measured.length > MAX_LINES) return [];
  const isFormula = (m: Measured) => m.apart && mostlyMath(m);
  // Pieces: lines without prose that may belong to a formula next to them, but do not make one alone.
  const isPiece = (m: Measured) => m.proseWords === 0;
  const taken = new Set<Measured>();
  const regions: Array<{ box: Box; members: Measured[] }> = [];
  for (const seed of measured) {
    if (taken.has(seed) || !isFormula(seed)) continue;
    const region = { box: [...seed.line.bbox] as Box, members: [seed] };
    taken.add(seed);
    for (let grew = true; grew; ) {
      grew = false;
      for (const m of measured) {
        if (taken.has(m) || !(isFormula(m) || isPiece(m)) || !joins(region.box, m.line.bbox)) continue;
        region.box = union(region.box, m.line.bbox);
        region.members.push(m);
        taken.add(m);
        grew = true;
      }
    }
    regions.push(region);
  }
  return regions
    .filter((r) => r.members.reduce((sum, m) => sum + m.math, 0) >= MIN_MATH_CHARS)
    .slice(0, MAX_FORMULAS)
    .map(({ box, members }) => {
      const others = measured.filter((m) => !taken.has(m));
      const ordered = [...members].sort((a, b) => a.line.bbox[1] - b.line.bbox[1] || a.line.bbox[0] - b.line.bbox[0]);
      return {
        bbox: clearOfNeighbours(box, others),
        text: ordered.map((m) => m.line.spans.map((s) => s.text).join("").trim()).join(" "),
        lines: new Set(members.map((m) => m.line)),
      };
    });
}
