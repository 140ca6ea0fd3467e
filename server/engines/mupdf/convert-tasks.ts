import fs from "node:fs";
import type { RenderColor } from "../../../pdf-ops/render/page-images.js";
import * as mupdf from "mupdf";
import { fittedDpi } from "../../../pdf-ops/render/page-pixels.js";
import { drawingRegions, renderCrop, withLabels } from "./drawing-crops.js";
import { placeFormFields, type FieldStyle } from "./form-fields.js";
import { formulaRegions } from "./formula-regions.js";
import { pageDrawsText } from "./text-presence.js";
import { hexColor, readPageVectors, type PageFill, type PageRule } from "./page-rules.js";
import { paintOverText } from "./scan-cleaning.js";

/**
 * MuPDF work for the Convert tools, run in the worker threads like the tasks in tasks.ts (which spreads these in).
 * Files go by path; results are plain data.
 */

type Progress = (fraction: number) => void;

function openPdf(path: string): mupdf.PDFDocument {
  const pdf = mupdf.Document.openDocument(path, "application/pdf").asPDF();
  if (!pdf) throw new Error("not a PDF document");
  if (pdf.needsPassword()) throw new Error("password required");
  return pdf;
}

/** The colour model a page is rendered in; "gray" also serves black-and-white, which is thresholded afterwards. */
export type { RenderColor };
/** MuPDF encodes JPEG and PNG itself; "raw" leaves packed pixels for the main thread to encode (TIFF, 1-bit). */
export type RenderEncoding = "jpeg" | "png" | "raw";

export interface RenderedPage {
  /** One-based page number. */
  page: number;
  path: string;
  width: number;
  height: number;
  channels: number;
  dpi: number;
}

const COLOR_SPACES: Record<RenderColor, mupdf.ColorSpace> = {
  rgb: mupdf.ColorSpace.DeviceRGB,
  cmyk: mupdf.ColorSpace.DeviceCMYK,
  gray: mupdf.ColorSpace.DeviceGray,
};

/** A run of characters sharing font, size and colour. */
export interface LayoutSpan {
  text: string;
  font: string;
  size: number;
  bold: boolean;
  italic: boolean;
  mono: boolean;
  /** "rrggbb". */
  color: string;
  /** Left and right edges, for finding table columns. */
  x0: number;
  x1: number;
  /** Smaller and raised above its line (a footnote mark, an exponent) or lowered below it (an index). */
  script?: "super" | "sub";
}

export interface LayoutLine {
  bbox: [number, number, number, number];
  spans: LayoutSpan[];
  /** Set in a vertical writing mode: the characters run down the page. */
  vertical?: boolean;
}

export type LayoutBlock =
  | {
      kind: "text";
      bbox: [number, number, number, number];
      lines: LayoutLine[];
      /** The value of a form field (typed in, chosen or ticked), not text the page itself draws. */
      formField?: boolean;
    }
  | {
      kind: "image";
      bbox: [number, number, number, number];
      path: string;
      width: number;
      height: number;
      /** A render of vector drawings (with any text over them), not a picture from the file. */
      drawing?: boolean;
      /** What the picture shows in words: a rendered formula's characters. */
      alt?: string;
      /** Where the picture stands on the printed page, when bbox is in a frame turned for reading (vertical text). */
      pageBox?: [number, number, number, number];
    };

export interface LayoutPage {
  width: number;
  height: number;
  blocks: LayoutBlock[];
  /** Pictures left out for their size. */
  skippedImages: number;
  /** Horizontal and vertical lines drawn on the page: the borders of ruled tables. */
  rules: PageRule[];
  /** Areas of other vector shapes (parts of charts, diagrams, shading). */
  drawings: Array<[number, number, number, number]>;
  /** Rectangles filled with a colour: table cell shading, a shaded paragraph or box, a page background. */
  fills: PageFill[];
}

/** Top-level outline entries that point into the document, for chapters. */
export interface LayoutChapter {
  title: string;
  /** Zero-based page. */
  page: number;
}

