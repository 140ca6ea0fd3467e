import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import yauzl from "yauzl";
import yazl from "yazl";
import { subsetFonts } from "../engines/font-subset.js";
import { EngineError } from "../engines/process-runner.js";
import { AbortedError, EngineFailure } from "../errors.js";
import type { ProcessorContext } from "../work/types.js";
import { compatibleFamily } from "./fonts.js";

/**
 * LibreOffice embeds whole fonts into a DOCX (a family's four styles can weigh a few megabytes together), where only
 * the characters the document uses are needed, and it embeds the fonts it stands in for Times, Arial and the like
 * with (Liberation), which need no embedding: every word processor has a font of their widths. Those are taken
 * out; every other embedded font is cut down to the document's characters by fontTools and put back, and the
 * settings ask Word to keep the fonts subset when it saves (w:saveSubsetFonts). A font the subsetter cannot read
 * stays whole.
 *
 * Embedded fonts are obfuscated (ECMA-376 Part 1, 17.8.1): the first 32 bytes are XORed with the bytes of the GUID
 * in the font table's w:fontKey, taken from its last hex pair to its first.
 */

const FONT = /<w:font\s[^>]*?w:name="([^"]*)"[^>]*>([\s\S]*?)<\/w:font>/g;
const EMBED = /<w:embed(Regular|Bold|Italic|BoldItalic)\b([^>]*)\/>/g;
const STYLE_REFERENCE = /<w:(?:pStyle|rStyle) w:val="([^"]*)"/g;
const STYLE = /<w:style\b[^>]*?w:styleId="([^"]*)"[^>]*>([\s\S]*?)<\/w:style>/g;
const BASED_ON = /<w:basedOn w:val="([^"]*)"/;
/** A run property turned on: `<w:b/>`, `<w:b w:val="true"/>`, not `<w:b w:val="0"/>`. */
const BOLD = /<w:b(?:\s+w:val="(?:true|1|on)")?\s*\/>/;
const ITALIC = /<w:i(?:\s+w:val="(?:true|1|on)")?\s*\/>/;
const ATTRIBUTE = /\s([\w:]+)="([^"]*)"/g;
const RELATIONSHIP = /<Relationship\b([^>]*)\/>/g;
const TEXT_RUN = /<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g;
/** Parts whose text is the document's: the body, headers, footers, notes and comments. */
const TEXT_PARTS = /^word\/(document|header\d*|footer\d*|footnotes|endnotes|comments)\.xml$/;
/** Characters kept whatever the text: a word processor's own marks (list bullets, spaces, hyphens, quotes). */
const ALWAYS = " \u00a0-\u2010\u2011\u2013\u2014\u2022\u25cf\u25e6\u25aa\u2018\u2019\u201c\u201d\u2026.,;:!?()0123456789";

function attributes(text: string): Map<string, string> {
  return new Map([...text.matchAll(ATTRIBUTE)].map(([, name, value]) => [name!, value!]));
}

function keyBytes(guid: string): Buffer | undefined {
  const hex = guid.replace(/[{}-]/g, "");
  if (!/^[0-9A-Fa-f]{32}$/.test(hex)) return undefined;
  return Buffer.from(Array.from({ length: 16 }, (_, i) => parseInt(hex.slice(30 - 2 * i, 32 - 2 * i), 16)));
}

/** Obfuscation and its undoing are the same XOR. */
function xorHead(data: Buffer, key: Buffer): Buffer {
  const out = Buffer.from(data);
  for (let i = 0; i < 32 && i < out.length; i++) out[i]! ^= key[i % 16]!;
  return out;
}

function decodeXmlText(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#\d{1,7}|amp|lt|gt|quot|apos);/g, (_, entity: string) => {
    if (entity === "amp") return "&";
    if (entity === "lt") return "<";
    if (entity === "gt") return ">";
    if (entity === "quot") return '"';
    if (entity === "apos") return "'";
    const code = entity.startsWith("#x") ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : "";
  });
}

