import { zip } from "./office-fixtures.js";
import { picturePng, wordSource } from "./writer-fixtures.js";

/**
 * OpenDocument texts with the layouts that make reading order hard, for printing to PDF with LibreOffice and
 * reading back: columns interrupted by a figure and a table set across the page, footnotes under columns, a drop
 * cap, running heads and page numbers ("spans"); a sidebar in a shaded text box beside the text, a shaded
 * paragraph and a table with coloured cells ("sidebar"); Arabic and Hebrew in two columns that run from right to
 * left ("rtl"); Chinese set vertically, columns of characters from right to left ("vertical"). Each comes with
 * what a faithful reading gives back.
 */

export interface LayoutTruth {
  /** The main text in reading order, one paragraph (heading, caption, table cell) a line. */
  flow: string[];
  headings: string[];
  /** Paragraphs that must come out whole: each one output paragraph, not cut or interleaved. */
  paragraphs: string[];
  /** Text set apart from the flow (a sidebar, footnotes): whole paragraphs, in no particular place. */
  asides: string[];
  /** Non-empty table cells. */
  cells: string[];
  pictures: number;
  /** Fill colours ("rrggbb") the page shows behind text: table cells, a shaded paragraph, a sidebar. */
  fills: string[];
}

export type OdtLayout = "spans" | "sidebar" | "rtl" | "vertical";

const NS = [
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"',
  'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"',
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"',
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"',
  'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"',
  'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"',
  'xmlns:xlink="http://www.w3.org/1999/xlink"',
  'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"',
  'office:version="1.3"',
].join(" ");

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Pseudo-words in another script, from syllables of it: deterministic, and unlike any real text. */
function scriptWords(syllables: readonly string[], seed: number): (n: number) => string {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const word = () => Array.from({ length: 2 + Math.floor(next() * 2) }, () => syllables[Math.floor(next() * syllables.length)]).join("");
  return (n) => `${Array.from({ length: n }, word).join(" ")}.`;
}

// Lam followed by alef ("لا") is drawn as one ligature glyph: the words must survive it.
const ARABIC_SYLLABLES = "كا لو مي نا سو تي فا ري دو با لا سم قل حب نو جا".split(" ");
const HEBREW_SYLLABLES = "כה לו מי נה סו תי וה רי דו פה שם גל חב נו יה".split(" ");
const CHINESE = "天地玄黄宇宙洪荒日月盈昃辰宿列张寒来暑往秋收冬藏闰余成岁律吕调阳云腾致雨露结为霜金生丽水玉出昆冈剑号巨阙珠称夜光果珍李柰菜重芥姜海咸河淡鳞潜羽翔";

interface Builder {
  body: string[];
  truth: LayoutTruth;
}

function builder(): Builder {
  return { body: [], truth: { flow: [], headings: [], paragraphs: [], asides: [], cells: [], pictures: 0, fills: [] } };
}

function heading(b: Builder, level: 1 | 2, text: string): void {
  b.truth.flow.push(text);
  b.truth.headings.push(text);
  b.body.push(`<text:h text:style-name="Heading_20_${level}" text:outline-level="${level}">${esc(text)}</text:h>`);
}

/** inside: markup that follows the text (a footnote, a frame); mark: what it prints there (a footnote's number). */
function paragraph(b: Builder, text: string, style = "Text_20_body", inside = "", mark = ""): void {
  b.truth.flow.push(text + mark);
  b.truth.paragraphs.push(text + mark);
  b.body.push(`<text:p text:style-name="${style}">${esc(text)}${inside}</text:p>`);
}

/** A footnote: its number printed raised after the word it follows and before its own text. */
function footnote(b: Builder, id: number, text: string): string {
  b.truth.asides.push(`${id}${text}`);
  return `<text:note text:id="ftn${id}" text:note-class="footnote"><text:note-citation>${id}</text:note-citation><text:note-body><text:p text:style-name="Footnote">${esc(text)}</text:p></text:note-body></text:note>`;
}

function table(b: Builder, rows: string[][], cellStyle: (r: number, c: number) => string): void {
  b.truth.flow.push(...rows.flat());
  b.truth.cells.push(...rows.flat());
  const cells = (row: string[], r: number) =>
    row.map((t, c) => `<table:table-cell table:style-name="${cellStyle(r, c)}" office:value-type="string"><text:p text:style-name="Table_20_Contents">${esc(t)}</text:p></table:table-cell>`).join("");
  b.body.push(
    `<table:table table:name="Table${b.truth.cells.length}" table:style-name="Tbl"><table:table-column table:number-columns-repeated="${rows[0]!.length}"/>${rows.map((row, r) => `<table:table-row>${cells(row, r)}</table:table-row>`).join("")}</table:table>`,
  );
}

