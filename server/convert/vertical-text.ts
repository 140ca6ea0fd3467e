import type { LayoutBlock, LayoutLine, LayoutPage, LayoutSpan } from "../engines/mupdf/convert-tasks.js";
import type { PageRule } from "../engines/mupdf/page-rules.js";
import type { Box } from "./geometry.js";

/**
 * Chinese, Japanese and Korean may be set vertically: characters run down the page in columns that follow one
 * another from right to left. A page set so is turned a quarter for reading (the top of the page to the left, its
 * right edge to the top), so that its columns become lines read top to bottom, each from left to right, and the
 * rest of the layout analysis reads it like any page. Some producers draw such text as one glyph a line; those
 * stacks of single characters are joined into the column they make first.
 */

/** A page is read turned when at least this share of its characters stand in vertical lines. */
const VERTICAL_SHARE = 0.6;
/** A stack needs this many characters: two glyphs one above the other are as often a fraction or a label. */
const MIN_STACK = 3;

type MutableBox = [number, number, number, number];

const charsOf = (line: LayoutLine) => line.spans.reduce((n, s) => n + [...s.text.trim()].length, 0);

/** The scripts set vertically, and their punctuation. */
const VERTICAL_SCRIPT = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}\u3000-\u303F\uFF00-\uFFEF]$/u;
const glyphLine = (line: LayoutLine) => !line.vertical && VERTICAL_SCRIPT.test(line.spans.map((s) => s.text).join("").trim());

/** Whether b sits right under a, in the same column (punctuation sits off the column's middle, but within it). */
function stacked(a: LayoutLine, b: LayoutLine): boolean {
  const centre = (b.bbox[0] + b.bbox[2]) / 2;
  const size = a.bbox[3] - a.bbox[1];
  const gap = b.bbox[1] - a.bbox[3];
  return centre >= a.bbox[0] - 1 && centre <= a.bbox[2] + 1 && gap > -size * 0.5 && gap < size * 0.8;
}

/** Lines of one glyph stacked in a column become one vertical line; other lines stay. */
function joinStacks(lines: readonly LayoutLine[]): LayoutLine[] {
  const out: LayoutLine[] = [];
  let stack: LayoutLine[] = [];
  const flush = () => {
    if (stack.length >= MIN_STACK) {
      const bbox: MutableBox = [Math.min(...stack.map((l) => l.bbox[0])), stack[0]!.bbox[1], Math.max(...stack.map((l) => l.bbox[2])), stack[stack.length - 1]!.bbox[3]];
      out.push({ bbox, spans: stack.flatMap((l) => l.spans), vertical: true });
    } else out.push(...stack);
    stack = [];
  };
  for (const line of lines) {
    if (!glyphLine(line)) {
      flush();
      out.push(line);
      continue;
    }
    const last = stack[stack.length - 1];
    if (last && !stacked(last, line)) flush();
    stack.push(line);
  }
  flush();
  return out;
}

/** A box of the page in the turned frame: x runs down the page, y from the page's right edge leftwards. */
function turned(b: Box, pageWidth: number): MutableBox {
  return [b[1], pageWidth - b[2], b[3], pageWidth - b[0]];
}

/** A vertical line in the turned frame: one span a run of characters in one style, placed along the column. */
function turnedLine(line: LayoutLine, pageWidth: number): LayoutLine {
  const bbox = turned(line.bbox, pageWidth);
  if (!line.vertical) return { ...line, bbox, spans: line.spans.map((s) => ({ ...s, x0: bbox[0], x1: bbox[2] })) };
  // Spans are laid along the column in proportion to their characters; neighbours in one style become one.
  const spans: LayoutSpan[] = [];
  const unit = (bbox[2] - bbox[0]) / Math.max(1, line.spans.reduce((n, s) => n + [...s.text].length, 0));
  let x = bbox[0];
  for (const span of line.spans) {
    const x1 = x + unit * [...span.text].length;
    const last = spans[spans.length - 1];
    if (last && last.font === span.font && last.size === span.size && last.color === span.color && last.bold === span.bold && last.italic === span.italic) {
      last.text += span.text;
      last.x1 = x1;
    } else spans.push({ ...span, x0: x, x1 });
    x = x1;
  }
  return { bbox, spans };
}

