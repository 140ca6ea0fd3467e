import fs from "node:fs";
import * as mupdf from "mupdf";
import { fittedDpi } from "../../../pdf-ops/render/page-pixels.js";
import { savePdf } from "./documents.js";
import { surroundPageContent } from "./page-content.js";

/**
 * MuPDF work around OCR: images (every frame of a TIFF too) become PDF pages, pages are checked for existing
 * text, and the recognised text is read back with its positions for the Word, Excel and text-PDF outputs.
 */

/** Resolutions that image files state when nobody knew better (screen defaults), so they are not believed. */
const PLACEHOLDER_DPI = new Set([72, 96]);

export interface RecognisedLine {
  text: string;
  /** Points, origin at the top left of the page. */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface RecognisedPage {
  width: number;
  height: number;
  lines: RecognisedLine[];
}

interface StextJson {
  blocks: Array<{ type: string; lines?: Array<{ text: string; bbox: { x: number; y: number; w: number; h: number } }> }>;
}

export const ocrTasks = {
  /**
   * Writes each frame of an image file as one PDF page showing the image at its resolution. Images that state no
   * real resolution are taken at `fallbackDpi`, so that Tesseract sees letters of a sensible size in points.
   */
  imageToPdf(args: { input: string; mime: string; output: string; fallbackDpi: number }) {
    const doc = mupdf.Document.openDocument(args.input, args.mime);
    const pages = doc.countPages();
    if (pages === 0) throw new Error("the image has no frames");
    const first = new mupdf.Image(fs.readFileSync(args.input));
    // OCRmyPDF's own limit for a page picture; larger ones are decompression bombs more often than scans.
    if (first.getWidth() * first.getHeight() > MAX_IMAGE_PIXELS) throw new Error("too many pixels");
    const buffer = new mupdf.Buffer();
    const writer = new mupdf.DocumentWriter(buffer, "pdf", "compress");
    let assumedDpi = false;
    for (let i = 0; i < pages; i++) {
      const page = doc.loadPage(i);
      // MuPDF lays an image page out at the image's stated resolution (its own placeholder when there is none).
      const layout = layoutDpi(page);
      const believable = !PLACEHOLDER_DPI.has(Math.round(layout)) && layout >= 50 && layout <= 2400;
      if (!believable) assumedDpi = true;
      const scale = believable ? 1 : layout / args.fallbackDpi;
      const [x0, y0, x1, y1] = page.getBounds();
      const device = writer.beginPage([0, 0, (x1 - x0) * scale, (y1 - y0) * scale]);
      page.run(device, mupdf.Matrix.scale(scale, scale));
      writer.endPage();
    }
    writer.close();
    fs.writeFileSync(args.output, buffer.asUint8Array());
    return { pages, assumedDpi };
  },

  /**
   * Straightens crooked scans before recognition. Tesseract 5 reports no skew angle to OCRmyPDF (its --deskew
   * does nothing here), so each listed page is measured and its content turned about the page centre, which
   * both Tesseract and the visitor then see straight.
   */
  deskewPages(args: { input: string; output: string; pages: number[] }, progress: (fraction: number) => void) {
    const doc = openPdfDocument(args.input);
    const turned: Array<{ page: number; degrees: number }> = [];
    for (const [done, index] of args.pages.entries()) {
      if (done % 10 === 0) progress(done / args.pages.length);
      const page = doc.loadPage(index) as mupdf.PDFPage;
      // A page shown turned by /Rotate would be measured in its turned view; such pages are left alone.
      if (page.getObject().getInheritable("Rotate").valueOf()) continue;
      const angle = skewAngle(page);
      if (Math.abs(angle) < MIN_SKEW_DEGREES) continue;
      turnContent(doc, page, angle);
      turned.push({ page: index, degrees: Math.round(angle * 10) / 10 });
    }
    savePdf(doc, args.output, "compress");
    return { turned };
  },

  /** Zero-based numbers of the pages that already have text (any character that is not white space). */
  pagesWithText(args: { input: string }): { pages: number[] } {
    const doc = mupdf.Document.openDocument(args.input, "application/pdf");
    const withText: number[] = [];
    for (let i = 0, n = doc.countPages(); i < n; i++) {
      const text = doc.loadPage(i).toStructuredText("preserve-whitespace").asText();
      if (/\S/.test(text)) withText.push(i);
    }
    return { pages: withText };
  },

  /** The text lines of each page with their boxes, as MuPDF groups the recognised words. */
  recognisedLines(args: { input: string }): { pages: RecognisedPage[] } {
    const doc = mupdf.Document.openDocument(args.input, "application/pdf");
    const pages: RecognisedPage[] = [];
    for (let i = 0, n = doc.countPages(); i < n; i++) {
      const page = doc.loadPage(i);
      const [x0, y0, x1, y1] = page.getBounds();
      const json = JSON.parse(page.toStructuredText("preserve-whitespace").asJSON()) as StextJson;
      const lines = json.blocks
        .flatMap((b) => (b.type === "text" ? (b.lines ?? []) : []))
        .filter((l) => l.text.trim() !== "")
        .map((l) => ({ text: l.text.trim(), x0: l.bbox.x, y0: l.bbox.y, x1: l.bbox.x + l.bbox.w, y1: l.bbox.y + l.bbox.h }));
      pages.push({ width: x1 - x0, height: y1 - y0, lines });
    }
    return { pages };
  },
};

const MAX_IMAGE_PIXELS = 250_000_000;
const MIN_SKEW_DEGREES = 0.2;
const MAX_SKEW_DEGREES = 10;
const SKEW_RENDER_DPI = 100;
/** Every dark pixel is kept as a coordinate pair while measuring: a huge page is measured on fewer pixels. */
const SKEW_MAX_PIXELS = 8_000_000;

function openPdfDocument(path: string): mupdf.PDFDocument {
  const pdf = mupdf.Document.openDocument(path, "application/pdf").asPDF();
  if (!pdf) throw new Error("not a PDF document");
  return pdf;
}

/**
 * The angle of the text lines in degrees, clockwise as seen: dark pixels are projected onto rows along slanted
 * lines, and the slant that packs them into the fewest, fullest rows (largest sum of squared row counts) is the
 * slant of the lines. Searched coarse (half degrees) and then fine (twentieths).
 */
function skewAngle(page: mupdf.Page): number {
  const [x0, y0, x1, y1] = page.getBounds();
  // Measured on a coarser picture where a huge page would otherwise need billions of pixels.
  const scale = fittedDpi(x1 - x0, y1 - y0, SKEW_RENDER_DPI, SKEW_MAX_PIXELS) / 72;
  const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceGray, false, false);
  const width = pixmap.getWidth();
  const height = pixmap.getHeight();
  const stride = pixmap.getStride();
  const pixels = pixmap.getPixels();
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (pixels[y * stride + x]! < 128) {
        xs.push(x);
        ys.push(y);
      }
    }
  }
  pixmap.destroy();
  if (xs.length < 200) return 0;
  const packing = (degrees: number) => {
    const slope = Math.tan((degrees * Math.PI) / 180);
    const rows = new Map<number, number>();
    for (let i = 0; i < xs.length; i++) {
      const row = Math.round(ys[i]! - xs[i]! * slope);
      rows.set(row, (rows.get(row) ?? 0) + 1);
    }
    let sum = 0;
    for (const n of rows.values()) sum += n * n;
    return sum;
  };
  const best = (from: number, to: number, step: number) => {
    let angle = 0;
    let score = -1;
    for (let a = from; a <= to + 1e-9; a += step) {
      const s = packing(a);
      if (s > score) [angle, score] = [a, s];
    }
    return angle;
  };
  const coarse = best(-MAX_SKEW_DEGREES, MAX_SKEW_DEGREES, 0.5);
  return best(coarse - 0.5, coarse + 0.5, 0.05);
}

