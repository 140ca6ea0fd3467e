import { createWriteStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import yazl from "yazl";
import { escapeHtml as escapeXml } from "./html.js";

/**
 * A minimal SpreadsheetML workbook: sheets of rows, where numbers are stored as numbers (with the display format
 * the PDF showed: decimals, thousands separators, percentages), text as inline strings, a bold first row where
 * asked, and SUM formulas where a cell was found to total the cells above it.
 */

export type CellValue =
  | { kind: "text"; text: string; bold?: boolean }
  | { kind: "number"; value: number; style: NumberStyle }
  | { kind: "sum"; value: number; style: NumberStyle; column: number; fromRow: number; toRow: number };

/** Built-in number formats: General, 0.00, #,##0, #,##0.00, 0%, 0.00%. */
export type NumberStyle = "general" | "decimal2" | "thousands" | "thousands2" | "percent" | "percent2";
const STYLE_INDEX: Record<NumberStyle, number> = { general: 0, decimal2: 1, thousands: 2, thousands2: 3, percent: 4, percent2: 5 };
const BOLD_INDEX = 6;

export interface Sheet {
  name: string;
  rows: CellValue[][];
}

/** A number as the PDF showed it ("1,234.50", "12%", "(3.00)", "€ 9") and the format that shows it that way. */
export function parseNumber(text: string): { value: number; style: NumberStyle } | undefined {
  const t = text.trim().replace(/^[$€£¥]\s?/, "").replace(/\s?[$€£¥]$/, "");
  const m = /^(\()?([-+])?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(%)?(\))?$/.exec(t);
  if (!m || Boolean(m[1]) !== Boolean(m[6])) return undefined;
  const digits = m[3]!.replace(/,/g, "");
  let value = Number(`${digits}${m[4] ? `.${m[4]}` : ""}`);
  if (m[1] || m[2] === "-") value = -value;
  const decimals = m[4]?.length ?? 0;
  if (m[5]) return { value: value / 100, style: decimals > 0 ? "percent2" : "percent" };
  if (m[3]!.includes(",")) return { value, style: decimals > 0 ? "thousands2" : "thousands" };
  return { value, style: decimals === 2 ? "decimal2" : "general" };
}

function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function cellXml(cell: CellValue, ref: string): string {
  switch (cell.kind) {
    case "text":
      return `<c r="${ref}" t="inlineStr"${cell.bold ? ` s="${BOLD_INDEX}"` : ""}><is><t xml:space="preserve">${escapeXml(cell.text)}</t></is></c>`;
    case "number":
      return `<c r="${ref}" s="${STYLE_INDEX[cell.style]}"><v>${cell.value}</v></c>`;
    case "sum": {
      const col = columnName(cell.column);
      return `<c r="${ref}" s="${STYLE_INDEX[cell.style]}"><f>SUM(${col}${cell.fromRow + 1}:${col}${cell.toRow + 1})</f><v>${cell.value}</v></c>`;
    }
  }
}

function sheetXml(sheet: Sheet): string {
  const widths: number[] = [];
  sheet.rows.forEach((row) =>
    row.forEach((cell, c) => {
      const length = cell.kind === "text" ? cell.text.length : String(cell.value).length + 2;
      widths[c] = Math.max(widths[c] ?? 8, Math.min(60, length + 2));
    }),
  );
  const cols = widths.length > 0 ? `<cols>${widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join("")}</cols>` : "";
  const rows = sheet.rows.map((row, r) => `<row r="${r + 1}">${row.map((cell, c) => cellXml(cell, `${columnName(c)}${r + 1}`)).join("")}</row>`).join("");
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${cols}<sheetData>${rows}</sheetData></worksheet>`;
}

const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="2"><font><sz val="11"/><name val="Liberation Sans"/></font><font><b/><sz val="11"/><name val="Liberation Sans"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="7"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="2" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="3" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="9" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="10" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>`;

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
  add("xl/styles.xml", STYLES);
  sheets.forEach((sheet, i) => add(`xl/worksheets/sheet${i + 1}.xml`, sheetXml(sheet)));
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(output));
}
