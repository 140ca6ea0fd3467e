import path from "node:path";
import type { z } from "zod";
import type { spreadsheetConvertOptions } from "../../catalog/options/convert.js";
import { plainText, type DocNode } from "../convert/layout-analysis.js";
import { readDocument } from "../convert/read-document.js";
import { parseCell, readingOf } from "../convert/cell-values.js";
import { writeXlsx, type CellValue, type Sheet, type SheetMerge } from "../convert/xlsx.js";
import { qualityNotApplied } from "../convert/quality-note.js";
import { stemOf } from "../../pdf-ops/names.js";
import type { Processor } from "../work/types.js";
import { msg } from "../i18n/message.js";

type SpreadsheetConvertOptions = z.infer<typeof spreadsheetConvertOptions>;

/**
 * Tables found from text positions, as an Excel workbook. With preserveSpreadsheetLayout each page is a sheet
 * holding its tables and text in reading order; without it each table is a sheet of its own. Numbers are stored
 * as numbers; with detectFormulas a last row that totals the rows above becomes a SUM formula.
 */
export const pdfToExcel: Processor<SpreadsheetConvertOptions> = async ({ files, options }, ctx) => {
  const { pdf, model, notes } = await readDocument(
    files[0]!,
    { pageRange: options.pageRange, detectTables: true, includeImages: false, ocrEnabled: options.ocrEnabled },
    ctx,
  );
  let formulas = 0;
  type Table = Extract<DocNode, { type: "table" }>;
  const tableRows = (table: Table): CellValue[][] => {
    // Header rows: the first, and as many more as a merged cell starting in it spans.
    const header = Math.max(1, ...(table.merges ?? []).filter((m) => m.row === 0).map((m) => m.rows));
    const reading = readingOf(table.rows.slice(header).flat());
    const cells = table.rows.map((row, r) =>
      row.map((text, c): CellValue => {
        const typed = r >= header ? parseCell(text, reading) : undefined;
        const fill = table.fills?.[r]?.[c] ? { fill: table.fills[r]![c]! } : {};
        return typed ? { kind: "number", value: typed.value, format: typed.format, ...fill } : { kind: "text", text, bold: r < header, ...fill };
      }),
    );
    if (options.detectFormulas) formulas += totalsToFormulas(cells, header);
    return cells;
  };
  const sheets: Sheet[] = [];
  const tables = model.nodes.filter((n): n is Table => n.type === "table");
  if (options.preserveSpreadsheetLayout || tables.length === 0) {
    for (const page of [...new Set(model.nodes.map((n) => n.page))]) {
      const rows: CellValue[][] = [];
      const merges: SheetMerge[] = [];
      for (const node of model.nodes.filter((n) => n.page === page)) {
        if (node.type === "table") {
          // Each table is a region of its own, one empty row below the text or table before it.
          const offset = rows.length;
          const cells = tableRows(node);
          // Formulas and merges refer to rows of the table; on a page sheet the table starts further down.
          rows.push(...cells.map((row) => row.map((c) => (c.kind === "sum" ? { ...c, fromRow: c.fromRow + offset, toRow: c.toRow + offset } : c))));
          merges.push(...(node.merges ?? []).map((m) => ({ ...m, row: m.row + offset })));
          rows.push([]);
        } else if (node.type === "list") rows.push(...node.items.map((item): CellValue[] => [{ kind: "text", text: plainText(item) }]));
        else if (node.type !== "image") rows.push([{ kind: "text", text: plainText(node.runs), bold: node.type === "heading" }]);
      }
      sheets.push({ name: `Page ${page}`, rows, merges });
    }
    if (!options.preserveSpreadsheetLayout) notes.push(msg("excel.noTables"));
  } else {
    tables.forEach((table, i) => sheets.push({ name: `Table ${i + 1} (page ${table.page})`, rows: tableRows(table), merges: table.merges }));
  }
  if (sheets.length === 0) sheets.push({ name: "Sheet", rows: [] });
  const out = path.join(ctx.workDir, "tables.xlsx");
  await writeXlsx(sheets, out);
  ctx.progress(1);
  const sheetsWritten = msg(options.preserveSpreadsheetLayout ? "excel.sheetsPerPage" : "excel.sheetsPerTable", { count: sheets.length });
  const summary = options.detectFormulas
    ? msg("excel.foundWithFormulas", { count: tables.length, sheets: sheetsWritten, formulas: msg("excel.formulas", { count: formulas }) })
    : msg("excel.found", { count: tables.length, sheets: sheetsWritten });
  notes.push(...qualityNotApplied(options.quality, "workbook"));
  return { files: [{ path: out, name: `${stemOf(pdf.name)}.xlsx` }], message: [summary, ...notes] };
};

/**
 * Where a table's last row holds, in a column of numbers, the sum of the numbers above it (to the cent), that
 * cell becomes a SUM formula over them. Returns how many were found.
 */
function totalsToFormulas(rows: CellValue[][], header: number): number {
  if (rows.length < header + 2) return 0;
  const last = rows.length - 1;
  let found = 0;
  rows[last]!.forEach((cell, c) => {
    if (cell.kind !== "number") return;
    const above = rows.slice(header, last).map((row) => row[c]);
    if (!above.every((a) => a?.kind === "number")) return;
    const sum = above.reduce((total, a) => total + (a as { value: number }).value, 0);
    if (Math.abs(sum - cell.value) < 0.005) {
      rows[last]![c] = { kind: "sum", value: cell.value, format: cell.format, column: c, fromRow: header, toRow: last - 1, ...(cell.fill ? { fill: cell.fill } : {}) };
      found++;
    }
  });
  return found;
}
