import yazl from "yazl";

/**
 * Small Office Open XML documents written from scratch, so that conversions are tested on files no office
 * program produced: a DOCX with paragraphs and a table, an XLSX with text and numbers, a PPTX with text slides.
 * Each function returns the file's bytes and what it contains, for comparing with what comes back.
 */

/** A ZIP of text (or binary) entries; `stored` names are kept uncompressed (an OpenDocument's mimetype must be). */
export function zip(entries: Record<string, string | Buffer>, stored: readonly string[] = []): Promise<Buffer> {
  const file = new yazl.ZipFile();
  for (const [name, data] of Object.entries(entries)) file.addBuffer(typeof data === "string" ? Buffer.from(data, "utf8") : data, name, { compress: !stored.includes(name) });
  file.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    file.outputStream.on("data", (c: Buffer) => chunks.push(c));
    file.outputStream.on("end", () => resolve(Buffer.concat(chunks)));
    file.outputStream.on("error", reject);
  });
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const WORDS = "archive ledger meadow copper lantern harbour violet summit quarry orchard thistle beacon falcon pebble cobalt saffron timber glacier".split(" ");

/** Deterministic sentences: n words drawn from a fixed list. */
export function sentence(seed: number, n: number): string {
  return Array.from({ length: n }, (_, i) => WORDS[(seed * 7 + i * 5 + ((seed * i) % 3)) % WORDS.length]).join(" ");
}

export interface DocxContent {
  paragraphs: string[];
  table: string[][];
}

const W_NS = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

function docxPackage(body: string, extraRels = ""): Promise<Buffer> {
  return zip({
    "[Content_Types].xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
    "_rels/.rels": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
    "word/_rels/document.xml.rels": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${extraRels}</Relationships>`,
    "word/document.xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document ${W_NS}><w:body>${body}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1134" w:right="1134" w:bottom="1134" w:left="1134" w:header="0" w:footer="0" w:gutter="0"/></w:sectPr></w:body></w:document>`,
  });
}

function paragraph(text: string, opts: { bold?: boolean; size?: number; font?: string } = {}): string {
  const font = esc(opts.font ?? "Liberation Serif");
  const rPr = `<w:rPr><w:rFonts w:ascii="${font}" w:hAnsi="${font}"/>${opts.bold ? "<w:b/>" : ""}<w:sz w:val="${(opts.size ?? 11) * 2}"/></w:rPr>`;
  return `<w:p><w:pPr><w:spacing w:after="160"/></w:pPr><w:r>${rPr}<w:t xml:space="preserve">${esc(text)}</w:t></w:r></w:p>`;
}

/** A DOCX with a bold heading, paragraphs and a bordered table, set in one font. */
export async function makeDocx(paragraphCount = 6, rows = 4, cols = 3, font = "Liberation Serif"): Promise<{ data: Buffer; content: DocxContent }> {
  const paragraphs = [sentence(1, 4), ...Array.from({ length: paragraphCount - 1 }, (_, i) => sentence(i + 2, 18 + (i % 4) * 6))];
  const table = Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => (r === 0 ? `Heading${c + 1}` : `${WORDS[(r * 3 + c) % WORDS.length]}${r}${c}`)));
  const border = '<w:top w:val="single" w:sz="4"/><w:left w:val="single" w:sz="4"/><w:bottom w:val="single" w:sz="4"/><w:right w:val="single" w:sz="4"/><w:insideH w:val="single" w:sz="4"/><w:insideV w:val="single" w:sz="4"/>';
  const tableXml = `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/><w:tblBorders>${border}</w:tblBorders></w:tblPr><w:tblGrid>${table[0]!.map(() => '<w:gridCol w:w="2800"/>').join("")}</w:tblGrid>${table
    .map((row) => `<w:tr>${row.map((cell) => `<w:tc><w:tcPr><w:tcW w:w="2800" w:type="dxa"/></w:tcPr>${paragraph(cell, { font })}</w:tc>`).join("")}</w:tr>`)
    .join("")}</w:tbl>`;
  const body = paragraph(paragraphs[0]!, { bold: true, size: 20, font }) + paragraphs.slice(1).map((p) => paragraph(p, { font })).join("") + tableXml + paragraph("", { font });
  return { data: await docxPackage(body), content: { paragraphs, table } };
}

