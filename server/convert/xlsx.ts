import { createWriteStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import yazl from "yazl";
import { escapeHtml as escapeXml } from "./html.js";

/**
 * A minimal SpreadsheetML workbook: sheets of rows, where numbers and dates are stored as numbers with the display
 * format the PDF showed (decimals, thousands separators, percentages, currencies, dates), text as inline strings,
 * a bold header where asked, merged cells where a table merged them, and SUM formulas where a cell was found to
 * total the cells above it.
 */

/** fill: the cell's background colour ("rrggbb"), where the PDF shaded it. */
export type CellValue = (
  | { kind: "text"; text: string; bold?: boolean }
  | { kind: "number"; value: number; format: string }
  | { kind: "sum"; value: number; format: string; column: number; fromRow: number; toRow: number }
) & { fill?: string };

export interface SheetMerge {
  row: number;
  col: number;
  rows: number;
  cols: number;
}

export interface Sheet {
  name: string;
  rows: CellValue[][];
  merges?: SheetMerge[];
}

/** Excel's built-in number formats by code; any other code is declared in the workbook's styles. */
const BUILT_IN_FORMATS: Record<string, number> = { General: 0, "0": 1, "0.00": 2, "#,##0": 3, "#,##0.00": 4, "0%": 9, "0.00%": 10 };
const FIRST_CUSTOM_FORMAT = 164;

/** The look of a cell: its number format, bold text, background colour. */
interface CellStyle {
  format: string;
  bold: boolean;
  fill: string;
}

/** The cell styles a workbook uses, numbered in order of first use (0 is plain text). */
class Styles {
  private readonly styles: CellStyle[] = [{ format: "General", bold: false, fill: "" }];
  private readonly byKey = new Map<string, number>([["General||", 0]]);

  indexOf(style: CellStyle): number {
    const key = `${style.format}|${style.bold ? "b" : ""}|${style.fill}`;
    let index = this.byKey.get(key);
    if (index === undefined) {
      index = this.styles.push(style) - 1;
      this.byKey.set(key, index);
    }
    return index;
  }

  xml(): string {
    const custom = [...new Set(this.styles.map((s) => s.format).filter((f) => BUILT_IN_FORMATS[f] === undefined))];
    const customId = new Map(custom.map((f, i) => [f, FIRST_CUSTOM_FORMAT + i]));
    const numFmts = custom.length > 0 ? `<numFmts count="${custom.length}">${custom.map((f) => `<numFmt numFmtId="${customId.get(f)}" formatCode="${escapeXml(f)}"/>`).join("")}</numFmts>` : "";
    // Fills 0 and 1 are the two Excel requires (none, and the grey125 pattern); the cells' own colours follow.
    const colours = [...new Set(this.styles.map((s) => s.fill).filter(Boolean))];
    const fills = ['<fill><patternFill patternType="none"/></fill>', '<fill><patternFill patternType="gray125"/></fill>', ...colours.map((c) => `<fill><patternFill patternType="solid"><fgColor rgb="FF${c.toUpperCase()}"/><bgColor indexed="64"/></patternFill></fill>`)];
    const xfs = this.styles.map((s) => {
      const numFmtId = BUILT_IN_FORMATS[s.format] ?? customId.get(s.format);
      const fillId = s.fill ? 2 + colours.indexOf(s.fill) : 0;
      const applied = `${numFmtId ? ' applyNumberFormat="1"' : ""}${s.bold ? ' applyFont="1"' : ""}${fillId ? ' applyFill="1"' : ""}`;
      return `<xf numFmtId="${numFmtId}" fontId="${s.bold ? 1 : 0}" fillId="${fillId}" borderId="0" xfId="0"${applied}/>`;
    });
    return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${numFmts}<fonts count="2"><font><sz val="11"/><name val="Liberation Sans"/></font><font><b/><sz val="11"/><name val="Liberation Sans"/></font></fonts><fills count="${fills.length}">${fills.join("")}</fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="${xfs.length}">${xfs.join("")}</cellXfs></styleSheet>`;
  }
}

function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function cellXml(cell: CellValue, ref: string, styles: Styles): string {
  const fill = cell.fill ?? "";
  switch (cell.kind) {
    case "text": {
      const s = styles.indexOf({ format: "General", bold: cell.bold ?? false, fill });
      // An empty cell is no text: left out, or written with its style alone when it is shaded.
      if (cell.text === "") return fill ? `<c r="${ref}" s="${s}"/>` : "";
      return `<c r="${ref}" t="inlineStr"${s ? ` s="${s}"` : ""}><is><t xml:space="preserve">${escapeXml(cell.text)}</t></is></c>`;
    }
    case "number":
      return `<c r="${ref}" s="${styles.indexOf({ format: cell.format, bold: false, fill })}"><v>${cell.value}</v></c>`;
    case "sum": {
      const col = columnName(cell.column);
      return `<c r="${ref}" s="${styles.indexOf({ format: cell.format, bold: false, fill })}"><f>SUM(${col}${cell.fromRow + 1}:${col}${cell.toRow + 1})</f><v>${cell.value}</v></c>`;
    }
  }
}

function sheetXml(sheet: Sheet, styles: Styles): string {
  const widths: number[] = [];
  sheet.rows.forEach((row) =>
    row.forEach((cell, c) => {
      const length = cell.kind === "text" ? cell.text.length : Math.max(String(cell.value).length + 2, 12);
      widths[c] = Math.max(widths[c] ?? 8, Math.min(60, length + 2));
    }),
  );
  const cols = widths.length > 0 ? `<cols>${widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join("")}</cols>` : "";
  const rows = sheet.rows.map((row, r) => `<row r="${r + 1}">${row.map((cell, c) => cellXml(cell, `${columnName(c)}${r + 1}`, styles)).join("")}</row>`).join("");
  const merges = sheet.merges ?? [];
  const mergeXml =
    merges.length > 0
      ? `<mergeCells count="${merges.length}">${merges.map((m) => `<mergeCell ref="${columnName(m.col)}${m.row + 1}:${columnName(m.col + m.cols - 1)}${m.row + m.rows}"/>`).join("")}</mergeCells>`
      : "";
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${cols}<sheetData>${rows}</sheetData>${mergeXml}</worksheet>`;
}

/** Sheet names: at most 31 characters, none of []:*?/\, unique. */
function sheetNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((raw) => {
    const base = raw.replace(/[[\]:*?/\\]/g, " ").slice(0, 28).trim() || "Sheet";
    let name = base;
    for (let i = 2; used.has(name.toLowerCase()); i++) name = `${base} ${i}`;
    used.add(name.toLowerCase());
    return name;
  });
}

export async function writeXlsx(sheets: readonly Sheet[], output: string): Promise<void> {
  const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
  const names = sheetNames(sheets.map((s) => s.name));
  const zip = new yazl.ZipFile();
  const add = (name: string, text: string) => zip.addBuffer(Buffer.from(text, "utf8"), name);
  add(
    "[Content_Types].xml",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${sheets
      .map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`)
      .join("")}</Types>`,
  );
  add("_rels/.rels", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`);
  add(
    "xl/workbook.xml",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${REL}"><sheets>${names
      .map((name, i) => `<sheet name="${escapeXml(name)}" sheetId="${i + 1}" r:id="rIdSheet${i + 1}"/>`)
      .join("")}</sheets><calcPr fullCalcOnLoad="1"/></workbook>`,
  );
  add(
    "xl/_rels/workbook.xml.rels",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdStyles" Type="${REL}/styles" Target="styles.xml"/>${sheets
      .map((_, i) => `<Relationship Id="rIdSheet${i + 1}" Type="${REL}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`)
      .join("")}</Relationships>`,
  );
  const styles = new Styles();
  sheets.forEach((sheet, i) => add(`xl/worksheets/sheet${i + 1}.xml`, sheetXml(sheet, styles)));
  // Written after the sheets, which add the number formats they use.
  add("xl/styles.xml", styles.xml());
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(output));
}
