import sharp from "sharp";
import yazl from "yazl";

/**
 * Word documents as a writer makes them, for printing to PDF with LibreOffice and reading back: a title and an
 * introduction across the page, then a section set in two or three columns (headings, paragraphs, a bulleted list,
 * a footnote, a picture, a paragraph in Hebrew, one in Arabic and one in Chinese), then across the page again a
 * table with merged and shaded header cells and a closing paragraph. What the PDF must give back is returned with
 * the bytes: the text in reading order (without the footnote, which closes its page), the headings, the table's
 * cells.
 */

export interface WriterDocument {
  /** The text in reading order. */
  truth: string;
  headings: string[];
  /** The table's non-empty cell texts. */
  cells: string[];
  footnote: string;
}

const W_NS =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"';
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A deterministic source of words: made-up but pronounceable, so that no two runs of text match by chance. */
export function wordSource(seed: number): (n: number) => string {
  const syllables = "ka lo mi ne su ta ve ri do pa gu zen mor tal fin ber cas del hon lum".split(" ");
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const word = () => Array.from({ length: 2 + Math.floor(next() * 2) }, () => syllables[Math.floor(next() * syllables.length)]).join("");
  return (n) => {
    const words = Array.from({ length: n }, word);
    words[0] = words[0]!.charAt(0).toUpperCase() + words[0]!.slice(1);
    return `${words.join(" ")}.`;
  };
}

const run = (text: string, props = "") => `<w:r>${props ? `<w:rPr>${props}</w:rPr>` : ""}<w:t xml:space="preserve">${esc(text)}</w:t></w:r>`;
const para = (content: string, props = "") => `<w:p>${props ? `<w:pPr>${props}</w:pPr>` : ""}${content}</w:p>`;

const HEBREW = "זהו משפט בעברית שנכתב מימין לשמאל כדי לבדוק את סדר הקריאה של טקסט דו כיווני בתוך עמודה";
const ARABIC = "هذه جملة باللغة العربية مكتوبة من اليمين إلى اليسار لاختبار ترتيب القراءة في العمود";
const CHINESE = "这是一个用中文写的段落，用来检查从文件中提取的文字是否保持原来的阅读顺序和完整的句子。";

export async function picturePng(width = 240, height = 120): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) pixels.set([Math.round((x / width) * 255), 120, Math.round((y / height) * 255)], (y * width + x) * 3);
  return sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

function pictureXml(): string {
  const cx = 2_400_000;
  const cy = 1_200_000;
  return para(
    `<w:r><w:drawing><wp:inline><wp:extent cx="${cx}" cy="${cy}"/><wp:docPr id="1" name="Picture 1"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="1" name="Picture 1"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="rIdImage1"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`,
  );
}

/** The table: a header cell over two rows, one over two columns, shaded header cells, then three rows of figures. */
const TABLE = {
  header: [
    ["Item", "Quantities", "Note"],
    ["Ordered", "Delivered"],
  ],
  rows: [
    ["Copper wire", "1,200", "1,150", "partial"],
    ["Timber beams", "80", "80", "complete"],
    ["Glass panes", "45", "12", "delayed"],
  ],
};

function tableXml(): string {
  const border = '<w:top w:val="single" w:sz="4"/><w:left w:val="single" w:sz="4"/><w:bottom w:val="single" w:sz="4"/><w:right w:val="single" w:sz="4"/><w:insideH w:val="single" w:sz="4"/><w:insideV w:val="single" w:sz="4"/>';
  const shade = '<w:shd w:val="clear" w:color="auto" w:fill="D9E2F3"/>';
  const cell = (text: string, extra = "", span = 1) =>
    `<w:tc><w:tcPr><w:tcW w:w="${2200 * span}" w:type="dxa"/>${span > 1 ? `<w:gridSpan w:val="${span}"/>` : ""}${extra}</w:tcPr>${para(text ? run(text) : "")}</w:tc>`;
  const header1 = `<w:tr>${cell("Item", `<w:vMerge w:val="restart"/>${shade}`)}${cell("Quantities", shade, 2)}${cell("Note", `<w:vMerge w:val="restart"/>${shade}`)}</w:tr>`;
  const header2 = `<w:tr>${cell("", `<w:vMerge/>${shade}`)}${cell("Ordered", shade)}${cell("Delivered", shade)}${cell("", `<w:vMerge/>${shade}`)}</w:tr>`;
  const body = TABLE.rows.map((row) => `<w:tr>${row.map((t) => cell(t)).join("")}</w:tr>`).join("");
  return `<w:tbl><w:tblPr><w:tblW w:w="8800" w:type="dxa"/><w:tblBorders>${border}</w:tblBorders></w:tblPr><w:tblGrid>${"<w:gridCol w:w=\"2200\"/>".repeat(4)}</w:tblGrid>${header1}${header2}${body}</w:tbl>`;
}

const sectionBreak = (columns: number) =>
  para("", `<w:sectPr><w:type w:val="continuous"/><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1134" w:right="1134" w:bottom="1134" w:left="1134" w:header="567" w:footer="567" w:gutter="0"/><w:cols w:num="${columns}" w:space="567"/></w:sectPr>`);