const sentences = (words: (n: number) => string, n: number, from = 0) => Array.from({ length: n }, (_, i) => words(8 + ((i + from) * 5) % 8)).join(" ");

function spans(b: Builder): void {
  const words = wordSource(104729);
  const say = (n: number, from = 0) => sentences(words, n, from);
  heading(b, 1, "Review of hard layouts");
  // A drop cap: the first letter three lines tall.
  paragraph(b, say(5), "DropCap");
  b.body.push('<text:section text:style-name="Cols2" text:name="Part1">');
  heading(b, 2, "Columns before the figure");
  paragraph(b, say(5, 1));
  paragraph(b, say(4, 2), "Text_20_body", footnote(b, 1, `Counted at the harbour office ${words(6)}`), "1");
  paragraph(b, say(5, 3));
  paragraph(b, say(4, 4));
  heading(b, 2, "Second heading of the part");
  paragraph(b, say(5, 5));
  paragraph(b, say(4, 6));
  b.body.push("</text:section>");
  b.truth.pictures++;
  b.body.push('<text:p text:style-name="Figure"><draw:frame draw:style-name="AsChar" draw:name="Figure1" text:anchor-type="as-char" svg:width="17cm" svg:height="5cm" draw:z-index="0"><draw:image xlink:href="Pictures/figure.png" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/></draw:frame></text:p>');
  paragraph(b, "Figure 1: Sediment cores drawn along the northern shore over three seasons.", "Caption");
  b.body.push('<text:section text:style-name="Cols2" text:name="Part2">');
  heading(b, 2, "Columns after the figure");
  for (let p = 0; p < 5; p++) {
    if (p === 2) paragraph(b, say(4 + (p % 3), 7 + p), "Text_20_body", footnote(b, 2, `Weighed again in spring ${words(5)}`), "2");
    else paragraph(b, say(4 + (p % 3), 7 + p));
  }
  b.body.push("</text:section>");
  paragraph(b, "Table 1: Samples by site and season.", "Caption");
  table(
    b,
    [
      ["Site", "Spring", "Summer", "Autumn"],
      ["North quay", "12", "15", "9"],
      ["Old harbour", "7", "11", "4"],
      ["Salt marsh", "21", "18", "16"],
      ["River mouth", "3", "6", "8"],
    ],
    () => "Cell",
  );
  b.body.push('<text:section text:style-name="Cols2" text:name="Part3">');
  heading(b, 2, "Columns after the table");
  for (let p = 0; p < 5; p++) paragraph(b, say(5, 12 + p));
  b.body.push("</text:section>");
}

function sidebar(b: Builder): void {
  const words = wordSource(7907);
  const say = (n: number, from = 0) => sentences(words, n, from);
  heading(b, 1, "Harbour report with a sidebar");
  paragraph(b, say(4));
  const facts = ["Key figures", `Boats registered ${words(3)}`, `Quays rebuilt ${words(4)}`, `Cranes in service ${words(3)}`];
  b.truth.asides.push(...facts);
  b.truth.fills.push("e2efda");
  const box = `<draw:frame draw:style-name="Sidebar" draw:name="Sidebar" text:anchor-type="paragraph" svg:width="5.5cm" draw:z-index="1"><draw:text-box fo:min-height="4cm">${facts
    .map((f, i) => `<text:p text:style-name="${i === 0 ? "SidebarHead" : "SidebarText"}">${esc(f)}</text:p>`)
    .join("")}</draw:text-box></draw:frame>`;
  paragraph(b, say(7, 1), "Text_20_body", box);
  for (let p = 0; p < 3; p++) paragraph(b, say(6, 2 + p));
  b.truth.fills.push("fff2cc");
  paragraph(b, `Note: ${say(3, 6)}`, "Shaded");
  b.truth.fills.push("dbe5f1", "fce4d6");
  table(
    b,
    [
      ["Quay", "Length", "State"],
      ["North", "240 m", "sound"],
      ["East", "180 m", "repairs"],
      ["West", "95 m", "closed"],
    ],
    (r, c) => (r === 0 ? "HeadCell" : r === 3 && c === 2 ? "AlertCell" : "Cell"),
  );
  paragraph(b, say(4, 7));
}