/**
 * A DOCX that reaches out: an image linked (not embedded) from url, another linked from the local file
 * localImage, the URL in an INCLUDEPICTURE field and an INCLUDETEXT field naming localFile. A safe conversion
 * shows none of them.
 */
export async function makeReachingDocx(url: string, localFile: string, localImage: string): Promise<Buffer> {
  const drawing = (rel: string) => `<w:p><w:r><w:drawing><wp:inline xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"><wp:extent cx="1270000" cy="1270000"/><wp:docPr id="1" name="Linked"/><a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr><pic:cNvPr id="1" name="Linked"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:link="${rel}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="1270000" cy="1270000"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;
  const field = (instr: string) =>
    `<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> ${esc(instr)} </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>cached</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>`;
  const body =
    paragraph("Before the linked content.") +
    drawing("rIdLinked") +
    drawing("rIdLocal") +
    field(`INCLUDEPICTURE "${url}/field.png" \\d`) +
    field(`INCLUDETEXT "${localFile}"`) +
    paragraph("After the linked content.");
  const rel = `<Relationship Id="rIdLinked" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="${esc(url)}/linked.png" TargetMode="External"/><Relationship Id="rIdLocal" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="file://${esc(localImage)}" TargetMode="External"/>`;
  return docxPackage(body, rel);
}

/** An XLSX with a header row of text and rows of numbers and text. */
export async function makeXlsx(rows = 8): Promise<{ data: Buffer; cells: string[][] }> {
  const cells: string[][] = [["Item", "Quantity", "Price"]];
  for (let r = 1; r < rows; r++) cells.push([`${WORDS[r % WORDS.length]}`, String(r * 3), (r * 2.5).toFixed(2)]);
  const col = (c: number) => String.fromCharCode(65 + c);
  const rowXml = cells
    .map(
      (row, r) =>
        `<row r="${r + 1}">${row
          .map((v, c) =>
            /^[\d.]+$/.test(v) ? `<c r="${col(c)}${r + 1}"><v>${v}</v></c>` : `<c r="${col(c)}${r + 1}" t="inlineStr"><is><t>${esc(v)}</t></is></c>`,
          )
          .join("")}</row>`,
    )
    .join("");
  const data = await zip({
    "[Content_Types].xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    "_rels/.rels": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    "xl/workbook.xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Stock" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    "xl/_rels/workbook.xml.rels": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    "xl/worksheets/sheet1.xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rowXml}</sheetData></worksheet>`,
  });
  return { data, cells };
}

const P_NS = 'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"';
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

function textBox(id: number, text: string, y: number, size: number): string {
  return `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="Text ${id}"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr><p:spPr><a:xfrm><a:off x="457200" y="${y}"/><a:ext cx="8229600" cy="1000000"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr><p:txBody><a:bodyPr wrap="square"/><a:lstStyle/><a:p><a:r><a:rPr lang="en-GB" sz="${size * 100}"/><a:t>${esc(text)}</a:t></a:r></a:p></p:txBody></p:sp>`;
}

/** What a crafted first slide adds: shapes after its text boxes, and relationships they use. */
interface SlideExtra {
  shapes?: string;
  rels?: string;
}

/**
 * A one-slide PPTX whose slide holds a linked OLE object (p:oleObj with p:link, updated automatically) pointing
 * at `target` through an external oleObject relationship: LibreOffice reads the linked file while it imports.
 */
export async function makeLinkingPptx(target: string): Promise<Buffer> {
  const shapes = `<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="4" name="Object 4"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><p:xfrm><a:off x="457200" y="3500000"/><a:ext cx="8229600" cy="3000000"/></p:xfrm><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/presentationml/2006/ole"><p:oleObj name="Linked" r:id="rIdOle" imgW="8229600" imgH="3000000" progId="Package"><p:link updateAutomatic="1"/></p:oleObj></a:graphicData></a:graphic></p:graphicFrame>`;
  const rels = `<Relationship Id="rIdOle" Type="${REL}/oleObject" Target="${esc(target)}" TargetMode="External"/>`;
  return (await makePptx(1, { shapes, rels })).data;
}

