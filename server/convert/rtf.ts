import { pictureType } from "./picture-files.js";
import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import { bodyFontOf, halfPoints } from "./docx.js";
import { fontFamily, hasFontName } from "./fonts.js";
import { rightToLeftText } from "./right-to-left.js";
import type { DocNode, DocumentModel, ParagraphLook, Run } from "./layout-analysis.js";
import { layCells } from "./tables.js";

/**
 * Rich Text from the document model, written directly like the other rebuilt formats: paragraphs with their
 * fonts, sizes, bold, italic and colour; headings in Heading 1–3 styles with outline levels; bulleted and numbered
 * lists; tables with merged cells; each picture once, as PNG or JPEG (`\pngblip`, `\jpegblip`). A word processor's own RTF export stores
 * every picture twice, once as an uncompressed bitmap for readers without PNG support, which made documents with
 * drawings many times larger than their DOCX.
 */

const TWIPS_PER_PT = 20;
const MARGIN_TWIPS = 1134;
/** Bytes of a picture per line of hexadecimal text. */
const HEX_LINE = 64;

/** The bytes of the Windows-1252 code page the document declares, by the character each stands for. */
const CP1252 = new Map<string, number>();
const decoder = new TextDecoder("windows-1252");
for (let b = 0x80; b <= 0xff; b++) CP1252.set(decoder.decode(Uint8Array.of(b)), b);

/**
 * Text escaped for RTF: RTF's own characters quoted, everything beyond ASCII as \uN followed by the character in the
 * document's code page (or "?") for readers that know no Unicode. The fallback is written as \'hh: some readers
 * take a plain "?" after \uN as the start of a word and drop the letters that follow it.
 */
export function rtfEscape(text: string): string {
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === "\\" || ch === "{" || ch === "}") out += `\\${ch}`;
    else if (ch === "\t") out += "\\tab ";
    else if (code < 0x20) continue;
    else if (code < 0x80) out += ch;
    else {
      const fallback = (CP1252.get(ch) ?? 0x3f).toString(16);
      // RTF counts in UTF-16 units, as signed 16-bit numbers; characters beyond the BMP take two.
      for (const unit of ch.length === 2 ? [ch.charCodeAt(0), ch.charCodeAt(1)] : [code]) out += `\\u${unit > 32767 ? unit - 65536 : unit}\\'${fallback}`;
    }
  }
  return out;
}

/** Numbered tables of fonts and colours, filled as the document's runs use them. */
class Tables {
  readonly fonts: string[] = [];
  readonly colors: string[] = [];

  font(family: string): number {
    let i = this.fonts.indexOf(family);
    if (i < 0) i = this.fonts.push(family) - 1;
    return i;
  }

  /** Colour numbers start at 1: 0 is the reader's automatic colour. */
  color(hex: string): number {
    let i = this.colors.indexOf(hex);
    if (i < 0) i = this.colors.push(hex) - 1;
    return i + 1;
  }

  header(): string {
    const fonts = this.fonts.map((f, i) => `{\\f${i}\\fnil\\fcharset0 ${rtfEscape(f)};}`).join("");
    const colors = this.colors.map((c) => `\\red${parseInt(c.slice(0, 2), 16)}\\green${parseInt(c.slice(2, 4), 16)}\\blue${parseInt(c.slice(4, 6), 16)};`).join("");
    return `{\\fonttbl${fonts}}{\\colortbl;${colors}}`;
  }
}

interface Writer {
  tables: Tables;
  bodySize: number;
  textWidthPt: number;
}

function runRtf(run: Run, w: Writer): string {
  const props = [
    rightToLeftText(run.text) ? "\\rtlch" : "",
    hasFontName(run.font) ? `\\f${w.tables.font(fontFamily(run.font))}` : "",
    `\\fs${halfPoints(run)}`,
    run.bold ? "\\b" : "",
    run.italic ? "\\i" : "",
    run.color !== "000000" ? `\\cf${w.tables.color(run.color)}` : "",
    run.script === "super" ? "\\super" : run.script === "sub" ? "\\sub" : "",
  ].join("");
  return `{${props} ${rtfEscape(run.text)}}`;
}

/** A paragraph's direction and shading. */
function lookRtf(look: ParagraphLook, w: Writer): string {
  return `${look.rtl ? "\\rtlpar" : ""}${look.fill ? `\\cbpat${w.tables.color(look.fill)}` : ""}`;
}

const HEADING_SIZES = [1.8, 1.45, 1.2];

function styleSheet(bodySize: number): string {
  const heading = (level: number) =>
    `{\\s${level}\\sb240\\sa120\\keepn\\outlinelevel${level - 1}\\b\\fs${Math.round(bodySize * HEADING_SIZES[level - 1]! * 2)} Heading ${level};}`;
  return `{\\stylesheet{\\s0\\sa120 Normal;}${heading(1)}${heading(2)}${heading(3)}}`;
}

function paragraphRtf(runs: readonly Run[], props: string, w: Writer): string {
  return `\\pard\\plain${props}\\sa120 ${runs.map((r) => runRtf(r, w)).join("")}\\par\n`;
}