function turnedRule(rule: PageRule, pageWidth: number): PageRule {
  const [x0, y0, x1, y1] = turned([rule.x0, rule.y0, rule.x1, rule.y1], pageWidth);
  return { dir: rule.dir === "h" ? "v" : "h", x0, y0, x1, y1 };
}

/** A glyph left alone in a block of its own (a column's closing punctuation) joins the column it ends. */
function joinStrays(blocks: LayoutBlock[]): void {
  const columns = blocks.flatMap((b) => (b.kind === "text" ? b.lines.filter((l) => l.vertical) : []));
  for (const block of blocks) {
    if (block.kind !== "text") continue;
    block.lines = block.lines.filter((line) => {
      if (!glyphLine(line)) return true;
      const column = columns.find((c) => c !== line && stacked(c, line));
      if (!column) return true;
      column.spans.push(...line.spans);
      column.bbox = [Math.min(column.bbox[0], line.bbox[0]), column.bbox[1], Math.max(column.bbox[2], line.bbox[2]), line.bbox[3]];
      return false;
    });
  }
}

/**
 * Producers of vertical text make each column a block of its own; turned, those are lines of one paragraph. Blocks
 * of text that follow one another closely, starting at the same edge, become one block again, so that paragraphs
 * are told apart by their own lines (the last one short), as in horizontal text.
 */
function joinAdjacentColumns(blocks: LayoutBlock[]): LayoutBlock[] {
  const out: LayoutBlock[] = [];
  let previous: Extract<LayoutBlock, { kind: "text" }> | undefined;
  for (const block of [...blocks].sort((a, b) => a.bbox[1] - b.bbox[1])) {
    if (block.kind !== "text") {
      out.push(block);
      continue;
    }
    const lastLine = previous?.lines[previous.lines.length - 1];
    const firstLine = block.lines[0];
    const size = lastLine ? lastLine.bbox[3] - lastLine.bbox[1] : 0;
    if (previous && lastLine && firstLine && firstLine.bbox[1] - lastLine.bbox[3] < size && Math.abs(firstLine.bbox[0] - lastLine.bbox[0]) < 2 * size) {
      previous.lines.push(...block.lines);
      previous.bbox = [Math.min(previous.bbox[0], block.bbox[0]), previous.bbox[1], Math.max(previous.bbox[2], block.bbox[2]), block.bbox[3]];
      continue;
    }
    previous = { ...block, lines: [...block.lines] };
    out.push(previous);
  }
  return out;
}

/** The page turned for reading if it is set vertically; otherwise the page as it is. */
export function readableOrientation(page: LayoutPage): LayoutPage {
  const blocks = page.blocks.map((b): LayoutBlock => (b.kind === "text" ? { ...b, lines: joinStacks(b.lines) } : b));
  joinStrays(blocks);
  let vertical = 0;
  let all = 0;
  for (const b of blocks)
    if (b.kind === "text")
      for (const l of b.lines) {
        const n = charsOf(l);
        all += n;
        if (l.vertical) vertical += n;
      }
  if (all === 0 || vertical < all * VERTICAL_SHARE) return page;
  const w = page.width;
  const turnedBlocks = blocks.filter((b) => b.kind !== "text" || b.lines.length > 0).map((b): LayoutBlock =>
    b.kind === "text"
      ? { kind: "text", bbox: turned(b.bbox, w), lines: b.lines.map((l) => turnedLine(l, w)) }
      : { ...b, bbox: turned(b.bbox, w), pageBox: b.pageBox ?? b.bbox },
  );
  return {
    ...page,
    width: page.height,
    height: page.width,
    blocks: joinAdjacentColumns(turnedBlocks),
    rules: page.rules.map((r) => turnedRule(r, w)),
    drawings: page.drawings.map((d) => turned(d, w)),
    fills: page.fills.map((f) => ({ ...f, box: turned(f.box, w) })),
  };
}