/** Images smaller than this on either side are rules, bullets or specks, not pictures. */
const MIN_IMAGE_SIDE = 12;
/** A gap between characters of one line wider than this many text sizes separates two pieces of text: word
 * spaces, even stretched in justified lines, stay below it. */
const CELL_GAP_EMS = 1.5;
/** Pictures with more pixels are left out of documents: decoding one would take the worker's memory. */
const MAX_IMAGE_PIXELS = 50_000_000;
/** JPEG quality for photographs: the PDF's own JPEG decoded and encoded again, with no visible loss. */
const PHOTO_JPEG_QUALITY = 90;

/**
 * A picture as PNG, or as JPEG when that takes less than half the bytes: a photograph (which the PDF most likely
 * held as JPEG) grows many times over as PNG, while drawings, screenshots and scans of text stay PNG, sharp and
 * often smaller. Pictures with transparency stay PNG, which keeps it.
 */
function pictureBytes(pixmap: mupdf.Pixmap): { data: Uint8Array; extension: "png" | "jpg" } {
  const png = pixmap.asPNG();
  if (pixmap.getAlpha()) return { data: png, extension: "png" };
  const jpeg = pixmap.asJPEG(PHOTO_JPEG_QUALITY, false);
  return jpeg.length * 2 < png.length ? { data: jpeg, extension: "jpg" } : { data: png, extension: "png" };
}

/** Room left and right of a formula's characters, for the ends of strokes (line boxes have room above and below). */
const FORMULA_PAD = 1.5;

/** Below this share of its line's text size a span may be a superscript or a subscript. */
const SCRIPT_SIZE = 0.9;
/** A span whose baseline is this share of its line's text size above the line's is raised. */
const RAISED = 0.15;
/** ...and this share below it, lowered. */
const LOWERED = 0.1;

/** Marks the spans set smaller than their line and off its baseline as superscripts or subscripts. */
function markScripts(line: LayoutLine, baselines: ReadonlyMap<LayoutSpan, number>): void {
  if (line.vertical) return;
  const main = line.spans.reduce<LayoutSpan | undefined>((best, s) => (!best || s.size > best.size || (s.size === best.size && s.text.length > best.text.length) ? s : best), undefined);
  const base = main && baselines.get(main);
  if (!main || base === undefined) return;
  for (const span of line.spans) {
    const y = baselines.get(span);
    if (span === main || y === undefined || span.size >= main.size * SCRIPT_SIZE || span.text.trim() === "") continue;
    if (y < base - main.size * RAISED) span.script = "super";
    else if (y > base + main.size * LOWERED) span.script = "sub";
  }
}

/**
 * Whether a character's box has no width along its baseline (whichever way the line runs): the second character of
 * a ligature glyph, which MuPDF gives none.
 */
const zeroWidth = (quad: mupdf.Quad) => Math.hypot(quad[2] - quad[0], quad[3] - quad[1]) < 0.01;
/** Accents and vowel marks: they have no width of their own and always follow their letter. */
const MARK = /^\p{M}/u;

function removeEmptyTextBlocks(blocks: LayoutBlock[]): void {
  for (let i = blocks.length - 1; i >= 0; i--) {
    const block = blocks[i]!;
    if (block.kind === "text" && block.lines.length === 0) blocks.splice(i, 1);
  }
}

