import fs from "node:fs/promises";
import { markupText, rtfText } from "./reading-order.js";
import { readZip } from "./zip.js";

/**
 * What a rebuilt document (Word, RTF, HTML, Markdown, EPUB) holds, read straight from the returned file: its text in
 * document order, its tables as rows of cells, its headings and its pictures.
 */

export const REBUILT_FORMATS = ["pdf-to-word", "pdf-to-rtf", "pdf-to-html", "pdf-to-markdown", "pdf-to-epub"] as const;
export type RebuiltTool = (typeof REBUILT_FORMATS)[number];

export interface RebuiltDocument {
  text: string;
  tables: string[][][];
  headings: string[];
  pictures: number;
  /** Background colours ("rrggbb", lower case) the document paints behind text: cell shading, shaded paragraphs. */
  fills: string[];
}

const clean = (s: string) => s.replace(/\s+/g, " ").trim();

/** Tables of HTML or XHTML as rows of cell texts. */
function htmlTables(html: string): string[][][] {
  return [...html.matchAll(/<table[\s>][\s\S]*?<\/table>/g)].map((t) =>
    [...t[0].matchAll(/<tr[\s>][\s\S]*?<\/tr>/g)].map((r) => [...r[0].matchAll(/<t[dh][\s>][\s\S]*?<\/t[dh]>/g)].map((c) => clean(markupText(c[0])))),
  );
}

