import * as mupdf from "mupdf";
import { glyphOutlines, type GlyphOutlines } from "../../../pdf-ops/truetype-glyphs.js";
import { keepCodes } from "../../../pdf-ops/to-unicode-cmap.js";

/**
 * After MuPDF subsets the fonts, the widths (/W) and Unicode values (ToUnicode) of every glyph a font had before
 * stay in the file: for a font embedded whole they outweigh the subset font program itself. MuPDF's subsetter keeps
 * glyph ids in place and empties the outlines of glyphs no page draws, so for an Identity-encoded TrueType font
 * (character code = CID = glyph id) the glyphs emptied by the subsetter say which entries no one reads any more.
 * A glyph empty before subsetting too (a space) is kept, as is any code past the font's last glyph.
 */

interface CidFont {
  /** The Type0 font dictionary, which holds ToUnicode. */
  type0: mupdf.PDFObject;
  /** Its descendant CIDFontType2 dictionary, which holds W. */
  descendant: mupdf.PDFObject;
}

/** Identity-encoded TrueType CID fonts with their glyph outlines as they are now, by descendant object number. */
export function cidTrueTypeOutlines(doc: mupdf.PDFDocument): Map<number, GlyphOutlines> {
  const outlines = new Map<number, GlyphOutlines>();
  for (const { descendant } of identityTrueTypeFonts(doc)) {
    const key = descendant.asIndirect();
    if (outlines.has(key)) continue;
    const found = glyphOutlines(descendant.get("FontDescriptor").get("FontFile2").readStream().asUint8Array());
    if (found) outlines.set(key, found);
  }
  return outlines;
}

/**
 * Drops the W and ToUnicode entries of glyphs that `before` (cidTrueTypeOutlines before subsetting) had and the
 * subset font no longer has. A ToUnicode shared by several fonts keeps what any of them uses; one shared with a font
 * this cannot read is left whole. Returns how many fonts were trimmed.
 */
export function trimSubsetCidFonts(doc: mupdf.PDFDocument, before: Map<number, GlyphOutlines>): number {
  const { fonts, otherCmaps } = fontsOf(doc);
  const keptByDescendant = new Map<number, number[] | undefined>();
  for (const { descendant } of fonts) {
    const key = descendant.asIndirect();
    if (keptByDescendant.has(key)) continue;
    const earlier = before.get(key);
    const now = earlier && glyphOutlines(descendant.get("FontDescriptor").get("FontFile2").readStream().asUint8Array());
    keptByDescendant.set(key, earlier && now && now.count === earlier.count ? keptGlyphs(earlier, now) : undefined);
  }
  let trimmed = 0;
  for (const [key, kept] of keptByDescendant) {
    if (kept && trimWidths(doc, doc.newIndirect(key), kept)) trimmed++;
  }
  trimToUnicode(doc, fonts, keptByDescendant, otherCmaps);
  return trimmed;
}

/** Glyph ids still drawn or empty from the start, and every code from the font's glyph count to the largest two-byte code. */
function keptGlyphs(before: GlyphOutlines, after: GlyphOutlines): number[] {
  const kept: number[] = [];
  for (let glyph = 0; glyph < after.count; glyph++) {
    if (!after.empty.has(glyph) || before.empty.has(glyph)) kept.push(glyph);
  }
  for (let code = after.count; code <= 0xffff; code++) kept.push(code);
  return kept;
}

function identityTrueTypeFonts(doc: mupdf.PDFDocument): CidFont[] {
  return fontsOf(doc).fonts;
}

/** The Identity-encoded TrueType CID fonts, and the ToUnicode streams of every other font (left whole). */
function fontsOf(doc: mupdf.PDFDocument): { fonts: CidFont[]; otherCmaps: Set<number> } {
  const fonts: CidFont[] = [];
  const otherCmaps = new Set<number>();
  for (let num = 1, n = doc.countObjects(); num < n; num++) {
    // Read through the reference (see fontPrograms in tasks.ts for why not resolve()).
    const font = doc.newIndirect(num);
    if (!font.isDictionary() || nameOf(font.get("Type")) !== "Font") continue;
    const descendant = identityTrueTypeDescendant(font);
    if (descendant) fonts.push({ type0: font, descendant });
    else if (font.get("ToUnicode").isIndirect()) otherCmaps.add(font.get("ToUnicode").asIndirect());
  }
  return { fonts, otherCmaps };
}