function readPageLayout(page: mupdf.PDFPage, imageDir: string | undefined, prefix: string): LayoutPage {
  const [x0, y0, x1, y1] = page.getBounds();
  const blocks: LayoutBlock[] = [];
  let block: Extract<LayoutBlock, { kind: "text" }> | undefined;
  let line: LayoutLine | undefined;
  let span: LayoutSpan | undefined;
  /** Right edge of the line's last visible character. */
  let inkRight = -Infinity;
  let imageCount = 0;
  let skippedImages = 0;
  const { rules, drawings, fills } = readPageVectors(page);
  const verticals = rules.filter((r) => r.dir === "v");
  /** Whether a vertical rule runs between x0 and x1 at height y: a table's column border parts two cells. */
  const ruledApart = (x0: number, x1: number, y: number) => verticals.some((r) => r.x0 > x0 && r.x0 < x1 && r.y0 <= y && r.y1 >= y);
  const stext = page.toStructuredText(imageDir ? "preserve-whitespace,preserve-images" : "preserve-whitespace");
  /** Each span's baseline, for telling superscripts from the line's text. */
  const baselines = new Map<LayoutSpan, number>();
  const addChar = (c: string, origin: mupdf.Point, font: mupdf.Font, size: number, quad: mupdf.Quad, color: mupdf.Color) => {
    if (!line || c === "\uFFFD") return;
    const name = font.getName().replace(/^[A-Z]{6}\+/, "");
    const hex = hexColor(color);
    const rounded = Math.round(size * 10) / 10;
    const left = Math.min(quad[0], quad[4]);
    const right = Math.max(quad[2], quad[6]);
    const ink = c.trim() !== "";
    // A wide gap inside a line separates cells of a table (or columns MuPDF put on one line): it starts a new
    // span, so that the layout analysis sees where each piece of text begins.
    const apart = ink && span !== undefined && (left - inkRight > size * CELL_GAP_EMS || ruledApart(inkRight, left, (quad[1] + quad[5]) / 2));
    if (span && !apart && span.font === name && span.size === rounded && span.color === hex) {
      span.text += c;
      span.x1 = Math.max(span.x1, right);
      if (ink) inkRight = right;
      return;
    }
    inkRight = ink ? right : left;
    const lower = name.toLowerCase();
    span = {
      text: c,
      font: name,
      size: rounded,
      bold: font.isBold() || /bold|black|heavy|semibold/.test(lower),
      italic: font.isItalic() || /italic|oblique/.test(lower),
      mono: font.isMono() || /mono|courier|consol/.test(lower),
      color: hex,
      x0: left,
      x1: right,
    };
    baselines.set(span, origin[1]);
    line.spans.push(span);
  };
  /**
   * A ligature of a right-to-left script (lam-alef in Arabic) is one glyph for two letters: MuPDF gives its second
   * letter no width and, in reordering the line, puts it before the first. It waits here for the letter whose
   * glyph it shares, and follows it.
   */
  let held: Parameters<typeof addChar> | undefined;
  const release = () => {
    if (held) addChar(...held);
    held = undefined;
  };
  stext.walk({
    onImageBlock(bbox, _transform, image) {
      if (!imageDir) return;
      const [bx0, by0, bx1, by1] = bbox;
      if (bx1 - bx0 < MIN_IMAGE_SIDE || by1 - by0 < MIN_IMAGE_SIDE) return;
      if (image.getWidth() * image.getHeight() > MAX_IMAGE_PIXELS) {
        skippedImages++;
        return;
      }
      let pixmap = image.toPixmap();
      const n = pixmap.getNumberOfComponents();
      // PNG holds grey and RGB; CMYK and other models are converted for it.
      if (n !== 1 && n !== 3) pixmap = pixmap.convertToColorSpace(mupdf.ColorSpace.DeviceRGB, Boolean(pixmap.getAlpha()));
      const { data, extension } = pictureBytes(pixmap);
      const path = `${imageDir}/${prefix}-${++imageCount}.${extension}`;
      fs.writeFileSync(path, data);
      blocks.push({ kind: "image", bbox: [bx0, by0, bx1, by1], path, width: pixmap.getWidth(), height: pixmap.getHeight() });
    },
    beginTextBlock(bbox) {
      block = { kind: "text", bbox: [bbox[0], bbox[1], bbox[2], bbox[3]], lines: [] };
    },
    beginLine(bbox, wmode, direction) {
      line = { bbox: [bbox[0], bbox[1], bbox[2], bbox[3]], spans: [] };
      if (wmode === 1 || (Math.abs(direction[0]) < 0.1 && direction[1] > 0.9)) line.vertical = true;
      span = undefined;
      inkRight = -Infinity;
    },
    onChar(c, origin, font, size, quad, color, bidi) {
      const args: Parameters<typeof addChar> = [c, origin, font, size, quad, color];
      if (held) {
        const first = held;
        held = undefined;
        const sharesGlyph = Math.abs(Math.max(quad[2], quad[6]) - Math.min(first[4][0], first[4][4])) < 0.5;
        // Text given as a whole (an ActualText) comes as characters all without width: nothing to reorder.
        if (sharesGlyph && !zeroWidth(quad)) {
          addChar(...args);
          addChar(...first);
          return;
        }
        addChar(...first);
      }
      if (bidi % 2 === 1 && c.trim() !== "" && !MARK.test(c) && zeroWidth(quad)) held = args;
      else addChar(...args);
    },
    endLine() {
      release();
      if (line) markScripts(line, baselines);
      if (line && block && line.spans.some((s) => s.text.trim() !== "")) block.lines.push(line);
      line = undefined;
    },
    endTextBlock() {
      if (block && block.lines.length > 0) blocks.push(block);
      block = undefined;
    },
  });
  if (imageDir) {
    // Made on the first picture to render: most pages have none.
    let list: mupdf.DisplayList | undefined;
    const content = () => (list ??= page.toDisplayList(true));
    for (const formula of formulaRegions(blocks.filter((b) => b.kind === "text"))) {
      const path = `${imageDir}/${prefix}-formula-${++imageCount}.png`;
      const [fx0, fy0, fx1, fy1] = formula.bbox;
      const box: [number, number, number, number] = [Math.max(x0, fx0 - FORMULA_PAD), Math.max(y0, fy0), Math.min(x1, fx1 + FORMULA_PAD), Math.min(y1, fy1)];
      const { width, height } = renderCrop(content(), box, path);
      blocks.push({ kind: "image", bbox: box, path, width, height, alt: formula.text });
      for (const b of blocks) if (b.kind === "text") b.lines = b.lines.filter((l) => !formula.lines.has(l));
    }
    removeEmptyTextBlocks(blocks);
    // The drawings are placed among the page's pictures; the layout analysis decides which stay pictures.
    const lines = rules.map((r): [number, number, number, number] => [r.x0, r.y0, r.x1, r.y1]);
    const texts = blocks.flatMap((b) => (b.kind === "text" ? b.lines.map((l) => ({ bbox: l.bbox, text: l.spans.map((sp) => sp.text).join("") })) : []));
    for (const box of withLabels(drawingRegions(drawings, lines, [x0, y0, x1, y1]), texts)) {
      const path = `${imageDir}/${prefix}-drawing-${++imageCount}.png`;
      const { width, height } = renderCrop(content(), box, path);
      blocks.push({ kind: "image", bbox: box, path, width, height, drawing: true });
    }
    list?.destroy();
  }
  placeFormFields(page, blocks, bodyStyle(blocks), x1 - x0);
  return { width: x1 - x0, height: y1 - y0, blocks, skippedImages, rules, drawings, fills };
}

