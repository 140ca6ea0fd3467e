import type { RecognisedLine, RecognisedPage } from "../engines/mupdf/ocr-tasks.js";
import { writeOoxmlPackage, XML_DECLARATION, xmlText } from "../lib/ocr-ooxml.js";

/**
 * An Excel workbook of recognised text, one sheet a page. Text pieces that share a line on the page form one row;
 * with splitColumns each piece (words separated by a wide gap, as table cells are) gets its own column, ordered
 * left to right; otherwise the row's text is one cell.
 */

export async function writeOcrXlsx(pages: readonly RecognisedPage[], output: string, options: { splitColumns: boolean }): Promise<void> {
  const sheets = pages.map((page) => sheetXml(rowsOf(page.lines), options.splitColumns));
  if (sheets.length === 0) sheets.push(sheetXml([], false));
  const S = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
  const R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
  const sheetNames = sheets.map((_, i) => `Page ${i + 1}`);
  await writeOoxmlPackage(
    [
      {
        name: "[Content_Types].xml",
        xml: `${XML_DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${sheets
          .map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`)
          .join("")}</Types>`,
      },
      {
        name: "_rels/.rels",
        xml: `${XML_DECLARATION}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      },
      {
        name: "xl/workbook.xml",
        xml: `${XML_DECLARATION}<workbook xmlns="${S}" xmlns:r="${R}"><sheets>${sheetNames
          .map((name, i) => `<sheet name="${name}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
          .join("")}</sheets></workbook>`,
      },
      {
        name: "xl/_rels/workbook.xml.rels",
        xml: `${XML_DECLARATION}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets
          .map((_, i) => `<Relationship Id="rId${i + 1}" Type="${R}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`)
          .join("")}</Relationships>`,
      },
      ...sheets.map((xml, i) => ({ name: `xl/worksheets/sheet${i + 1}.xml`, xml })),
    ],
    output,
  );
}

/** Lines whose vertical middles fall within each other's height are one row, read top to bottom. */
function rowsOf(lines: readonly RecognisedLine[]): RecognisedLine[][] {
  const rows: RecognisedLine[][] = [];
  for (const line of [...lines].sort((a, b) => a.y0 + a.y1 - (b.y0 + b.y1))) {
    const middle = (line.y0 + line.y1) / 2;
    const row = rows.find((r) => r.some((other) => middle > other.y0 && middle < other.y1));
    if (row) row.push(line);
    else rows.push([line]);
  }
  return rows.map((row) => row.sort((a, b) => a.x0 - b.x0));
}

function sheetXml(rows: readonly RecognisedLine[][], splitColumns: boolean): string {
  const body = rows
    .map((row, r) => {
      const cells = splitColumns ? row.map((l) => l.text) : [row.map((l) => l.text).join(" ")];
      return `<row r="${r + 1}">${cells
        .map((text, c) => `<c r="${columnName(c)}${r + 1}" t="inlineStr"><is><t xml:space="preserve">${xmlText(text)}</t></is></c>`)
        .join("")}</row>`;
    })
    .join("");
  return `${XML_DECLARATION}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body}</sheetData></worksheet>`;
}

/** 0 is "A", 25 is "Z", 26 is "AA". */
function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}
