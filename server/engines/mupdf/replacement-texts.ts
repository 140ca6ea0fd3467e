import type * as mupdf from "mupdf";

/**
 * Marked content may carry the text it stands for (/ActualText), a description (/Alt) or an expansion (/E), and so
 * may the elements of a tagged PDF's structure tree. Text extraction (pdftotext, copy and paste, screen readers)
 * reads an ActualText instead of the glyphs it covers. MuPDF's redaction removes glyphs but keeps these texts, so a
 * redacted word written there would stay in the file and in what is extracted from it: each one that holds what was
 * removed is emptied.
 */

const KEYS = new Set(["ActualText", "Alt", "E"]);
/** Forms inside forms past this depth are not followed. */
const MAX_DEPTH = 8;

const isWhite = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;
const isDelimiter = (c: number) => c === 0x28 || c === 0x29 || c === 0x3c || c === 0x3e || c === 0x5b || c === 0x5d || c === 0x7b || c === 0x7d || c === 0x2f || c === 0x25;

/** The end (exclusive) of the literal string starting at `start` (its "("), escapes and nested brackets included. */
function literalEnd(s: string, start: number): number {
  let depth = 0;
  for (let i = start; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x5c) i++;
    else if (c === 0x28) depth++;
    else if (c === 0x29 && --depth === 0) return i + 1;
  }
  return s.length;
}

const ESCAPES: Record<string, string> = { n: "\n", r: "\r", t: "\t", b: "\b", f: "\f" };

/** A string token's bytes, as latin1 text. */
function stringBytes(token: string): string {
  if (token.startsWith("<")) {
    const hex = token.slice(1, -1).replace(/[^0-9a-fA-F]/g, "");
    return Buffer.from(hex.length % 2 ? `${hex}0` : hex, "hex").toString("latin1");
  }
  let out = "";
  const body = token.slice(1, -1);
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c !== "\\") {
      out += c;
      continue;
    }
    const next = body[++i] ?? "";
    if (next >= "0" && next <= "7") {
      let octal = next;
      while (octal.length < 3 && (body[i + 1] ?? "") >= "0" && (body[i + 1] ?? "") <= "7") octal += body[++i];
      out += String.fromCharCode(parseInt(octal, 8) & 0xff);
    } else if (next === "\r" || next === "\n") {
      if (next === "\r" && body[i + 1] === "\n") i++;
    } else out += ESCAPES[next] ?? next;
  }
  return out;
}

/** A PDF text string: UTF-16 after its byte order mark, PDFDocEncoding (read as Latin-1) otherwise. */
export function decodeTextString(bytes: string): string {
  if (bytes.startsWith("\xfe\xff")) return Buffer.from(bytes.slice(2), "latin1").swap16().toString("utf16le");
  if (bytes.startsWith("\xef\xbb\xbf")) return Buffer.from(bytes.slice(3), "latin1").toString("utf8");
  return bytes;
}

/**
 * A content stream (as Latin-1 text) with the strings after /ActualText, /Alt and /E that `drop` answers true for
 * emptied, in one pass over its tokens: strings, comments and inline images' data are stepped over whole, so nothing
 * inside them is taken for a key.
 */