/** The font, size and colour most of a page's characters are set in; a common default on a page without text. */
function bodyStyle(blocks: readonly LayoutBlock[]): FieldStyle {
  const counts = new Map<string, { style: FieldStyle; characters: number }>();
  for (const block of blocks) {
    if (block.kind !== "text") continue;
    for (const { font, size, color, text } of block.lines.flatMap((l) => l.spans)) {
      const key = `${font}/${size}/${color}`;
      const entry = counts.get(key) ?? { style: { font, size, color }, characters: 0 };
      entry.characters += text.length;
      counts.set(key, entry);
    }
  }
  const most = [...counts.values()].sort((a, b) => b.characters - a.characters)[0];
  return most?.style ?? { font: "Helvetica", size: 10, color: "000000" };
}

export interface SlidePage extends LayoutPage {
  /** The page drawn without its text, as JPEG, for the slide's background. */
  background: string;
}

/**
 * Draws a page leaving out its text: a device that passes every drawing call on to a pixmap except the ones that
 * paint glyphs. Text used as a clipping path is still passed on, so that clips and their pops stay paired.
 */
function renderWithoutText(page: mupdf.PDFPage, scale: number): mupdf.Pixmap {
  const matrix = mupdf.Matrix.scale(scale, scale);
  const bbox = mupdf.Rect.transform(page.getBounds(), matrix).map(Math.round) as [number, number, number, number];
  const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, bbox, false);
  pixmap.clear(255);
  const draw = new mupdf.DrawDevice(mupdf.Matrix.identity, pixmap);
  const filter = new mupdf.Device({
    // The callbacks receive colours as plain arrays; the drawing device takes the same values typed as Color.
    fillPath: (path, evenOdd, ctm, cs, color, alpha) => draw.fillPath(path, evenOdd, ctm, cs, color as mupdf.Color, alpha),
    strokePath: (path, stroke, ctm, cs, color, alpha) => draw.strokePath(path, stroke, ctm, cs, color as mupdf.Color, alpha),
    clipPath: (...a) => draw.clipPath(...a),
    clipStrokePath: (...a) => draw.clipStrokePath(...a),
    clipText: (...a) => draw.clipText(...a),
    clipStrokeText: (...a) => draw.clipStrokeText(...a),
    fillShade: (...a) => draw.fillShade(...a),
    fillImage: (...a) => draw.fillImage(...a),
    fillImageMask: (image, ctm, cs, color, alpha) => draw.fillImageMask(image, ctm, cs, color as mupdf.Color, alpha),
    clipImageMask: (...a) => draw.clipImageMask(...a),
    popClip: () => draw.popClip(),
    beginMask: (area, luminosity, cs, color) => draw.beginMask(area, luminosity, cs, color as mupdf.Color),
    endMask: () => draw.endMask(),
    beginGroup: (...a) => draw.beginGroup(...a),
    endGroup: () => draw.endGroup(),
    beginTile: (...a) => draw.beginTile(...a),
    endTile: () => draw.endTile(),
  });
  page.run(filter, matrix);
  filter.close();
  draw.close();
  return pixmap;
}

