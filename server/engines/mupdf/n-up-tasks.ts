import * as mupdf from "mupdf";
import { openPdf, savePdf } from "./documents.js";
import { intersect, pageRotation, rectOf, type Rect } from "./page-rects.js";

type Progress = (fraction: number) => void;
type Matrix = [number, number, number, number, number, number];

/** How the pages sit on each sheet; all sizes in points. */
export interface Imposition {
  sheet: [number, number];
  cols: number;
  rows: number;
  margin: number;
  borders: boolean;
  /** For each sheet, the zero-based source page in each cell (cells row by row from the top left); -1 leaves it empty. */
  sheets: number[][];
}


/** Maps a box, turned by /Rotate (clockwise, as viewers show it), onto (0, 0)–(width, height) as seen. */
function seenMatrix([x0, y0, x1, y1]: Rect, rotate: number): { m: Matrix; width: number; height: number } {
  const w = x1 - x0;
  const h = y1 - y0;
  switch (rotate) {
    case 90:
      return { m: [0, -1, 1, 0, -y0, x1], width: h, height: w };
    case 180:
      return { m: [-1, 0, 0, -1, x1, y1], width: w, height: h };
    case 270:
      return { m: [0, 1, -1, 0, y1, -x0], width: h, height: w };
    default:
      return { m: [1, 0, 0, 1, -x0, -y0], width: w, height: h };
  }
}

/** A number for a content stream: four decimals at most, no trailing zeros, never an exponent (page sizes are far below 1e21). */
const num = (v: number) => String(Number(v.toFixed(4)));

/** A page as a form XObject of the new document: its content, its resources grafted over, clipped to its crop box. */
function pageAsForm(src: mupdf.PDFDocument, dst: mupdf.PDFDocument, graft: mupdf.PDFGraftMap, index: number) {
  const page = src.findPage(index);
  const media = rectOf(page.getInheritable("MediaBox")) ?? [0, 0, 612, 792];
  const crop = rectOf(page.getInheritable("CropBox"));
  const box = crop ? intersect(crop, media) : media;
  const rotate = pageRotation(page);
  const contents = page.get("Contents");
  const parts = contents.isArray() ? Array.from({ length: contents.length }, (_, i) => contents.get(i)) : [contents];
  // Copied at once: the view is into MuPDF's memory, which the next allocation may move.
  const chunks = parts.filter((p) => p.isStream()).map((p) => p.readStream().asUint8Array().slice());
  const data = new Uint8Array(chunks.reduce((n, c) => n + c.length + 1, 0));
  let at = 0;
  for (const chunk of chunks) {
    data.set(chunk, at);
    data[at + chunk.length] = 0x0a;
    at += chunk.length + 1;
  }
  const resources = page.getInheritable("Resources");
  const form = dst.addStream(data, {
    Type: "XObject",
    Subtype: "Form",
    BBox: box,
    Resources: resources.isDictionary() ? graft.graftObject(resources) : dst.newDictionary(),
  });
  return { form, ...seenMatrix(box, rotate) };
}

export const nUpTasks = {
  /**
   * Lays the source pages onto new sheets as the imposition says, each page scaled to fit its cell (aspect kept,
   * centred) and turned as it is seen. Annotations and form fields are drawn into their pages first, so the
   * sheets show them.
   */
  imposePages(args: { input: string; output: string; imposition: Imposition }, progress: Progress) {
    const src = openPdf(args.input);
    src.bake(true, true);
    const dst = new mupdf.PDFDocument();
    const graft = dst.newGraftMap();
    const forms = new Map<number, ReturnType<typeof pageAsForm>>();
    const { sheet, cols, rows, margin, borders } = args.imposition;
    const [sheetW, sheetH] = sheet;
    const cellW = (sheetW - 2 * margin - (cols - 1) * margin) / cols;
    const cellH = (sheetH - 2 * margin - (rows - 1) * margin) / rows;
    args.imposition.sheets.forEach((cells, s) => {
      const xobjects: Record<string, mupdf.PDFObject> = {};
      const ops: string[] = [];
      cells.forEach((index, cell) => {
        if (index < 0) return;
        let placed = forms.get(index);
        if (!placed) {
          placed = pageAsForm(src, dst, graft, index);
          forms.set(index, placed);
        }
        const col = cell % cols;
        const row = Math.floor(cell / cols);
        const scale = Math.min(cellW / Math.max(1e-3, placed.width), cellH / Math.max(1e-3, placed.height));
        const w = placed.width * scale;
        const h = placed.height * scale;
        const x = margin + col * (cellW + margin) + (cellW - w) / 2;
        const y = sheetH - margin - row * (cellH + margin) - cellH + (cellH - h) / 2;
        const [a, b, c, d, e, f] = placed.m;
        const name = `P${cell}`;
        xobjects[name] = placed.form;
        ops.push(`q ${[a * scale, b * scale, c * scale, d * scale, e * scale + x, f * scale + y].map(num).join(" ")} cm /${name} Do Q`);
        if (borders) ops.push(`q 0.5 w 0 G ${[x, y, w, h].map(num).join(" ")} re S Q`);
      });
      const resources = dst.newDictionary();
      resources.put("XObject", xobjects);
      const pageObj = dst.addPage([0, 0, sheetW, sheetH], 0, resources, ops.join("\n"));
      dst.insertPage(-1, pageObj);
      if (s % 5 === 4) progress((s + 1) / args.imposition.sheets.length);
    });
    savePdf(dst, args.output, "garbage=compact,compress");
    return { sheets: args.imposition.sheets.length };
  },
};
