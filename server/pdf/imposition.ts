import { SHEET_POINTS, type NUpOptions } from "../../catalog/options/n-up.js";
import type { Imposition } from "../engines/mupdf/n-up-tasks.js";

const MM = 72 / 25.4;

/** Columns and rows of an n-up grid on a portrait sheet; a landscape sheet swaps them. */
const PORTRAIT_GRID: Record<NUpOptions["pagesPerSheet"], [number, number]> = {
  2: [1, 2],
  4: [2, 2],
  6: [2, 3],
  9: [3, 3],
  16: [4, 4],
};

interface Layout {
  sheet: [number, number];
  cols: number;
  rows: number;
}

function layoutFor(options: NUpOptions, landscape: boolean): Layout {
  const [w, h] = SHEET_POINTS[options.sheetSize];
  const [cols, rows] = PORTRAIT_GRID[options.pagesPerSheet];
  return landscape ? { sheet: [h, w], cols: rows, rows: cols } : { sheet: [w, h], cols, rows };
}

/** How large a page of width × height comes out in a cell of the layout. */
function fitScale({ sheet, cols, rows }: Layout, margin: number, [width, height]: [number, number]): number {
  const cellW = (sheet[0] - (cols + 1) * margin) / cols;
  const cellH = (sheet[1] - (rows + 1) * margin) / rows;
  return Math.min(cellW / Math.max(1, width), cellH / Math.max(1, height));
}

/** The cell (row by row from the top left) of the k-th page on a sheet, in the chosen order. */
function cellOf(k: number, { cols, rows }: Layout, order: NUpOptions["order"]): number {
  switch (order) {
    case "down-then-across":
      return (k % rows) * cols + Math.floor(k / rows);
    case "right-to-left":
      return Math.floor(k / cols) * cols + (cols - 1 - (k % cols));
    default:
      return k;
  }
}

/**
 * Where every page goes. N-up: `pagesPerSheet` pages a sheet in the chosen order, the orientation picked (when
 * automatic) so that the first page comes out largest. Booklet: landscape sheets, two pages a side, in saddle-stitch
 * order (the last and first page on the first side's outside), padded with blank pages to a multiple of four.
 */
export function imposition(options: NUpOptions, pageCount: number, firstPage: [number, number]): Imposition {
  const margin = options.margin * MM;
  if (options.mode === "booklet") {
    const [w, h] = SHEET_POINTS[options.sheetSize];
    const padded = Math.ceil(pageCount / 4) * 4;
    const page = (i: number) => (i < pageCount ? i : -1);
    const sheets: number[][] = [];
    for (let s = 0; s < padded / 4; s++) {
      sheets.push([page(padded - 1 - 2 * s), page(2 * s)]);
      sheets.push([page(2 * s + 1), page(padded - 2 - 2 * s)]);
    }
    return { sheet: [h, w], cols: 2, rows: 1, margin, borders: options.borders, sheets };
  }
  const portrait = layoutFor(options, false);
  const landscape = layoutFor(options, true);
  const layout =
    options.orientation === "portrait"
      ? portrait
      : options.orientation === "landscape"
        ? landscape
        : fitScale(landscape, margin, firstPage) > fitScale(portrait, margin, firstPage) + 1e-9
          ? landscape
          : portrait;
  const perSheet = layout.cols * layout.rows;
  const sheets: number[][] = [];
  for (let first = 0; first < pageCount; first += perSheet) {
    const cells = new Array<number>(perSheet).fill(-1);
    for (let k = 0; k < perSheet && first + k < pageCount; k++) cells[cellOf(k, layout, options.order)] = first + k;
    sheets.push(cells);
  }
  return { ...layout, margin, borders: options.borders, sheets };
}