/**
 * Wraps the page's content in a turn by `degrees` counter-clockwise about the page centre (PDF space has y up,
 * so a line seen sloping down to the right by that angle comes out level).
 */
function turnContent(doc: mupdf.PDFDocument, page: mupdf.PDFPage, degrees: number): void {
  const [x0, y0, x1, y1] = page.getBounds();
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  const r = (degrees * Math.PI) / 180;
  const [c, s] = [Math.cos(r), Math.sin(r)];
  const e = cx - cx * c + cy * s;
  const f = cy - cx * s - cy * c;
  const n = (v: number) => v.toFixed(6);
  surroundPageContent(doc, page.getObject(), `q ${n(c)} ${n(s)} ${n(-s)} ${n(c)} ${n(e)} ${n(f)} cm\n`, "\nQ\n");
}

/** The resolution MuPDF laid the image page out at: the only image on the page, its pixels over its points. */
function layoutDpi(page: mupdf.Page): number {
  let dpi = 96;
  const device = new mupdf.Device({
    fillImage(image: mupdf.Image, ctm: mupdf.Matrix) {
      const widthPt = Math.hypot(ctm[0], ctm[1]);
      if (widthPt > 0) dpi = (image.getWidth() * 72) / widthPt;
    },
  });
  page.run(device, mupdf.Matrix.identity);
  device.close();
  return dpi;
}