export const convertTasks = {
  /**
   * Whether any of the given zero-based pages has a text layer, looked at before any picture is read: the answer
   * for the first page that has one ends the look.
   */
  anyPageDrawsText(args: { input: string; pages: number[] }): { text: boolean } {
    const doc = openPdf(args.input);
    return { text: args.pages.some((index) => pageDrawsText(doc.loadPage(index) as mupdf.PDFPage)) };
  },

  /** For slides: each page's background without its text (JPEG at dpi), and its text as positioned blocks. */
  readSlides(
    args: { input: string; outDir: string; pages: number[]; dpi: number; quality: number; cleanText?: boolean },
    progress: Progress,
  ): { pages: SlidePage[] } {
    const doc = openPdf(args.input);
    const pages = args.pages.map((index, i) => {
      const page = doc.loadPage(index) as mupdf.PDFPage;
      const layout = readPageLayout(page, undefined, "");
      const [x0, y0, x1, y1] = page.getBounds();
      // A poster-sized page is drawn coarser rather than into an image of billions of pixels.
      const scale = fittedDpi(x1 - x0, y1 - y0, args.dpi) / 72;
      const pixmap = renderWithoutText(page, scale);
      // A scan read with OCR: the text boxes carry its words, so their picture is taken out of the background.
      if (args.cleanText) paintOverText(pixmap, layout.blocks.flatMap((b) => (b.kind === "text" ? b.lines.map((l) => l.bbox) : [])), scale);
      const background = `${args.outDir}/slide-${index + 1}.jpg`;
      fs.writeFileSync(background, pixmap.asJPEG(args.quality, false));
      pixmap.destroy();
      progress((i + 1) / args.pages.length);
      return { ...layout, background };
    });
    return { pages };
  },

  /**
   * The text of the given zero-based pages as blocks, lines and styled spans in MuPDF's reading order, with the
   * pictures written as PNG into imageDir when one is given; and the outline's top-level entries.
   */
  readLayout(args: { input: string; pages: number[]; imageDir?: string }, progress: Progress): { pages: LayoutPage[]; chapters: LayoutChapter[] } {
    const doc = openPdf(args.input);
    const pages = args.pages.map((index, i) => {
      const layout = readPageLayout(doc.loadPage(index) as mupdf.PDFPage, args.imageDir, `page-${index + 1}`);
      progress((i + 1) / args.pages.length);
      return layout;
    });
    const chapters: LayoutChapter[] = [];
    for (const item of doc.loadOutline() ?? []) {
      let page = -1;
      try {
        page = item.uri ? doc.resolveLink(item.uri) : -1;
      } catch {
        // An entry pointing outside the document names no chapter.
      }
      if (item.title && page >= 0) chapters.push({ title: item.title, page });
    }
    return { pages, chapters };
  },

  /**
   * Renders the given zero-based pages at dpi (lowered for a page that would exceed maxPixels, so that a poster-sized
   * page cannot exhaust the worker's memory) and writes one file per page into outDir.
   */
  renderPages(
    args: { input: string; outDir: string; pages: number[]; dpi: number; color: RenderColor; encoding: RenderEncoding; quality: number; maxPixels: number },
    progress: Progress,
  ): { pages: RenderedPage[] } {
    const doc = openPdf(args.input);
    const out: RenderedPage[] = [];
    args.pages.forEach((index, i) => {
      const page = doc.loadPage(index);
      const [x0, y0, x1, y1] = page.getBounds();
      const dpi = fittedDpi(x1 - x0, y1 - y0, args.dpi, args.maxPixels);
      const scale = dpi / 72;
      // No alpha: a page is opaque paper, and neither JPEG nor a CMYK image can carry transparency.
      const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), COLOR_SPACES[args.color], false, true);
      // Written into the PNG and JPEG headers, so that the image prints at the page's size.
      pixmap.setResolution(dpi, dpi);
      const width = pixmap.getWidth();
      const height = pixmap.getHeight();
      const channels = pixmap.getNumberOfComponents();
      const base = `${args.outDir}/page-${index + 1}`;
      let path: string;
      if (args.encoding === "jpeg") {
        path = `${base}.jpg`;
        // CMYK JPEGs are written inverted, the Adobe convention that Photoshop and every browser expect.
        fs.writeFileSync(path, pixmap.asJPEG(args.quality, args.color === "cmyk"));
      } else if (args.encoding === "png") {
        path = `${base}.png`;
        fs.writeFileSync(path, pixmap.asPNG());
      } else {
        path = `${base}.raw`;
        const stride = pixmap.getStride();
        const samples = pixmap.getPixels();
        const packed = Buffer.alloc(width * height * channels);
        for (let y = 0; y < height; y++) packed.set(samples.subarray(y * stride, y * stride + width * channels), y * width * channels);
        fs.writeFileSync(path, packed);
      }
      pixmap.destroy();
      out.push({ page: index + 1, path, width, height, channels, dpi });
      progress((i + 1) / args.pages.length);
    });
    return { pages: out };
  },

  /**
   * Writes each page as an SVG drawing. Text becomes outlines ("text=path") because an SVG cannot carry the PDF's
   * embedded fonts: as live text it would be drawn in whatever font the viewer substitutes.
   */
  pagesToSvg(args: { input: string; outDir: string; pages: number[] }, progress: Progress): { paths: string[] } {
    const doc = openPdf(args.input);
    const paths: string[] = [];
    args.pages.forEach((index, i) => {
      const page = doc.loadPage(index);
      const buffer = new mupdf.Buffer();
      const writer = new mupdf.DocumentWriter(buffer, "svg", "text=path,no-reuse-images");
      const device = writer.beginPage(page.getBounds());
      page.run(device, mupdf.Matrix.identity);
      writer.endPage();
      writer.close();
      const path = `${args.outDir}/page-${index + 1}.svg`;
      fs.writeFileSync(path, buffer.asUint8Array());
      paths.push(path);
      progress((i + 1) / args.pages.length);
    });
    return { paths };
  },
};