export async function makeWriterDocx(columns: 2 | 3, seed = columns): Promise<{ data: Buffer; content: WriterDocument }> {
  const words = wordSource(seed * 7919);
  const flow: string[] = [];
  const headings: string[] = [];
  const body: string[] = [];
  const heading = (level: 1 | 2, text: string) => {
    headings.push(text);
    flow.push(text);
    body.push(para(run(text), `<w:pStyle w:val="Heading${level}"/>`));
  };
  const paragraph = (text: string, extra = "") => {
    flow.push(text);
    body.push(para(run(text) + extra));
  };
  const sentences = (n: number) => Array.from({ length: n }, (_, i) => words(9 + ((i * 5) % 7))).join(" ");

  heading(1, `Field report ${columns}`);
  paragraph(sentences(3));
  body.push(sectionBreak(1));
  const footnote = `Measured by the site office ${words(5)}`;
  for (let s = 0; s < 3; s++) {
    heading(2, `Section ${s + 1} ${words(2).replace(".", "")}`);
    for (let p = 0; p < 3; p++) {
      if (s === 0 && p === 1) {
        // The footnote mark follows the paragraph's last word.
        paragraph(sentences(4), `<w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteReference w:id="1"/></w:r>`);
      } else paragraph(sentences(4 + ((s + p) % 3)));
    }
    if (s === 0) {
      const items = [words(6), words(7), words(5)];
      flow.push(...items);
      for (const item of items) body.push(para(run(item), '<w:pStyle w:val="ListParagraph"/><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr>'));
    }
    if (s === 1) body.push(pictureXml());
    if (s === 2) {
      flow.push(HEBREW, ARABIC, CHINESE);
      const rtl = '<w:rFonts w:ascii="DejaVu Sans" w:hAnsi="DejaVu Sans" w:cs="DejaVu Sans"/><w:rtl/>';
      body.push(para(run(HEBREW, rtl), '<w:bidi/><w:jc w:val="right"/>'), para(run(ARABIC, rtl), '<w:bidi/><w:jc w:val="right"/>'));
      body.push(para(run(CHINESE, '<w:rFonts w:eastAsia="WenQuanYi Micro Hei"/><w:lang w:eastAsia="zh-CN"/>')));
    }
  }
  body.push(sectionBreak(columns));
  heading(2, "Deliveries");
  flow.push(...[...TABLE.header, ...TABLE.rows].flat());
  body.push(tableXml());
  paragraph(sentences(3));

  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document ${W_NS}><w:body>${body.join("")}<w:sectPr><w:type w:val="continuous"/><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1134" w:right="1134" w:bottom="1134" w:left="1134" w:header="567" w:footer="567" w:gutter="0"/><w:cols w:num="1"/></w:sectPr></w:body></w:document>`;
  const styles = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles ${W_NS}><w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Liberation Serif" w:hAnsi="Liberation Serif" w:eastAsia="WenQuanYi Micro Hei" w:cs="DejaVu Sans"/><w:sz w:val="21"/></w:rPr></w:rPrDefault><w:pPrDefault><w:pPr><w:spacing w:after="120"/><w:jc w:val="both"/></w:pPr></w:pPrDefault></w:docDefaults><w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style><w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:pPr><w:keepNext/><w:spacing w:before="240" w:after="120"/><w:jc w:val="left"/><w:outlineLvl w:val="0"/></w:pPr><w:rPr><w:rFonts w:ascii="Liberation Sans" w:hAnsi="Liberation Sans"/><w:b/><w:sz w:val="36"/></w:rPr></w:style><w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/><w:basedOn w:val="Normal"/><w:pPr><w:keepNext/><w:spacing w:before="200" w:after="80"/><w:jc w:val="left"/><w:outlineLvl w:val="1"/></w:pPr><w:rPr><w:rFonts w:ascii="Liberation Sans" w:hAnsi="Liberation Sans"/><w:b/><w:sz w:val="28"/></w:rPr></w:style><w:style w:type="paragraph" w:styleId="ListParagraph"><w:name w:val="List Paragraph"/><w:basedOn w:val="Normal"/><w:pPr><w:ind w:left="720"/><w:jc w:val="left"/></w:pPr></w:style></w:styles>`;
  const numbering = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:numbering ${W_NS}><w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="bullet"/><w:lvlText w:val="•"/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="720" w:hanging="360"/></w:pPr></w:lvl></w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num></w:numbering>`;
  const footnotes = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:footnotes ${W_NS}><w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote><w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p></w:footnote><w:footnote w:id="1"><w:p><w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteRef/></w:r>${run(` ${footnote}`, '<w:sz w:val="16"/>')}</w:p></w:footnote></w:footnotes>`;
  const zip = new yazl.ZipFile();
  const add = (name: string, text: string) => zip.addBuffer(Buffer.from(text, "utf8"), name);
  add(
    "[Content_Types].xml",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/><Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/><Override PartName="/word/footnotes.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.footnotes+xml"/></Types>`,
  );
  add("_rels/.rels", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="word/document.xml"/></Relationships>`);
  add(
    "word/_rels/document.xml.rels",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdStyles" Type="${REL}/styles" Target="styles.xml"/><Relationship Id="rIdNumbering" Type="${REL}/numbering" Target="numbering.xml"/><Relationship Id="rIdFootnotes" Type="${REL}/footnotes" Target="footnotes.xml"/><Relationship Id="rIdImage1" Type="${REL}/image" Target="media/image1.png"/></Relationships>`,
  );
  add("word/document.xml", document);
  add("word/styles.xml", styles);
  add("word/numbering.xml", numbering);
  add("word/footnotes.xml", footnotes);
  zip.addBuffer(await picturePng(), "word/media/image1.png");
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  const cells = [...TABLE.header, ...TABLE.rows].flat();
  return { data: Buffer.concat(chunks), content: { truth: flow.join("\n"), headings, cells, footnote } };
}