function identityTrueTypeDescendant(font: mupdf.PDFObject): mupdf.PDFObject | undefined {
  if (nameOf(font.get("Subtype")) !== "Type0") return undefined;
  const encoding = nameOf(font.get("Encoding"));
  if (encoding !== "Identity-H" && encoding !== "Identity-V") return undefined;
  const descendants = font.get("DescendantFonts");
  if (!descendants.isArray() || descendants.length !== 1) return undefined;
  const descendant = descendants.get(0);
  if (!descendant.isIndirect() || nameOf(descendant.get("Subtype")) !== "CIDFontType2") return undefined;
  const map = descendant.get("CIDToGIDMap");
  if (!map.isNull() && nameOf(map) !== "Identity") return undefined;
  return descendant.get("FontDescriptor").get("FontFile2").isStream() ? descendant : undefined;
}

function nameOf(obj: mupdf.PDFObject): string | undefined {
  return obj.isName() ? obj.asName() : undefined;
}

/** Rewrites W with the kept glyphs' widths only; false (and W untouched) where it is missing or malformed. */
function trimWidths(doc: mupdf.PDFDocument, descendant: mupdf.PDFObject, kept: number[]): boolean {
  const w = descendant.get("W");
  if (!w.isArray()) return false;
  const keep = new Set(kept);
  const widths = new Map<number, number>();
  for (let i = 0; i < w.length; ) {
    const first = w.get(i), next = w.get(i + 1);
    if (!first.isNumber()) return false;
    const start = first.asNumber();
    if (next.isArray()) {
      for (let k = 0; k < next.length; k++) if (keep.has(start + k)) widths.set(start + k, next.get(k).asNumber());
      i += 2;
    } else {
      const width = w.get(i + 2);
      if (!next.isNumber() || !width.isNumber()) return false;
      const last = Math.min(next.asNumber(), 0xffff);
      for (const glyph of kept) if (glyph >= start && glyph <= last) widths.set(glyph, width.asNumber());
      i += 3;
    }
  }
  const trimmed = doc.newArray();
  let run: mupdf.PDFObject | undefined;
  let previous = -2;
  for (const [glyph, width] of [...widths].sort((a, b) => a[0] - b[0])) {
    if (glyph !== previous + 1 || !run) {
      run = doc.newArray();
      trimmed.push(glyph);
      trimmed.push(run);
    }
    run.push(width);
    previous = glyph;
  }
  descendant.put("W", trimmed);
  return true;
}

function trimToUnicode(doc: mupdf.PDFDocument, fonts: CidFont[], kept: Map<number, number[] | undefined>, otherCmaps: Set<number>): void {
  const byCmap = new Map<number, Set<number> | undefined>([...otherCmaps].map((key) => [key, undefined]));
  for (const { type0, descendant } of fonts) {
    const cmap = type0.get("ToUnicode");
    if (!cmap.isStream() || !cmap.isIndirect()) continue;
    const key = cmap.asIndirect();
    const glyphs = kept.get(descendant.asIndirect());
    const union = byCmap.has(key) ? byCmap.get(key) : new Set<number>();
    if (!glyphs || !union) {
      byCmap.set(key, undefined);
      continue;
    }
    for (const glyph of glyphs) union.add(glyph);
    byCmap.set(key, union);
  }
  for (const [key, codes] of byCmap) {
    if (!codes) continue;
    const stream = doc.newIndirect(key);
    const original = Buffer.from(stream.readStream().asUint8Array());
    const text = keepCodes(original.toString("latin1"), [...codes]);
    if (text !== undefined && text.length < original.length) stream.writeStream(Buffer.from(text, "latin1"));
  }
}
