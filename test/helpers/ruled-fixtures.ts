import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "@cantoo/pdf-lib";

/**
 * PDFs drawn the way report generators draw tables: text placed in cells and the cells' borders as vector lines,
 * with a header cell spanning two columns and one spanning two rows, cells padded so tightly that their text does
 * not line up in clear gaps; beside it, on another page, two columns of prose parted by a vertical rule between
 * horizontal rules (a layout, not a table). What a converter must find is returned beside the bytes.
 */

export interface RuledContent {
  /** Page three: a paragraph, a bar chart drawn with vectors (its labels are text), a paragraph, a shaded box. */
  chart: { before: string; after: string; labels: string[]; shaded: string };
  /** The table as grid rows: a merged cell's text in its first grid cell, the cells it covers empty. */
  table: string[][];
  merges: Array<{ row: number; col: number; rows: number; cols: number }>;
  prose: string[];
}

const PROSE = [
  "The committee met twice during the spring to review the proposals submitted by the regional offices and agreed that the budget for the coming year should follow the same priorities as before.",
  "Several members asked for clearer reporting of how funds are spent in the field, and the secretary promised a short summary of every project to accompany the accounts published each quarter.",
  "Questions about travel costs were deferred to the autumn meeting, when the new rules on reimbursement will have been in force long enough for their effect to be judged fairly by everyone.",
  "Finally the chair thanked the volunteers who organised the open day, which drew more visitors than any event the association has held since it moved into its present building downtown.",
];

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

function rule(page: PDFPage, x0: number, y0: number, x1: number, y1: number): void {
  page.drawLine({ start: { x: x0, y: y0 }, end: { x: x1, y: y1 }, thickness: 0.75, color: rgb(0, 0, 0) });
}

export async function makeRuledTablePdf(): Promise<{ data: Uint8Array; content: RuledContent }> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([595, 842]);
  page.drawText("Annual sales by region", { x: 60, y: 780, size: 16, font: bold });
  const intro = "The table below lists the sales of each region in the last two years and its share of the total.";
  wrap(intro, font, 11, 470).forEach((l, i) => page.drawText(l, { x: 60, y: 750 - i * 14, size: 11, font }));

  const table = [
    ["Region", "Sales in euro", "", "Share of total"],
    ["", "2023", "2024", ""],
    ["North", "1,250.50", "1,400.00", "12.5%"],
    ["South and East", "2,000.25", "2,310.75", "20.6%"],
    ["West", "310.00", "415.10", "3.7%"],
    ["Central", "6,800.00", "7,080.15", "63.2%"],
  ];
  const merges = [
    { row: 0, col: 0, rows: 2, cols: 1 },
    { row: 0, col: 1, rows: 1, cols: 2 },
    { row: 0, col: 3, rows: 2, cols: 1 },
  ];
  const xs = [60, 150, 232, 314, 400];
  const top = 710;
  const rowHeight = 18;
  const ys = table.map((_, r) => top - r * rowHeight).concat(top - table.length * rowHeight);
  const covered = (r: number, c: number) => merges.some((m) => r >= m.row && r < m.row + m.rows && c >= m.col && c < m.col + m.cols && !(r === m.row && c === m.col));
  table.forEach((row, r) =>
    row.forEach((text, c) => {
      if (!text || covered(r, c)) return;
      const m = merges.find((x) => x.row === r && x.col === c);
      const f = r < 2 ? bold : font;
      const size = 10;
      const right = xs[c + (m?.cols ?? 1)]!;
      const bottom = ys[r + (m?.rows ?? 1)]!;
      // Numbers are set flush right, 3 points from the border: cells sit close together.
      const numeric = r >= 2 && c >= 1;
      const x = numeric ? right - 3 - f.widthOfTextAtSize(text, size) : xs[c]! + 3;
      page.drawText(text, { x, y: (ys[r]! + bottom) / 2 - 3.5, size, font: f });
    }),
  );
  // Borders: every row edge and column edge, except where a merged cell runs across it.
  for (let r = 0; r <= table.length; r++)
    for (let c = 0; c < xs.length - 1; c++) if (r === 0 || r === table.length || !merges.some((m) => m.col <= c && c < m.col + m.cols && m.row < r && r < m.row + m.rows)) rule(page, xs[c]!, ys[r]!, xs[c + 1]!, ys[r]!);
  for (let c = 0; c < xs.length; c++)
    for (let r = 0; r < table.length; r++) if (c === 0 || c === xs.length - 1 || !merges.some((m) => m.row <= r && r < m.row + m.rows && m.col < c && c < m.col + m.cols)) rule(page, xs[c]!, ys[r]!, xs[c]!, ys[r + 1]!);
  page.drawText("Figures are unaudited.", { x: 60, y: ys[table.length]! - 24, size: 11, font });

  // Page two: minutes set in two columns with a rule between them, between rules across the page.
  const minutes = doc.addPage([595, 842]);
  minutes.drawText("Minutes of the spring meetings", { x: 60, y: 780, size: 16, font: bold });
  rule(minutes, 60, 765, 535, 765);
  const colWidth = 225;
  let bottom = 760;
  [0, 1].forEach((col) => {
    let y = 750;
    for (const paragraph of PROSE.slice(col * 2, col * 2 + 2)) {
      for (const line of wrap(paragraph, font, 10.5, colWidth)) {
        minutes.drawText(line, { x: 60 + col * 250, y, size: 10.5, font });
        y -= 13.5;
      }
      y -= 8;
    }
    bottom = Math.min(bottom, y);
  });
  rule(minutes, 297.5, 762, 297.5, bottom);
  rule(minutes, 60, bottom - 3, 535, bottom - 3);
  const chart = drawChartPage(doc.addPage([595, 842]), font, bold);
  return { data: await doc.save(), content: { table, merges, prose: PROSE, chart } };
}

