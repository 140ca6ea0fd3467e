/**
 * Which glyphs of a TrueType font program (a PDF's FontFile2) have no outline: read from the `loca` table, where a
 * glyph without one starts where the next one does. Undefined where the font's tables are missing or do not add up.
 */
export interface GlyphOutlines {
  /** How many glyphs the font has (maxp). */
  count: number;
  /** The glyph ids without an outline: spaces, and the glyphs a subsetter emptied. */
  empty: Set<number>;
}

export function glyphOutlines(font: Uint8Array): GlyphOutlines | undefined {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const tables = tableDirectory(view);
  const head = tables?.get("head");
  const maxp = tables?.get("maxp");
  const loca = tables?.get("loca");
  if (!head || !maxp || !loca || head.length < 54 || maxp.length < 6) return undefined;
  const longOffsets = view.getInt16(head.offset + 50) === 1;
  const count = view.getUint16(maxp.offset + 4);
  const entrySize = longOffsets ? 4 : 2;
  if (loca.length < (count + 1) * entrySize) return undefined;
  const offsetOf = (glyph: number) =>
    longOffsets ? view.getUint32(loca.offset + glyph * 4) : view.getUint16(loca.offset + glyph * 2) * 2;
  const empty = new Set<number>();
  let start = offsetOf(0);
  for (let glyph = 0; glyph < count; glyph++) {
    const end = offsetOf(glyph + 1);
    if (end === start) empty.add(glyph);
    start = end;
  }
  return { count, empty };
}

interface TableSpan {
  offset: number;
  length: number;
}

/** The font's tables by tag, each checked to lie inside the font. */
function tableDirectory(view: DataView): Map<string, TableSpan> | undefined {
  const HEADER = 12;
  const RECORD = 16;
  if (view.byteLength < HEADER) return undefined;
  const version = view.getUint32(0);
  // 0x00010000 for TrueType outlines, 'true' as older Apple fonts write it.
  if (version !== 0x00010000 && version !== 0x74727565) return undefined;
  const numTables = view.getUint16(4);
  if (view.byteLength < HEADER + numTables * RECORD) return undefined;
  const tables = new Map<string, TableSpan>();
  for (let i = 0; i < numTables; i++) {
    const at = HEADER + i * RECORD;
    const tag = String.fromCharCode(view.getUint8(at), view.getUint8(at + 1), view.getUint8(at + 2), view.getUint8(at + 3));
    const offset = view.getUint32(at + 8);
    const length = view.getUint32(at + 12);
    if (offset + length > view.byteLength) return undefined;
    tables.set(tag, { offset, length });
  }
  return tables;
}