function rtl(b: Builder): void {
  const arabic = scriptWords(ARABIC_SYLLABLES, 31);
  const hebrew = scriptWords(HEBREW_SYLLABLES, 37);
  heading(b, 1, "تقرير الميناء");
  b.body.push('<text:section text:style-name="Cols2Rtl" text:name="Rtl">');
  for (let p = 0; p < 6; p++) paragraph(b, Array.from({ length: 5 }, () => arabic(7 + p)).join(" "), "Rtl");
  heading(b, 2, "דוח הנמל");
  for (let p = 0; p < 5; p++) paragraph(b, Array.from({ length: 5 }, () => hebrew(7 + p)).join(" "), "Rtl");
  b.body.push("</text:section>");
}

function vertical(b: Builder): void {
  for (let p = 0; p < 5; p++) {
    const start = (p * 17) % CHINESE.length;
    const text = (CHINESE.slice(start) + CHINESE).slice(0, 60 + p * 9);
    paragraph(b, `${text}。`, "Text_20_body");
  }
}

const AUTOMATIC = `<office:automatic-styles>
<style:style style:name="Cols2" style:family="section"><style:section-properties text:dont-balance-text-columns="false"><style:columns fo:column-count="2" fo:column-gap="0.8cm"/></style:section-properties></style:style>
<style:style style:name="Cols2Rtl" style:family="section"><style:section-properties style:writing-mode="rl-tb"><style:columns fo:column-count="2" fo:column-gap="0.8cm"/></style:section-properties></style:style>
<style:style style:name="AsChar" style:family="graphic"><style:graphic-properties style:vertical-pos="top" style:vertical-rel="baseline"/></style:style>
<style:style style:name="Sidebar" style:family="graphic" style:parent-style-name="Frame"><style:graphic-properties style:wrap="parallel" style:number-wrapped-paragraphs="no-limit" style:horizontal-pos="right" style:horizontal-rel="paragraph" style:vertical-pos="top" style:vertical-rel="paragraph" fo:margin-left="0.4cm" fo:padding="0.25cm" fo:border="0.5pt solid #548235" fo:background-color="#e2efda" draw:fill="solid" draw:fill-color="#e2efda"/></style:style>
<style:style style:name="Cell" style:family="table-cell"><style:table-cell-properties fo:padding="0.1cm" fo:border="0.5pt solid #000000"/></style:style>
<style:style style:name="HeadCell" style:family="table-cell"><style:table-cell-properties fo:background-color="#dbe5f1" fo:padding="0.1cm" fo:border="0.5pt solid #000000"/></style:style>
<style:style style:name="AlertCell" style:family="table-cell"><style:table-cell-properties fo:background-color="#fce4d6" fo:padding="0.1cm" fo:border="0.5pt solid #000000"/></style:style>
<style:style style:name="Tbl" style:family="table"><style:table-properties style:width="17cm" table:align="margins"/></style:style>
</office:automatic-styles>`;