/** Colours given as CSS backgrounds, in style attributes or the style sheet. */
function cssFills(markup: string): string[] {
  return [...markup.matchAll(/background(?:-color)?:\s*#([0-9a-f]{6})\b/gi)].map((m) => m[1]!.toLowerCase());
}

function html(markup: string): RebuiltDocument {
  const body = markup.slice(Math.max(0, markup.indexOf("<body")));
  return {
    fills: cssFills(markup),
    text: markupText(body),
    tables: htmlTables(body),
    headings: [...body.matchAll(/<h[1-6][\s>][\s\S]*?<\/h[1-6]>/g)].map((h) => clean(markupText(h[0]))),
    pictures: (body.match(/<img\s/g) ?? []).length,
  };
}

function word(xml: string, media: number): RebuiltDocument {
  const body = xml.slice(xml.indexOf("<w:body>"));
  const paragraphText = (p: string) => markupText([...p.matchAll(/<w:t(?:\s[^>]*)?>[^<]*<\/w:t>/g)].map((m) => m[0]).join(""));
  const tables = [...body.matchAll(/<w:tbl>[\s\S]*?<\/w:tbl>/g)].map((t) =>
    [...t[0].matchAll(/<w:tr[\s>][\s\S]*?<\/w:tr>/g)].map((r) => [...r[0].matchAll(/<w:tc>[\s\S]*?<\/w:tc>/g)].map((c) => clean(paragraphText(c[0])))),
  );
  const paragraphs = [...body.matchAll(/<w:p[\s>][\s\S]*?<\/w:p>/g)].map((p) => p[0]);
  return {
    fills: [...body.matchAll(/<w:shd\b[^>]*\bw:fill="([0-9A-Fa-f]{6})"/g)].map((m) => m[1]!.toLowerCase()),
    text: paragraphs.map(paragraphText).join("\n"),
    tables,
    headings: paragraphs.filter((p) => /<w:pStyle w:val="Heading\d"\/>/.test(p)).map((p) => clean(paragraphText(p))),
    pictures: media,
  };
}

function markdown(md: string, pictures: number): RebuiltDocument {
  const lines = md.split("\n");
  const tables: string[][][] = [];
  let table: string[][] | undefined;
  for (const line of lines) {
    if (line.startsWith("|")) {
      if (!table) tables.push((table = []));
      if (!/^\|(?:\s*---\s*\|)+$/.test(line)) table.push(line.slice(1, -1).split(" | ").map((c) => clean(c)));
    } else table = undefined;
  }
  const unescape = (s: string) => s.replace(/\\([\\`*_[\]#|<>])/g, "$1");
  return {
    fills: [],
    text: unescape(md.replace(/!\[[^\]]*\]\([^)]*\)/g, " ").replace(/<\/?su[bp]>/g, "").replace(/[*`]/g, "").replace(/^#+ /gm, "")),
    tables,
    headings: lines.filter((l) => /^#{1,6} /.test(l)).map((l) => clean(unescape(l.replace(/^#+ /, "").replace(/[*`]/g, "")))),
    pictures,
  };
}

/** An RTF file: headings are paragraphs in the "Heading n" styles of its style sheet; tables are rows of \cell. */
function rtf(data: string): RebuiltDocument {
  const text = rtfText(data);
  // A table is rows one after the other; a paragraph outside a row ends it.
  const tables: string[][][] = [];
  let table: string[][] | undefined;
  let row: string[] | undefined;
  let from = 0;
  for (const m of data.matchAll(/\\(trowd|cell|row|par)(?![a-z])/g)) {
    const at = m.index + m[0].length;
    if (m[1] === "trowd") {
      if (!row) {
        if (!table) tables.push((table = []));
        row = [];
      }
      from = at;
    } else if (m[1] === "cell" && row) {
      row.push(clean(rtfText(`{${data.slice(from, m.index)}}`)));
      from = at;
    } else if (m[1] === "row" && row) {
      table?.push(row);
      row = undefined;
    } else if (m[1] === "par" && !row) table = undefined;
  }
  const headingStyles = new Set([...data.matchAll(/\{\\s(\d+)\\[^{}]*? Heading \d;/g)].map((m) => m[1]!));
  // A paragraph's style is named after its \pard (the first paragraph shares its piece with the style sheet).
  const headings = data
    .split(/\\(?:par|row|cell)\b/)
    .map((p) => p.slice(Math.max(0, p.lastIndexOf("\\pard"))))
    .filter((p) => headingStyles.has(/\\s(\d+)(?![\d])/.exec(p)?.[1] ?? ""))
    .map((p) => clean(rtfText(`{${p}}`)));
  // A word processor may write a picture twice, for readers with and without shapes; \shppict marks the one.
  const pictures = (data.match(/\\shppict/g) ?? data.match(/\\pict/g) ?? []).length;
  // Colour table entries are numbered from 0 (the first, often empty, is "auto"); shading names them by number.
  const colorTable = /\{\\colortbl;?([^}]*)\}/.exec(data)?.[1] ?? "";
  const colours = colorTable.split(";").map((c) => {
    const m = /\\red(\d+)\\green(\d+)\\blue(\d+)/.exec(c);
    return m ? [m[1], m[2], m[3]].map((v) => Number(v).toString(16).padStart(2, "0")).join("") : "";
  });
  const offset = /\{\\colortbl;/.test(data) ? 1 : 0;
  const fills = [...data.matchAll(/\\(?:clcbpat|cbpat|clcfpat)(\d+)/g)].map((m) => colours[Number(m[1]) - offset] ?? "").filter(Boolean);
  return { text, tables, headings, pictures, fills };
}

export async function readRebuilt(tool: RebuiltTool, file: string): Promise<RebuiltDocument> {
  const data = await fs.readFile(file);
  const zipped = data.subarray(0, 2).toString("latin1") === "PK";
  switch (tool) {
    case "pdf-to-word": {
      const entries = await readZip(file);
      return word(entries.get("word/document.xml")!.toString("utf8"), [...entries.keys()].filter((k) => k.startsWith("word/media/")).length);
    }
    case "pdf-to-rtf":
      return rtf(data.toString("latin1"));
    case "pdf-to-html":
      return html(data.toString("utf8"));
    case "pdf-to-markdown": {
      if (!zipped) return markdown(data.toString("utf8"), 0);
      const entries = await readZip(file);
      const name = [...entries.keys()].find((k) => k.endsWith(".md"))!;
      return markdown(entries.get(name)!.toString("utf8"), [...entries.keys()].filter((k) => /\.(png|jpg)$/.test(k)).length);
    }
    case "pdf-to-epub": {
      const entries = await readZip(file);
      const opf = entries.get("OEBPS/content.opf")!.toString("utf8");
      const chapters = [...opf.matchAll(/<itemref idref="([^"]+)"/g)].map((m) => `OEBPS/${m[1]}.xhtml`);
      const parts = chapters.map((c) => html(entries.get(c)!.toString("utf8")));
      return {
        text: parts.map((p) => p.text).join("\n"),
        tables: parts.flatMap((p) => p.tables),
        headings: parts.flatMap((p) => p.headings),
        pictures: [...entries.keys()].filter((k) => k.startsWith("OEBPS/images/")).length,
        fills: [...parts.flatMap((p) => p.fills), ...[...entries.entries()].filter(([k]) => k.endsWith(".css")).flatMap(([, v]) => cssFills(v.toString("utf8")))],
      };
    }
  }
}