export function emptyReplacementTexts(s: string, drop: (text: string) => boolean): { text: string; emptied: number } {
  const parts: string[] = [];
  let copied = 0;
  let emptied = 0;
  let key = false;
  let i = 0;
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (isWhite(c)) {
      i++;
      continue;
    }
    let end: number;
    if (c === 0x25) {
      // A comment, to the end of its line.
      end = i;
      while (end < s.length && s.charCodeAt(end) !== 0x0a && s.charCodeAt(end) !== 0x0d) end++;
      i = end;
      continue;
    }
    if (c === 0x28 || (c === 0x3c && s.charCodeAt(i + 1) !== 0x3c)) {
      const close = s.indexOf(">", i);
      end = c === 0x28 ? literalEnd(s, i) : close < 0 ? s.length : close + 1;
      if (key && drop(decodeTextString(stringBytes(s.slice(i, end))))) {
        parts.push(s.slice(copied, i), "()");
        copied = end;
        emptied++;
      }
      key = false;
      i = end;
      continue;
    }
    if (c === 0x2f) {
      end = i + 1;
      while (end < s.length && !isWhite(s.charCodeAt(end)) && !isDelimiter(s.charCodeAt(end))) end++;
      key = KEYS.has(s.slice(i + 1, end));
      i = end;
      continue;
    }
    key = false;
    if (isDelimiter(c)) {
      i += c === 0x3c || c === 0x3e ? (s.charCodeAt(i + 1) === c ? 2 : 1) : 1;
      continue;
    }
    end = i;
    while (end < s.length && !isWhite(s.charCodeAt(end)) && !isDelimiter(s.charCodeAt(end))) end++;
    // An inline image's data follows ID: binary, up to EI standing on its own.
    if (end - i === 2 && s.startsWith("ID", i)) {
      let at = end;
      for (;;) {
        at = s.indexOf("EI", at + 1);
        if (at < 0) {
          at = s.length;
          break;
        }
        if (isWhite(s.charCodeAt(at - 1)) && (at + 2 >= s.length || isWhite(s.charCodeAt(at + 2)) || isDelimiter(s.charCodeAt(at + 2)))) break;
      }
      end = Math.min(s.length, at + 2);
    }
    i = end;
  }
  if (emptied === 0) return { text: s, emptied };
  parts.push(s.slice(copied));
  return { text: parts.join(""), emptied };
}

/** The content streams a page draws: its own and those of the forms it uses, each once. */
function contentStreams(pageObj: mupdf.PDFObject): mupdf.PDFObject[] {
  const streams: mupdf.PDFObject[] = [];
  const seen = new Set<number>();
  const add = (obj: mupdf.PDFObject) => {
    if (!obj.isStream() || (obj.isIndirect() && seen.has(obj.asIndirect()))) return false;
    if (obj.isIndirect()) seen.add(obj.asIndirect());
    streams.push(obj);
    return true;
  };
  const forms = (resources: mupdf.PDFObject, depth: number) => {
    if (!resources.isDictionary() || depth > MAX_DEPTH) return;
    const xobjects = resources.get("XObject");
    if (!xobjects.isDictionary()) return;
    xobjects.forEach((xobject) => {
      const subtype = xobject.get("Subtype");
      if (subtype.isName() && subtype.asName() === "Form" && add(xobject)) forms(xobject.get("Resources"), depth + 1);
    });
  };
  const contents = pageObj.get("Contents");
  if (contents.isArray()) for (let i = 0; i < contents.length; i++) add(contents.get(i));
  else add(contents);
  forms(pageObj.getInheritable("Resources"), 0);
  return streams;
}

/** Empties the replacement texts `drop` picks in what a page draws; says how many. */
export function emptyPageReplacementTexts(pageObj: mupdf.PDFObject, drop: (text: string) => boolean): number {
  let emptied = 0;
  for (const stream of contentStreams(pageObj)) {
    const before = Buffer.from(stream.readStream().asUint8Array()).toString("latin1");
    const after = emptyReplacementTexts(before, drop);
    if (after.emptied === 0) continue;
    stream.writeStream(Buffer.from(after.text, "latin1"));
    emptied += after.emptied;
  }
  return emptied;
}

/** Removes the replacement texts `drop` picks from the elements of the structure tree; says how many. */
export function removeStructureTexts(doc: mupdf.PDFDocument, drop: (text: string) => boolean): number {
  const root = doc.getTrailer().get("Root", "StructTreeRoot");
  if (!root.isDictionary()) return 0;
  let removed = 0;
  const seen = new Set<number>();
  const visit = (node: mupdf.PDFObject, depth: number) => {
    if (depth > 256 || !(node.isDictionary() || node.isArray())) return;
    if (node.isIndirect()) {
      if (seen.has(node.asIndirect())) return;
      seen.add(node.asIndirect());
    }
    if (node.isArray()) {
      for (let i = 0; i < node.length; i++) visit(node.get(i), depth + 1);
      return;
    }
    for (const key of KEYS) {
      const value = node.get(key);
      if (value.isString() && drop(value.asString())) {
        node.delete(key);
        removed++;
      }
    }
    visit(node.get("K"), depth + 1);
  };
  visit(root.get("K"), 0);
  return removed;
}
