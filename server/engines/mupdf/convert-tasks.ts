import fs from "node:fs";
import * as mupdf from "mupdf";

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
export type RenderColor = "rgb" | "cmyk" | "gray";
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

export const convertTasks = {
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
      const points = Math.max(1, (x1 - x0) * (y1 - y0));
      const dpi = Math.min(args.dpi, Math.floor(72 * Math.sqrt(args.maxPixels / points)));
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
