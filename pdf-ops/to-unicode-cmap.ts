/**
 * A ToUnicode CMap cut down to the character codes a font still draws. Fonts embedded whole carry the Unicode
 * values of every glyph they have (tens of kilobytes for a font with thousands); once the font is subset, only
 * those of the glyphs left are read by anyone. Handles the two-byte codes of Identity-encoded fonts; anything else
 * (one-byte or mixed codes, a `usecmap`, a range that does not count up cleanly) gives undefined, and the CMap is
 * kept as it is.
 */

type Token = { kind: "hex"; bytes: number[] } | { kind: "word"; text: string } | { kind: "open" } | { kind: "close" };

/** Entries written per begin/end block: the CMap format allows at most 100. */
const BLOCK = 100;

export function keepCodes(cmap: string, kept: readonly number[]): string | undefined {
  const tokens = tokenize(cmap);
  if (!tokens) return undefined;
  const sorted = [...kept].sort((a, b) => a - b);
  const codespace: string[] = [];
  const mappings = new Map<number, number[]>();
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.kind !== "word") continue;
    if (token.text === "usecmap") return undefined;
    if (token.text === "begincodespacerange") {
      for (i++; i + 1 < tokens.length && !isWord(tokens[i]!, "endcodespacerange"); i += 2) {
        const lo = twoByteCode(tokens[i]!), hi = twoByteCode(tokens[i + 1]!);
        if (lo === undefined || hi === undefined) return undefined;
        codespace.push(`${hex([lo >> 8, lo & 255])} ${hex([hi >> 8, hi & 255])}`);
      }
    } else if (token.text === "beginbfchar") {
      for (i++; i + 1 < tokens.length && !isWord(tokens[i]!, "endbfchar"); i += 2) {
        const code = twoByteCode(tokens[i]!);
        const target = tokens[i + 1]!;
        if (code === undefined || target.kind !== "hex") return undefined;
        if (inSorted(sorted, code)) mappings.set(code, target.bytes);
      }
    } else if (token.text === "beginbfrange") {
      i = readRanges(tokens, i + 1, sorted, mappings);
      if (i < 0) return undefined;
    }
  }
  if (codespace.length === 0) return undefined;
  return writeCmap(codespace, [...mappings].sort((a, b) => a[0] - b[0]));
}

/** Reads bfrange entries from `start` to endbfrange into `mappings`; the index of endbfrange, or -1 if malformed. */
function readRanges(tokens: Token[], start: number, sorted: number[], mappings: Map<number, number[]>): number {
  let i = start;
  while (i < tokens.length && !isWord(tokens[i]!, "endbfrange")) {
    const lo = twoByteCode(tokens[i]!), hi = twoByteCode(tokens[i + 1] ?? { kind: "open" });
    if (lo === undefined || hi === undefined || hi < lo) return -1;
    const target = tokens[i + 2];
    const codes = codesBetween(sorted, lo, hi);
    if (target?.kind === "hex") {
      const last = target.bytes.at(-1);
      // Each code of the range adds one to the target's last byte; a range that would carry out of it is malformed.
      if (last === undefined || last + (hi - lo) > 255) return -1;
      for (const code of codes) mappings.set(code, [...target.bytes.slice(0, -1), last + (code - lo)]);
      i += 3;
    } else if (target?.kind === "open") {
      const targets: number[][] = [];
      for (i += 3; i < tokens.length && tokens[i]!.kind === "hex"; i++) targets.push((tokens[i] as { bytes: number[] }).bytes);
      if (tokens[i]?.kind !== "close" || targets.length !== hi - lo + 1) return -1;
      for (const code of codes) mappings.set(code, targets[code - lo]!);
      i++;
    } else {
      return -1;
    }
  }
  return i;
}

function writeCmap(codespace: string[], mappings: Array<[number, number[]]>): string {
  const lines = [
    "/CIDInit /ProcSet findresource begin",
    "12 dict begin",
    "begincmap",
    "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
    "/CMapName /Adobe-Identity-UCS def",
    "/CMapType 2 def",
    `${codespace.length} begincodespacerange`,
    ...codespace,
    "endcodespacerange",
  ];
  for (let at = 0; at < mappings.length; at += BLOCK) {
    const block = mappings.slice(at, at + BLOCK);
    lines.push(`${block.length} beginbfchar`, ...block.map(([code, target]) => `${hex([code >> 8, code & 255])} ${hex(target)}`), "endbfchar");
  }
  lines.push("endcmap", "CMapName currentdict /CMap defineresource pop", "end", "end");
  return lines.join("\n") + "\n";
}

function isWord(token: Token, text: string): boolean {
  return token.kind === "word" && token.text === text;
}

function twoByteCode(token: Token): number | undefined {
  return token.kind === "hex" && token.bytes.length === 2 ? token.bytes[0]! * 256 + token.bytes[1]! : undefined;
}

function hex(bytes: number[]): string {
  return `<${bytes.map((b) => b.toString(16).padStart(2, "0").toUpperCase()).join("")}>`;
}

/** Index of the first element of `sorted` not below `value`. */
function lowerBound(sorted: readonly number[], value: number): number {
  let lo = 0, hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function inSorted(sorted: readonly number[], value: number): boolean {
  return sorted[lowerBound(sorted, value)] === value;
}

function codesBetween(sorted: readonly number[], lo: number, hi: number): number[] {
  const codes: number[] = [];
  for (let i = lowerBound(sorted, lo); i < sorted.length && sorted[i]! <= hi; i++) codes.push(sorted[i]!);
  return codes;
}

/**
 * The CMap's tokens, in one pass: hex strings as bytes, arrays' brackets, and every other run of characters
 * (names, numbers, keywords, dictionaries' brackets, literal strings) as words; comments are dropped. Undefined for
 * a hex string with an odd digit count or a stray character in it.
 */
function tokenize(text: string): Token[] | undefined {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === " " || c === "\n" || c === "\r" || c === "\t" || c === "\f" || c === "\0") {
      i++;
    } else if (c === "%") {
      while (i < text.length && text[i] !== "\n" && text[i] !== "\r") i++;
    } else if (c === "<" && text[i + 1] === "<") {
      tokens.push({ kind: "word", text: "<<" });
      i += 2;
    } else if (c === "<") {
      const end = text.indexOf(">", i);
      if (end < 0) return undefined;
      const digits = text.slice(i + 1, end).replace(/\s/g, "");
      if (digits.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(digits)) return undefined;
      const bytes: number[] = [];
      for (let d = 0; d < digits.length; d += 2) bytes.push(parseInt(digits.slice(d, d + 2), 16));
      tokens.push({ kind: "hex", bytes });
      i = end + 1;
    } else if (c === "[" || c === "]") {
      tokens.push({ kind: c === "[" ? "open" : "close" });
      i++;
    } else if (c === "(") {
      i = afterLiteralString(text, i);
      tokens.push({ kind: "word", text: "()" });
    } else {
      const start = i;
      do i++;
      while (i < text.length && !" \n\r\t\f\0%<>[]()/".includes(text[i]!));
      tokens.push({ kind: "word", text: text.slice(start, i) });
    }
  }
  return tokens;
}

/** The index just past the literal string opening at `start`, with its nested parentheses and escapes. */
function afterLiteralString(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") i++;
    else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return i + 1;
  }
  return text.length;
}