async function readEntries(file: string): Promise<Array<{ name: string; data: Buffer }>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: true }, (err, z) => (err || !z ? reject(err ?? new Error("no zip")) : resolve(z))),
  );
  const entries: Array<{ name: string; data: Buffer }> = [];
  return new Promise((resolve, reject) => {
    zip.on("error", reject);
    zip.on("end", () => resolve(entries));
    zip.on("entry", (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (err, stream) => {
        if (err || !stream) return reject(err ?? new Error("no stream"));
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("error", reject);
        stream.on("end", () => {
          entries.push({ name: entry.fileName, data: Buffer.concat(chunks) });
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
}

type Face = "Regular" | "Bold" | "Italic" | "BoldItalic";

interface EmbeddedFont {
  family: string;
  face: Face;
  /** The w:embed… element that names it in the font table. */
  element: string;
  relationshipId: string;
  part: string;
  key: Buffer;
}

/** The fonts embedded in the package: each font's family, its part and its key. */
function embeddedFonts(parts: ReadonlyMap<string, Buffer>): EmbeddedFont[] {
  const table = parts.get("word/fontTable.xml")?.toString("utf8");
  const rels = parts.get("word/_rels/fontTable.xml.rels")?.toString("utf8");
  if (!table || !rels) return [];
  const targets = new Map<string, string>();
  for (const [, attrs] of rels.matchAll(RELATIONSHIP)) {
    const a = attributes(attrs!);
    const id = a.get("Id");
    const target = a.get("Target");
    if (id && target) targets.set(id, path.posix.join("word", target));
  }
  const fonts: EmbeddedFont[] = [];
  for (const [, family, body] of table.matchAll(FONT)) {
    for (const [element, face, attrs] of body!.matchAll(EMBED)) {
      const a = attributes(attrs!);
      const relationshipId = a.get("r:id") ?? "";
      const part = targets.get(relationshipId);
      const key = keyBytes(a.get("w:fontKey") ?? "");
      if (part && key && parts.has(part)) fonts.push({ family: decodeXmlText(family!), face: face as Face, element, relationshipId, part, key });
    }
  }
  return fonts;
}

/** The package without the fonts given: their parts, their relationships and their entries in the font table. */
function withoutFonts(parts: Map<string, Buffer>, fonts: readonly EmbeddedFont[]): void {
  if (fonts.length === 0) return;
  let table = parts.get("word/fontTable.xml")!.toString("utf8");
  const dropped = new Set(fonts.map((f) => f.relationshipId));
  for (const font of fonts) {
    table = table.replace(font.element, "");
    parts.delete(font.part);
  }
  parts.set("word/fontTable.xml", Buffer.from(table, "utf8"));
  const rels = parts.get("word/_rels/fontTable.xml.rels")!.toString("utf8");
  const kept = rels.replace(RELATIONSHIP, (element, attrs: string) => (dropped.has(attributes(attrs).get("Id") ?? "") ? "" : element));
  parts.set("word/_rels/fontTable.xml.rels", Buffer.from(kept, "utf8"));
}

/**
 * The faces the document sets text in: bold and italic where a run says so, or a style it uses (or one that style
 * is based on) does. LibreOffice embeds a family's four faces when one is used; a face no text is set in is dropped,
 * and a reader without the font would make it from the regular face if an edit asked for it.
 */
function facesUsed(parts: ReadonlyMap<string, Buffer>): Set<Face> {
  const styles = new Map<string, string>();
  for (const [, id, body] of (parts.get("word/styles.xml")?.toString("utf8") ?? "").matchAll(STYLE)) styles.set(id!, body!);
  let bold = false;
  let italic = false;
  const look = (xml: string) => {
    bold ||= BOLD.test(xml);
    italic ||= ITALIC.test(xml);
  };
  for (const [name, data] of parts) {
    if (!TEXT_PARTS.test(name)) continue;
    const xml = data.toString("utf8");
    look(xml);
    for (const [, id] of xml.matchAll(STYLE_REFERENCE)) {
      let style = styles.get(id!);
      for (let depth = 0; style !== undefined && depth < 10; depth++) {
        look(style);
        const base = BASED_ON.exec(style)?.[1];
        style = base === undefined ? undefined : styles.get(base);
      }
    }
  }
  const faces = new Set<Face>(["Regular"]);
  if (bold) faces.add("Bold");
  if (italic) faces.add("Italic");
  if (bold && italic) faces.add("BoldItalic");
  return faces;
}

function documentCharacters(parts: ReadonlyMap<string, Buffer>): string {
  const chars = new Set<string>(ALWAYS);
  for (const [name, data] of parts) {
    if (!TEXT_PARTS.test(name)) continue;
    for (const [, text] of data.toString("utf8").matchAll(TEXT_RUN)) for (const ch of decodeXmlText(text!)) chars.add(ch);
  }
  return [...chars].join("");
}

/** Asks Word to keep embedded fonts subset when it saves, where the settings embed fonts at all. */
function withSaveSubsetFonts(settings: string): string {
  if (settings.includes("<w:saveSubsetFonts")) return settings;
  // In the schema's order it follows w:embedSystemFonts, which follows w:embedTrueTypeFonts.
  const anchor = /<w:embedSystemFonts\s*\/>/.exec(settings) ?? /<w:embedTrueTypeFonts\s*\/>/.exec(settings);
  if (!anchor) return settings;
  const at = anchor.index + anchor[0].length;
  return `${settings.slice(0, at)}<w:saveSubsetFonts/>${settings.slice(at)}`;
}

/** Rewrites `docx` in place with its embedded fonts subset; returns its size before and after, or undefined. */
export async function subsetEmbeddedFonts(docx: string, ctx: ProcessorContext): Promise<{ before: number; after: number } | undefined> {
  const entries = await readEntries(docx);
  const parts = new Map(entries.map((e) => [e.name, e.data]));
  const fonts = embeddedFonts(parts);
  if (fonts.length === 0) return undefined;
  const faces = facesUsed(parts);
  const needed = (f: EmbeddedFont) => !compatibleFamily(f.family) && faces.has(f.face);
  withoutFonts(parts, fonts.filter((f) => !needed(f)));
  const own = fonts.filter(needed);
  const dir = await fs.mkdtemp(path.join(ctx.workDir, "fonts-"));
  try {
    if (own.length > 0) {
      const textFile = path.join(dir, "characters.txt");
      await fs.writeFile(textFile, documentCharacters(parts));
      const files = own.map((_, i) => ({ input: path.join(dir, `${i}.ttf`), output: path.join(dir, `${i}-subset.ttf`) }));
      await Promise.all(own.map((font, i) => fs.writeFile(files[i]!.input, xorHead(parts.get(font.part)!, font.key))));
      try {
        await subsetFonts(files, textFile, ctx);
      } catch (err) {
        if (err instanceof AbortedError || (err instanceof EngineFailure && err.kind === "timed-out")) throw err;
        if (!(err instanceof EngineError || err instanceof EngineFailure)) throw err;
      }
      for (const [i, font] of own.entries()) {
        const subset = await fs.readFile(files[i]!.output).catch(() => undefined);
        if (subset) parts.set(font.part, xorHead(subset, font.key));
      }
      const settings = parts.get("word/settings.xml");
      if (settings) parts.set("word/settings.xml", Buffer.from(withSaveSubsetFonts(settings.toString("utf8")), "utf8"));
    }
    const zip = new yazl.ZipFile();
    // The package's order is kept: [Content_Types].xml first, as Word expects.
    for (const { name } of entries) {
      const data = parts.get(name);
      if (data) zip.addBuffer(data, name);
    }
    zip.end();
    const rewritten = path.join(dir, "subset.docx");
    await pipeline(zip.outputStream, createWriteStream(rewritten));
    const before = (await fs.stat(docx)).size;
    const after = (await fs.stat(rewritten)).size;
    await fs.rename(rewritten, docx);
    return { before, after };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
