import { pictureType } from "./picture-files.js";
import { createWriteStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import yazl from "yazl";
import { fontFamily, hasFontName } from "./fonts.js";
import { escapeHtml as escapeXml } from "./html.js";
import { rightToLeftText } from "./right-to-left.js";
import type { DocNode, DocumentModel, ParagraphLook, Run } from "./layout-analysis.js";
import { layCells, type LaidCell } from "./tables.js";

/**
 * A Word document (Office Open XML) from the document model: flowing paragraphs with their fonts, sizes, bold,
 * italic and colour; headings as Heading 1–3 so that Word's navigation and outline work; real numbered and
 * bulleted lists; tables as tables; pictures inline. Each PDF page after the first starts on a new page.
 */

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"';
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const EMU_PER_PT = 12700;
const MARGIN_TWIPS = 1134;

/**
 * A run's size in half points for a word processor, which draws superscripts and subscripts at about two thirds
 * of the size given: the PDF set them smaller already, so that is undone.
 */
export function halfPoints(run: Run): number {
  return Math.round((run.script ? (run.size * 3) / 2 : run.size) * 2);
}

function runXml(run: Run): string {
  const font = hasFontName(run.font) ? escapeXml(fontFamily(run.font)) : "";
  const half = halfPoints(run);
  // Properties in the order the schema gives them.
  const props = [
    // A run without a font of its own (a table cell's) takes the document's body font.
    font ? `<w:rFonts w:ascii="${font}" w:hAnsi="${font}" w:cs="${font}"/>` : "",
    run.bold ? "<w:b/><w:bCs/>" : "",
    run.italic ? "<w:i/><w:iCs/>" : "",
    run.color !== "000000" ? `<w:color w:val="${run.color}"/>` : "",
    `<w:sz w:val="${half}"/><w:szCs w:val="${half}"/>`,
    run.script ? `<w:vertAlign w:val="${run.script === "super" ? "superscript" : "subscript"}"/>` : "",
    rightToLeftText(run.text) ? "<w:rtl/>" : "",
  ].join("");
  return `<w:r><w:rPr>${props}</w:rPr><w:t xml:space="preserve">${escapeXml(run.text)}</w:t></w:r>`;
}

/** A paragraph's properties, written in the order the schema requires. */
interface ParagraphProps extends ParagraphLook {
  style?: string;
  pageBreakBefore?: boolean;
  numId?: number;
  spacingAfter?: number;
}

const shading = (fill: string) => `<w:shd w:val="clear" w:color="auto" w:fill="${fill.toUpperCase()}"/>`;

function pPrXml(p: ParagraphProps): string {
  const props = [
    p.style ? `<w:pStyle w:val="${p.style}"/>` : "",
    p.pageBreakBefore ? "<w:pageBreakBefore/>" : "",
    p.numId !== undefined ? `<w:numPr><w:ilvl w:val="0"/><w:numId w:val="${p.numId}"/></w:numPr>` : "",
    p.fill ? shading(p.fill) : "",
    p.rtl ? "<w:bidi/>" : "",
    p.spacingAfter !== undefined ? `<w:spacing w:after="${p.spacingAfter}"/>` : "",
  ].join("");
  return props ? `<w:pPr>${props}</w:pPr>` : "";
}

function paragraphXml(runs: readonly Run[], props: ParagraphProps = {}): string {
  return `<w:p>${pPrXml(props)}${runs.map(runXml).join("")}</w:p>`;
}

interface Context {
  textWidthPt: number;
  images: Map<string, string>;
  lists: Array<{ ordered: boolean }>;
  bodySize: number;
}

function tableXml(node: Extract<DocNode, { type: "table" }>, ctx: Context): string {
  const columns = Math.max(...node.rows.map((r) => r.length));
  const width = Math.floor((ctx.textWidthPt * 20) / columns);
  const cell = (laid: LaidCell, r: number) => {
    const header = r === 0;
    const span = laid.colSpan > 1 ? `<w:gridSpan w:val="${laid.colSpan}"/>` : "";
    const merge = laid.rowSpan > 1 ? `<w:vMerge${laid.continued ? "" : ' w:val="restart"'}/>` : "";
    const fill = node.fills?.[r]?.[laid.col];
    const runs = [{ text: laid.text, font: "", size: ctx.bodySize, bold: header, italic: false, mono: false, color: "000000" }].filter((run) => run.text !== "");
    return `<w:tc><w:tcPr><w:tcW w:w="${width * laid.colSpan}" w:type="dxa"/>${span}${merge}${fill ? shading(fill) : ""}</w:tcPr>${paragraphXml(runs, { spacingAfter: 0, rtl: rightToLeftText(laid.text) })}</w:tc>`;
  };
  return `<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/><w:tblW w:w="0" w:type="auto"/></w:tblPr><w:tblGrid>${Array.from({ length: columns }, () => `<w:gridCol w:w="${width}"/>`).join("")}</w:tblGrid>${layCells(node.rows, node.merges)
    .map((row, r) => `<w:tr>${row.map((laid) => cell(laid, r)).join("")}</w:tr>`)
    .join("")}</w:tbl>`;
}

function imageXml(node: Extract<DocNode, { type: "image" }>, rId: string, id: number, ctx: Context, props: ParagraphProps): string {
  const scale = Math.min(1, ctx.textWidthPt / node.widthPt);
  const cx = Math.round(node.widthPt * scale * EMU_PER_PT);
  const cy = Math.round(node.heightPt * scale * EMU_PER_PT);
  return `<w:p>${pPrXml(props)}<w:r><w:drawing><wp:inline><wp:extent cx="${cx}" cy="${cy}"/><wp:docPr id="${id}" name="Picture ${id}"${node.alt ? ` descr="${escapeXml(node.alt)}"` : ""}/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="${id}" name="Picture ${id}"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="${rId}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;
}

function bodyXml(model: DocumentModel, ctx: Context): string {
  const out: string[] = [];
  let lastPage = model.nodes[0]?.page;
  let pictureId = 0;
  for (const node of model.nodes) {
    const pageBreakBefore = node.page !== lastPage;
    lastPage = node.page;
    switch (node.type) {
      case "heading":
        out.push(paragraphXml(node.runs, { style: `Heading${node.level}`, pageBreakBefore, fill: node.fill, rtl: node.rtl }));
        break;
      case "paragraph":
        out.push(paragraphXml(node.runs, { pageBreakBefore, fill: node.fill, rtl: node.rtl }));
        break;
      case "list": {
        ctx.lists.push({ ordered: node.ordered });
        const numId = ctx.lists.length;
        node.items.forEach((item, i) => out.push(paragraphXml(item, { style: "ListParagraph", pageBreakBefore: pageBreakBefore && i === 0, numId, fill: node.fill, rtl: node.rtl })));
        break;
      }
      case "table":
        out.push(tableXml(node, ctx));
        break;
      case "image": {
        let rId = ctx.images.get(node.path);
        if (!rId) {
          rId = `rIdImage${ctx.images.size + 1}`;
          ctx.images.set(node.path, rId);
        }
        out.push(imageXml(node, rId, ++pictureId, ctx, { pageBreakBefore }));
        break;
      }
    }
  }
  return out.join("");
}

function stylesXml(bodySize: number, bodyFont: string): string {
  const heading = (level: number, size: number) =>
    `<w:style w:type="paragraph" w:styleId="Heading${level}"><w:name w:val="heading ${level}"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/><w:pPr><w:keepNext/><w:spacing w:before="240" w:after="120"/><w:outlineLvl w:val="${level - 1}"/></w:pPr><w:rPr><w:b/><w:sz w:val="${size * 2}"/></w:rPr></w:style>`;
  const font = escapeXml(bodyFont);
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles ${W}><w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="${font}" w:hAnsi="${font}" w:cs="${font}"/><w:sz w:val="${Math.round(bodySize * 2)}"/></w:rPr></w:rPrDefault><w:pPrDefault><w:pPr><w:spacing w:after="120"/></w:pPr></w:pPrDefault></w:docDefaults><w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>${heading(1, Math.round(bodySize * 1.8))}${heading(2, Math.round(bodySize * 1.45))}${heading(3, Math.round(bodySize * 1.2))}<w:style w:type="paragraph" w:styleId="ListParagraph"><w:name w:val="List Paragraph"/><w:basedOn w:val="Normal"/><w:pPr><w:spacing w:after="40"/><w:ind w:left="720"/></w:pPr></w:style><w:style w:type="table" w:styleId="TableGrid"><w:name w:val="Table Grid"/><w:tblPr><w:tblBorders><w:top w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:left w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:bottom w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:right w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:insideH w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:insideV w:val="single" w:sz="4" w:space="0" w:color="auto"/></w:tblBorders><w:tblCellMar><w:left w:w="108" w:type="dxa"/><w:right w:w="108" w:type="dxa"/></w:tblCellMar></w:tblPr></w:style></w:styles>`;
}

function numberingXml(lists: ReadonlyArray<{ ordered: boolean }>): string {
  const abstract = (id: number, ordered: boolean) =>
    `<w:abstractNum w:abstractNumId="${id}"><w:multiLevelType w:val="singleLevel"/><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="${ordered ? "decimal" : "bullet"}"/><w:lvlText w:val="${ordered ? "%1." : "•"}"/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="720" w:hanging="360"/></w:pPr></w:lvl></w:abstractNum>`;
  // Each list gets its own numbering instance, so that every numbered list starts again at 1.
  const nums = lists.map((l, i) => `<w:num w:numId="${i + 1}"><w:abstractNumId w:val="${l.ordered ? 1 : 0}"/>${l.ordered ? '<w:lvlOverride w:ilvl="0"><w:startOverride w:val="1"/></w:lvlOverride>' : ""}</w:num>`);
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:numbering ${W}>${abstract(0, false)}${abstract(1, true)}${nums.join("")}</w:numbering>`;
}

/** The family of the most used font in the body size, for the document's default. */
export function bodyFontOf(model: DocumentModel): string {
  const weight = new Map<string, number>();
  for (const node of model.nodes) {
    const runs = node.type === "paragraph" ? node.runs : node.type === "list" ? node.items.flat() : [];
    for (const r of runs) if (hasFontName(r.font)) weight.set(fontFamily(r.font), (weight.get(fontFamily(r.font)) ?? 0) + r.text.length);
  }
  return [...weight.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "Times New Roman";
}

export async function writeDocx(model: DocumentModel, output: string): Promise<{ paragraphs: number; images: number }> {
  const [pageW, pageH] = model.pageSizes[0] ?? [595, 842];
  const ctx: Context = { textWidthPt: pageW - (2 * MARGIN_TWIPS) / 20, images: new Map(), lists: [], bodySize: model.bodySize };
  const body = bodyXml(model, ctx);
  const sect = `<w:sectPr><w:pgSz w:w="${Math.round(pageW * 20)}" w:h="${Math.round(pageH * 20)}"${pageW > pageH ? ' w:orient="landscape"' : ""}/><w:pgMar w:top="${MARGIN_TWIPS}" w:right="${MARGIN_TWIPS}" w:bottom="${MARGIN_TWIPS}" w:left="${MARGIN_TWIPS}" w:header="709" w:footer="709" w:gutter="0"/></w:sectPr>`;
  const zip = new yazl.ZipFile();
  const add = (name: string, text: string) => zip.addBuffer(Buffer.from(text, "utf8"), name);
  add(
    "[Content_Types].xml",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/><Default Extension="jpg" ContentType="image/jpeg"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/><Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/></Types>`,
  );
  add(
    "_rels/.rels",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="word/document.xml"/></Relationships>`,
  );
  const imageRels = [...ctx.images.entries()].map(([file, rId], i) => `<Relationship Id="${rId}" Type="${REL}/image" Target="media/${mediaName(file, i)}"/>`);
  add(
    "word/_rels/document.xml.rels",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdStyles" Type="${REL}/styles" Target="styles.xml"/><Relationship Id="rIdNumbering" Type="${REL}/numbering" Target="numbering.xml"/>${imageRels.join("")}</Relationships>`,
  );
  add("word/document.xml", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document ${W}><w:body>${body}${sect}</w:body></w:document>`);
  add("word/styles.xml", stylesXml(model.bodySize, bodyFontOf(model)));
  add("word/numbering.xml", numberingXml(ctx.lists));
  [...ctx.images.keys()].forEach((file, i) => zip.addFile(file, `word/media/${mediaName(file, i)}`, { compress: false }));
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(output));
  return { paragraphs: model.nodes.filter((n) => n.type !== "image").length, images: ctx.images.size };
}

const mediaName = (file: string, index: number) => `image${index + 1}.${pictureType(file).extension}`;
