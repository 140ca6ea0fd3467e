import fs from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { keepCodes } from "../pdf-ops/to-unicode-cmap.js";
import { glyphOutlines } from "../pdf-ops/truetype-glyphs.js";

const CMAP = `/CIDInit /ProcSet findresource begin
12 dict begin
begincmap
/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
/CMapName /Adobe-Identity-UCS def
/CMapType 2 def
1 begincodespacerange
<0000> <FFFF>
endcodespacerange
3 beginbfchar
<0003> <0020>
<0024> <0041>
<0025> <0042>
endbfchar
2 beginbfrange
<0044> <0046> <0061>
<0100> <0102> [<00E9> <D835DC00> <0066006C>]
endbfrange
endcmap
CMapName currentdict /CMap defineresource pop
end
end
`;

/** The code-to-text pairs a CMap written by keepCodes holds. */
function pairs(cmap: string): string[] {
  return [...cmap.slice(cmap.indexOf("endcodespacerange")).matchAll(/^<([0-9A-F]{4})> <([0-9A-F]+)>$/gm)].map((m) => `${m[1]}:${m[2]}`);
}

describe("ToUnicode CMaps cut to the codes kept", () => {
  it("keeps single codes, codes inside ranges and entries of range arrays, and nothing else", () => {
    const cut = keepCodes(CMAP, [0x03, 0x25, 0x45, 0x46, 0x101, 0x102, 0x500]);
    expect(cut).toBeDefined();
    expect(pairs(cut!)).toEqual(["0003:0020", "0025:0042", "0045:0062", "0046:0063", "0101:D835DC00", "0102:0066006C"]);
    expect(cut).toContain("<0000> <FFFF>\nendcodespacerange");
  });

  it("leaves alone what it cannot read for certain", () => {
    expect(keepCodes(CMAP.replace("<0003> <0020>", "<03> <0020>"), [3])).toBeUndefined();
    expect(keepCodes(CMAP.replace("begincmap", "/Other usecmap\nbegincmap"), [3])).toBeUndefined();
    expect(keepCodes(CMAP.replace("<0044> <0046> <0061>", "<0044> <0146> <00FF>"), [3])).toBeUndefined();
    expect(keepCodes(CMAP.replace("<0024> <0041>", "<0024> <0041"), [3])).toBeUndefined();
    expect(keepCodes("no cmap at all", [3])).toBeUndefined();
  });

  it("reads hostile text in linear time", () => {
    const started = performance.now();
    for (const hostile of ["<".repeat(200_000) + ">", "(".repeat(200_000), "<0 ".repeat(100_000) + ">", "1 beginbfrange " + "<0000> <FFFF> <0000> ".repeat(20_000)]) {
      keepCodes(hostile, [1, 2, 3]);
    }
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe("TrueType glyph outlines", () => {
  it("finds the glyphs without an outline, such as the space", async () => {
    const font = await fs.readFile("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf");
    const outlines = glyphOutlines(font);
    expect(outlines?.count).toBeGreaterThan(5000);
    // Glyph 3 is the space, 36 the capital A in DejaVu Sans.
    expect(outlines?.empty.has(3)).toBe(true);
    expect(outlines?.empty.has(36)).toBe(false);
  });

  it("gives undefined for what is not a TrueType font or is cut short", async () => {
    const font = await fs.readFile("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf");
    expect(glyphOutlines(new Uint8Array(100))).toBeUndefined();
    expect(glyphOutlines(font.subarray(0, 2000))).toBeUndefined();
  });
});