const STYLES = (layout: OdtLayout) => `<?xml version="1.0" encoding="UTF-8"?>
<office:document-styles ${NS}><office:font-face-decls/><office:styles>
<style:default-style style:family="paragraph"><style:paragraph-properties fo:hyphenation-ladder-count="no-limit" style:writing-mode="page"/><style:text-properties style:font-name="Liberation Serif" fo:font-family="'Liberation Serif'" fo:font-size="10.5pt" style:font-family-asian="'WenQuanYi Micro Hei'" style:font-size-asian="10.5pt" style:font-family-complex="'DejaVu Sans'" style:font-size-complex="10.5pt"/></style:default-style>
<style:style style:name="Standard" style:family="paragraph"/>
<style:style style:name="Text_20_body" style:display-name="Text body" style:family="paragraph" style:parent-style-name="Standard"><style:paragraph-properties fo:margin-top="0cm" fo:margin-bottom="0.2cm" fo:text-align="justify"/></style:style>
<style:style style:name="DropCap" style:family="paragraph" style:parent-style-name="Text_20_body"><style:paragraph-properties><style:drop-cap style:lines="3" style:length="1" style:distance="0.1cm"/></style:paragraph-properties></style:style>
<style:style style:name="Rtl" style:family="paragraph" style:parent-style-name="Text_20_body"><style:paragraph-properties fo:text-align="end" style:writing-mode="rl-tb"/></style:style>
<style:style style:name="Shaded" style:family="paragraph" style:parent-style-name="Text_20_body"><style:paragraph-properties fo:background-color="#fff2cc" fo:padding="0.2cm"/></style:style>
<style:style style:name="SidebarHead" style:family="paragraph" style:parent-style-name="Standard"><style:text-properties fo:font-weight="bold" fo:font-family="'Liberation Sans'" fo:font-size="10pt"/></style:style>
<style:style style:name="SidebarText" style:family="paragraph" style:parent-style-name="Standard"><style:paragraph-properties fo:margin-bottom="0.1cm"/><style:text-properties fo:font-family="'Liberation Sans'" fo:font-size="9pt"/></style:style>
<style:style style:name="Figure" style:family="paragraph"><style:paragraph-properties fo:text-align="center" fo:margin-top="0.3cm"/></style:style>
<style:style style:name="Caption" style:family="paragraph"><style:paragraph-properties fo:text-align="center" fo:margin-bottom="0.3cm"/><style:text-properties fo:font-style="italic" fo:font-size="9.5pt"/></style:style>
<style:style style:name="Table_20_Contents" style:display-name="Table Contents" style:family="paragraph"/>
<style:style style:name="Footnote" style:family="paragraph"><style:text-properties fo:font-size="8pt"/></style:style>
<style:style style:name="Header" style:family="paragraph"><style:text-properties fo:font-style="italic" fo:font-size="9pt"/></style:style>
<style:style style:name="Footer" style:family="paragraph"><style:paragraph-properties fo:text-align="center"/><style:text-properties fo:font-size="9pt"/></style:style>
<style:style style:name="Heading_20_1" style:display-name="Heading 1" style:family="paragraph" text:default-outline-level="1"><style:paragraph-properties fo:margin-top="0.3cm" fo:margin-bottom="0.3cm"/><style:text-properties style:font-name="Liberation Sans" fo:font-family="'Liberation Sans'" fo:font-size="18pt" fo:font-weight="bold" style:font-size-complex="18pt" style:font-weight-complex="bold"/></style:style>
<style:style style:name="Heading_20_2" style:display-name="Heading 2" style:family="paragraph" text:default-outline-level="2"><style:paragraph-properties fo:margin-top="0.3cm" fo:margin-bottom="0.15cm" fo:keep-with-next="always"/><style:text-properties style:font-name="Liberation Sans" fo:font-family="'Liberation Sans'" fo:font-size="13pt" fo:font-weight="bold" style:font-size-complex="13pt" style:font-weight-complex="bold"/></style:style>
</office:styles>
<office:automatic-styles><style:page-layout style:name="Page"><style:page-layout-properties fo:page-width="21cm" fo:page-height="29.7cm" fo:margin-top="1.5cm" fo:margin-bottom="1.5cm" fo:margin-left="2cm" fo:margin-right="2cm"${layout === "vertical" ? ' style:writing-mode="tb-rl"' : ""}/><style:header-style><style:header-footer-properties fo:min-height="0.6cm" fo:margin-bottom="0.4cm"/></style:header-style><style:footer-style><style:header-footer-properties fo:min-height="0.6cm" fo:margin-top="0.4cm"/></style:footer-style></style:page-layout></office:automatic-styles>
<office:master-styles><style:master-page style:name="Standard" style:page-layout-name="Page">${
  layout === "spans"
    ? '<style:header><text:p text:style-name="Header">Journal of Hard Layouts, volume three</text:p></style:header><style:footer><text:p text:style-name="Footer"><text:page-number text:select-page="current"/></text:p></style:footer>'
    : ""
}</style:master-page></office:master-styles></office:document-styles>`;

/** An ODT file of the given layout, and what reading it back must give. */
export async function makeOdtLayout(layout: OdtLayout): Promise<{ data: Buffer; truth: LayoutTruth }> {
  const b = builder();
  ({ spans, sidebar, rtl, vertical })[layout](b);
  const content = `<?xml version="1.0" encoding="UTF-8"?>
<office:document-content ${NS}>${AUTOMATIC}<office:body><office:text>${b.body.join("")}</office:text></office:body></office:document-content>`;
  const pictures = b.truth.pictures > 0;
  const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/><manifest:file-entry manifest:full-path="styles.xml" manifest:media-type="text/xml"/>${pictures ? '<manifest:file-entry manifest:full-path="Pictures/figure.png" manifest:media-type="image/png"/>' : ""}</manifest:manifest>`;
  const data = await zip(
    {
      mimetype: "application/vnd.oasis.opendocument.text",
      "content.xml": content,
      "styles.xml": STYLES(layout),
      "META-INF/manifest.xml": manifest,
      ...(pictures ? { "Pictures/figure.png": await picturePng(480, 140) } : {}),
    },
    ["mimetype"],
  );
  return { data, truth: b.truth };
}
