/**
 * Font names for rebuilt documents. Many PDF fonts have a metric-compatible counterpart that every word processor
 * has or substitutes by name (Liberation, Nimbus, Tinos and the like were drawn to the widths of the Windows and
 * PostScript core fonts): naming that counterpart keeps every line's width, so the text wraps as in the PDF,
 * without embedding megabytes of font files.
 */

/** Squashed name prefixes (lower case, letters only) and the family they are metric-compatible with. */
const EQUIVALENTS: ReadonlyArray<readonly [readonly string[], string]> = [
  [["timesnewroman", "times", "tinos", "liberationserif", "nimbusroman", "nimbusrom", "texgyretermes", "freeserif"], "Times New Roman"],
  [["arialnarrow", "liberationsansnarrow", "nimbussansnarrow"], "Arial Narrow"],
  [["helvetica", "arial", "arimo", "liberationsans", "nimbussans", "nimbussanl", "texgyreheros", "freesans"], "Arial"],
  [["couriernew", "courier", "cousine", "liberationmono", "nimbusmono", "texgyrecursor", "freemono"], "Courier New"],
  [["carlito", "calibri"], "Calibri"],
  [["caladea", "cambria"], "Cambria"],
];

/** The PDF's name without a subset tag ("ABCDEF+") and squashed: "TimesNewRomanPS-BoldMT" → "timesnewromanpsboldmt". */
function squash(pdfName: string): string {
  return pdfName.replace(/^[A-Z]{6}\+/, "").toLowerCase().replace(/[^a-z]/g, "");
}

/** The metric-compatible family a word processor knows for a PDF font, if there is one. */
export function compatibleFamily(pdfName: string): string | undefined {
  const name = squash(pdfName);
  if (!name) return undefined;
  for (const [prefixes, family] of EQUIVALENTS) if (prefixes.some((p) => name.startsWith(p))) return family;
  return undefined;
}

/** "TimesNewRomanPS-BoldMT" → "Times New Roman": the family a word processor knows, without style suffixes. */
export function fontFamily(pdfName: string): string {
  const compatible = compatibleFamily(pdfName);
  if (compatible) return compatible;
  const base = pdfName.replace(/^[A-Z]{6}\+/, "").split(/[-,+]/)[0]!.replace(/(PSMT|PS|MT)$/, "");
  if (/^DejaVu/.test(base)) return base.replace(/^DejaVu(?=\S)/, "DejaVu ").replace(/Sans(?=Mono|Condensed)/, "Sans ").trim();
  return base.replace(/([a-z])([A-Z])/g, "$1 $2") || "Times New Roman";
}

/** Whether a PDF font has a name worth passing on: MuPDF calls Type 3 fonts (glyphs drawn as pictures) by their
 * object number, which no word processor could find. */
export function hasFontName(pdfName: string): boolean {
  return pdfName !== "" && !pdfName.startsWith("Type3 (");
}

/** The families of the given PDF fonts that have no metric-compatible counterpart (and would need embedding). */
export function fontsWithoutEquivalent(pdfNames: Iterable<string>): string[] {
  const out = new Set<string>();
  for (const name of pdfNames) if (hasFontName(name) && !compatibleFamily(name)) out.add(fontFamily(name));
  return [...out].sort();
}