/** An ODT whose text frames an object linked (draw:object xlink:href) from `target`, between two paragraphs. */
export function makeLinkingOdt(target: string): Promise<Buffer> {
  const ns =
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"';
  return zip(
    {
      mimetype: "application/vnd.oasis.opendocument.text",
      "META-INF/manifest.xml": `<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>`,
      "content.xml": `<?xml version="1.0" encoding="UTF-8"?>
<office:document-content ${ns} office:version="1.2"><office:body><office:text><text:p>Before the linked object.</text:p><text:p><draw:frame draw:name="Linked" text:anchor-type="paragraph" svg:width="16cm" svg:height="8cm"><draw:object xlink:href="${esc(target)}" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/></draw:frame></text:p><text:p>After the linked object.</text:p></office:text></office:body></office:document-content>`,
    },
    ["mimetype"],
  );
}

/** A DOCX with an INCLUDETEXT field naming `file`, between two paragraphs. */
export function makeIncludingDocx(file: string): Promise<Buffer> {
  const field = `<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> INCLUDETEXT "${esc(file)}" </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>cached</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>`;
  return docxPackage(paragraph("Before the included text.") + field + paragraph("After the included text."));
}

/** A PPTX with one title and one line of body text on each slide; `extra` adds to the first slide. */
export async function makePptx(slideCount = 3, extra: SlideExtra = {}): Promise<{ data: Buffer; slides: Array<{ title: string; body: string }> }> {
  const slides = Array.from({ length: slideCount }, (_, i) => ({ title: `Slide ${i + 1} ${WORDS[i % WORDS.length]}`, body: sentence(i + 5, 8) }));
  const entries: Record<string, string> = {
    "[Content_Types].xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/><Override PartName="/ppt/slideMasters/slideMaster1.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slideMaster+xml"/><Override PartName="/ppt/slideLayouts/slideLayout1.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slideLayout+xml"/><Override PartName="/ppt/theme/theme1.xml" ContentType="application/vnd.openxmlformats-officedocument.theme+xml"/>${slides
      .map((_, i) => `<Override PartName="/ppt/slides/slide${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slide+xml"/>`)
      .join("")}</Types>`,
    "_rels/.rels": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="ppt/presentation.xml"/></Relationships>`,
    "ppt/presentation.xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<p:presentation ${P_NS}><p:sldMasterIdLst><p:sldMasterId id="2147483648" r:id="rIdM"/></p:sldMasterIdLst><p:sldIdLst>${slides
      .map((_, i) => `<p:sldId id="${256 + i}" r:id="rIdS${i + 1}"/>`)
      .join("")}</p:sldIdLst><p:sldSz cx="9144000" cy="6858000"/><p:notesSz cx="6858000" cy="9144000"/></p:presentation>`,
    "ppt/_rels/presentation.xml.rels": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdM" Type="${REL}/slideMaster" Target="slideMasters/slideMaster1.xml"/><Relationship Id="rIdT" Type="${REL}/theme" Target="theme/theme1.xml"/>${slides
      .map((_, i) => `<Relationship Id="rIdS${i + 1}" Type="${REL}/slide" Target="slides/slide${i + 1}.xml"/>`)
      .join("")}</Relationships>`,
    "ppt/slideMasters/slideMaster1.xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<p:sldMaster ${P_NS}><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/></p:spTree></p:cSld><p:clrMap bg1="lt1" tx1="dk1" bg2="lt2" tx2="dk2" accent1="accent1" accent2="accent2" accent3="accent3" accent4="accent4" accent5="accent5" accent6="accent6" hlink="hlink" folHlink="folHlink"/><p:sldLayoutIdLst><p:sldLayoutId id="2147483649" r:id="rIdL"/></p:sldLayoutIdLst></p:sldMaster>`,
    "ppt/slideMasters/_rels/slideMaster1.xml.rels": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdL" Type="${REL}/slideLayout" Target="../slideLayouts/slideLayout1.xml"/><Relationship Id="rIdT" Type="${REL}/theme" Target="../theme/theme1.xml"/></Relationships>`,
    "ppt/slideLayouts/slideLayout1.xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<p:sldLayout ${P_NS} type="blank"><p:cSld name="Blank"><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/></p:spTree></p:cSld></p:sldLayout>`,
    "ppt/slideLayouts/_rels/slideLayout1.xml.rels": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdM" Type="${REL}/slideMaster" Target="../slideMasters/slideMaster1.xml"/></Relationships>`,
    "ppt/theme/theme1.xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<a:theme xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" name="Plain"><a:themeElements><a:clrScheme name="Plain"><a:dk1><a:srgbClr val="000000"/></a:dk1><a:lt1><a:srgbClr val="FFFFFF"/></a:lt1><a:dk2><a:srgbClr val="1F1F1F"/></a:dk2><a:lt2><a:srgbClr val="EEEEEE"/></a:lt2><a:accent1><a:srgbClr val="4472C4"/></a:accent1><a:accent2><a:srgbClr val="ED7D31"/></a:accent2><a:accent3><a:srgbClr val="A5A5A5"/></a:accent3><a:accent4><a:srgbClr val="FFC000"/></a:accent4><a:accent5><a:srgbClr val="5B9BD5"/></a:accent5><a:accent6><a:srgbClr val="70AD47"/></a:accent6><a:hlink><a:srgbClr val="0563C1"/></a:hlink><a:folHlink><a:srgbClr val="954F72"/></a:folHlink></a:clrScheme><a:fontScheme name="Plain"><a:majorFont><a:latin typeface="Liberation Sans"/><a:ea typeface=""/><a:cs typeface=""/></a:majorFont><a:minorFont><a:latin typeface="Liberation Sans"/><a:ea typeface=""/><a:cs typeface=""/></a:minorFont></a:fontScheme><a:fmtScheme name="Plain"><a:fillStyleLst><a:solidFill><a:schemeClr val="phClr"/></a:solidFill><a:solidFill><a:schemeClr val="phClr"/></a:solidFill><a:solidFill><a:schemeClr val="phClr"/></a:solidFill></a:fillStyleLst><a:lnStyleLst><a:ln w="6350"><a:solidFill><a:schemeClr val="phClr"/></a:solidFill></a:ln><a:ln w="12700"><a:solidFill><a:schemeClr val="phClr"/></a:solidFill></a:ln><a:ln w="19050"><a:solidFill><a:schemeClr val="phClr"/></a:solidFill></a:ln></a:lnStyleLst><a:effectStyleLst><a:effectStyle><a:effectLst/></a:effectStyle><a:effectStyle><a:effectLst/></a:effectStyle><a:effectStyle><a:effectLst/></a:effectStyle></a:effectStyleLst><a:bgFillStyleLst><a:solidFill><a:schemeClr val="phClr"/></a:solidFill><a:solidFill><a:schemeClr val="phClr"/></a:solidFill><a:solidFill><a:schemeClr val="phClr"/></a:solidFill></a:bgFillStyleLst></a:fmtScheme></a:themeElements></a:theme>`,
  };
  slides.forEach((slide, i) => {
    entries[`ppt/slides/slide${i + 1}.xml`] = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<p:sld ${P_NS}><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${textBox(2, slide.title, 500000, 36)}${textBox(3, slide.body, 2500000, 20)}${i === 0 ? (extra.shapes ?? "") : ""}</p:spTree></p:cSld></p:sld>`;
    entries[`ppt/slides/_rels/slide${i + 1}.xml.rels`] = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdL" Type="${REL}/slideLayout" Target="../slideLayouts/slideLayout1.xml"/>${i === 0 ? (extra.rels ?? "") : ""}</Relationships>`;
  });
  return { data: await zip(entries), slides };
}