function tableRtf(node: Extract<DocNode, { type: "table" }>, w: Writer): string {
  const columns = Math.max(...node.rows.map((r) => r.length));
  const width = Math.floor((w.textWidthPt * TWIPS_PER_PT) / columns);
  const border = "\\clbrdrt\\brdrs\\brdrw10\\clbrdrl\\brdrs\\brdrw10\\clbrdrb\\brdrs\\brdrw10\\clbrdrr\\brdrs\\brdrw10";
  let out = "";
  layCells(node.rows, node.merges).forEach((row, r) => {
    let right = 0;
    let defs = "\\trowd\\trgaph108\\trleft0";
    let cells = "";
    for (const cell of row) {
      right += width * cell.colSpan;
      const merge = cell.rowSpan > 1 ? (cell.continued ? "\\clvmrg" : "\\clvmgf") : "";
      const fill = node.fills?.[r]?.[cell.col];
      defs += `${merge}${border}${fill ? `\\clcbpat${w.tables.color(fill)}` : ""}\\cellx${right}`;
      const rtl = rightToLeftText(cell.text);
      const text = cell.text ? `{${rtl ? "\\rtlch" : ""}\\fs${Math.round(w.bodySize * 2)}${r === 0 ? "\\b" : ""} ${rtfEscape(cell.text)}}` : "";
      cells += `\\pard\\plain\\intbl${rtl ? "\\rtlpar" : ""} ${text}\\cell\n`;
    }
    out += `${defs}\n${cells}\\row\n`;
  });
  // A paragraph after the table ends it, so that the next row of another table is not taken for this one's.
  return `${out}\\pard\\plain\\par\n`;
}

async function pictureRtf(node: Extract<DocNode, { type: "image" }>, props: string, w: Writer): Promise<string> {
  const scale = Math.min(1, w.textWidthPt / node.widthPt);
  const hex = (await fs.readFile(node.path)).toString("hex");
  const lines: string[] = [];
  for (let i = 0; i < hex.length; i += HEX_LINE * 2) lines.push(hex.slice(i, i + HEX_LINE * 2));
  const goalW = Math.round(node.widthPt * scale * TWIPS_PER_PT);
  const goalH = Math.round(node.heightPt * scale * TWIPS_PER_PT);
  return `\\pard\\plain${props}\\sa120 {\\pict\\${pictureType(node.path).extension === "jpg" ? "jpegblip" : "pngblip"}\\picw${node.width}\\pich${node.height}\\picwgoal${goalW}\\pichgoal${goalH}\n${lines.join("\n")}\n}\\par\n`;
}

/** Writes the model as RTF to output, streaming: pictures are read one at a time. */
export async function writeRtf(model: DocumentModel, output: string): Promise<void> {
  const [pageW, pageH] = model.pageSizes[0] ?? [595, 842];
  const tables = new Tables();
  const bodyFont = tables.font(bodyFontOf(model));
  const w: Writer = { tables, bodySize: model.bodySize, textWidthPt: pageW - (2 * MARGIN_TWIPS) / TWIPS_PER_PT };
  // The body is written to a temporary part first: the font and colour tables at the top are known only after it.
  const bodyFile = `${output}.body`;
  const body = createWriteStream(bodyFile);
  const write = async (text: string) => {
    if (!body.write(text)) await once(body, "drain");
  };
  let lastPage = model.nodes[0]?.page;
  for (const node of model.nodes) {
    const breakBefore = node.page !== lastPage ? "\\pagebb" : "";
    lastPage = node.page;
    switch (node.type) {
      case "heading":
        await write(paragraphRtf(node.runs, `\\s${node.level}\\outlinelevel${node.level - 1}\\keepn${breakBefore}${lookRtf(node, w)}`, w));
        break;
      case "paragraph":
        await write(paragraphRtf(node.runs, `${breakBefore}${lookRtf(node, w)}`, w));
        break;
      case "list":
        for (const [i, item] of node.items.entries()) {
          const marker = node.ordered ? `{\\pntext ${i + 1}.\\tab}{\\*\\pn\\pnlvlbody\\pndec\\pnstart1\\pnindent360{\\pntxta .}}` : "{\\pntext \\u8226\\'95\\tab}{\\*\\pn\\pnlvlblt\\pnindent360{\\pntxtb \\u8226\\'95}}";
          await write(`\\pard\\plain${i === 0 ? breakBefore : ""}${lookRtf(node, w)}\\fi-360\\li720\\sa40${marker} ${item.map((r) => runRtf(r, w)).join("")}\\par\n`);
        }
        break;
      case "table":
        await write(tableRtf(node, w));
        break;
      case "image":
        await write(await pictureRtf(node, breakBefore, w));
        break;
    }
  }
  body.end();
  await once(body, "finish");
  const head = `{\\rtf1\\ansi\\ansicpg1252\\uc1\\deff${bodyFont}${tables.header()}${styleSheet(model.bodySize)}\n\\paperw${Math.round(pageW * TWIPS_PER_PT)}\\paperh${Math.round(pageH * TWIPS_PER_PT)}\\margl${MARGIN_TWIPS}\\margr${MARGIN_TWIPS}\\margt${MARGIN_TWIPS}\\margb${MARGIN_TWIPS}${pageW > pageH ? "\\landscape" : ""}\\f${bodyFont}\\fs${Math.round(model.bodySize * 2)}\n`;
  const out = createWriteStream(output);
  out.write(head);
  await pipeline(createReadStream(bodyFile), out, { end: false });
  out.end("}\n");
  await once(out, "finish");
  await fs.rm(bodyFile);
}