function drawChartPage(page: PDFPage, font: PDFFont, bold: PDFFont): RuledContent["chart"] {
  const before = "Revenue grew in every quarter of the year, most strongly in the third, when the new catalogue appeared.";
  const after = "The fourth quarter was held back by delivery problems that have since been solved with a second supplier.";
  const shaded = "Note to readers: all amounts are stated in thousands of euro and include the sales of the online shop.";
  page.drawText("Results in charts", { x: 60, y: 780, size: 16, font: bold });
  wrap(before, font, 11, 470).forEach((l, i) => page.drawText(l, { x: 60, y: 750 - i * 14, size: 11, font }));
  // The chart: axes, gridlines, four coloured bars, tick labels and a title, all inside one area.
  const [left, bottom, plotWidth, plotHeight] = [100, 470, 360, 200];
  for (let i = 0; i <= 4; i++) {
    page.drawLine({ start: { x: left, y: bottom + i * 50 }, end: { x: left + plotWidth, y: bottom + i * 50 }, thickness: 0.4, color: rgb(0.8, 0.8, 0.8) });
    page.drawText(String(i * 50), { x: left - 22, y: bottom + i * 50 - 3, size: 8, font });
  }
  page.drawLine({ start: { x: left, y: bottom }, end: { x: left, y: bottom + plotHeight }, thickness: 1, color: rgb(0, 0, 0) });
  const labels = ["Winter", "Spring", "Summer", "Autumn"];
  const values = [120, 150, 190, 130];
  const colours = [rgb(0.2, 0.4, 0.8), rgb(0.3, 0.7, 0.3), rgb(0.9, 0.6, 0.1), rgb(0.8, 0.2, 0.2)];
  labels.forEach((label, i) => {
    page.drawRectangle({ x: left + 30 + i * 85, y: bottom, width: 50, height: values[i]!, color: colours[i]! });
    page.drawText(label, { x: left + 36 + i * 85, y: bottom - 14, size: 8, font });
  });
  page.drawText("Revenue per season", { x: left + 120, y: bottom + plotHeight + 10, size: 9, font: bold });
  wrap(after, font, 11, 470).forEach((l, i) => page.drawText(l, { x: 60, y: 420 - i * 14, size: 11, font }));
  // A shaded box behind a paragraph: the text stays text.
  page.drawRectangle({ x: 55, y: 330, width: 480, height: 44, color: rgb(0.9, 0.93, 1) });
  wrap(shaded, font, 11, 460).forEach((l, i) => page.drawText(l, { x: 62, y: 358 - i * 14, size: 11, font }));
  return { before, after, labels: [...labels, "Revenue per season"], shaded };
}

/**
 * A table set the way LaTeX's booktabs sets it: no vertical rules, a heavy rule above and below and a light one
 * under the header, columns of text left-aligned and of numbers right-aligned, one empty cell and cells of
 * several words; a paragraph before and after it. Its cells come back with the bytes.
 */
export async function makeBooktabsPdf(): Promise<{ data: Uint8Array; table: string[][]; prose: string[] }> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const bold = await doc.embedFont(StandardFonts.TimesRomanBold);
  const page = doc.addPage([595, 842]);
  const prose = [PROSE[0]!, PROSE[1]!];
  wrap(prose[0]!, font, 11, 470).forEach((l, i) => page.drawText(l, { x: 60, y: 770 - i * 14, size: 11, font }));
  const table = [
    ["Harbour", "Berths", "Depth (m)", "Cargo handled"],
    ["North quay", "12", "9.5", "Grain and timber"],
    ["Old harbour", "7", "", "Fishing boats only"],
    ["Salt marsh pier", "3", "4.2", "Ferries"],
    ["River mouth", "21", "11.0", "Containers and bulk"],
  ];
  const xs = [60, 190, 260, 340];
  const rights = [0, 230, 310, 0];
  let y = 700;
  const line = (thickness: number) => page.drawLine({ start: { x: 56, y }, end: { x: 500, y }, thickness, color: rgb(0, 0, 0) });
  line(1);
  table.forEach((row, r) => {
    y -= 15;
    row.forEach((text, c) => {
      if (!text) return;
      const f = r === 0 ? bold : font;
      const x = rights[c] ? rights[c]! - f.widthOfTextAtSize(text, 10) : xs[c]!;
      page.drawText(text, { x, y, size: 10, font: f });
    });
    y -= 5;
    if (r === 0) line(0.5);
  });
  line(1);
  wrap(prose[1]!, font, 11, 470).forEach((l, i) => page.drawText(l, { x: 60, y: y - 30 - i * 14, size: 11, font }));
  return { data: await doc.save(), table, prose };
}
