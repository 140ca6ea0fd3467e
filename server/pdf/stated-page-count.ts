import fs from "node:fs/promises";
import { inflateSync } from "node:zlib";

/**
 * The page count that a file states in its page tree's root, read in this process from the file's cross-reference
 * data: no engine run for a number the writing run already settled (a file qpdf has just written), or for the count
 * a tool plans on while qpdf verifies the upload's tree beside it (onStatedPageCount). It reads only what qpdf
 * writes for an unencrypted or classically encrypted file (one cross-reference table or stream at the `startxref`
 * offset, objects either plain or in flate-compressed object streams) and answers undefined for anything else,
 * so that the caller asks qpdf instead. Every read is bounded and every scan is linear in what it reads.
 */

const TAIL_BYTES = 1024;
/** An object's dictionary is read from at most this many bytes (a page tree's root lists its kids inline). */
const OBJECT_BYTES = 1024 * 1024;
/** Compressed streams read here (the cross-reference stream, one object stream) are never larger. */
const STREAM_BYTES = 16 * 1024 * 1024;
/**
 * What is read from an offset, larger each time what is looked for there does not fit: nearly every dictionary fits
 * in the first, and reading (and decoding) a megabyte for each of the few objects looked at cost more than the rest.
 */
const READ_STEPS = [4 * 1024, 64 * 1024, OBJECT_BYTES];

type Where = { kind: "plain"; offset: number } | { kind: "packed"; stream: number; index: number };

interface Reader {
  handle: fs.FileHandle;
  size: number;
  locate(objectNumber: number): Promise<Where | undefined>;
}

export async function statedPageCount(file: string): Promise<number | undefined> {
  const handle = await fs.open(file, "r");
  try {
    const size = (await handle.stat()).size;
    const tail = (await readAt(handle, Math.max(0, size - TAIL_BYTES), Math.min(size, TAIL_BYTES))).toString("latin1");
    const start = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
    if (!start) return undefined;
    const reader = await crossReference(handle, size, Number(start[1]));
    if (!reader) return undefined;
    const catalog = await objectDictionary(reader, reader.root);
    const pagesRef = catalog && reference(catalog.get("Pages"));
    const pages = pagesRef === undefined ? undefined : await objectDictionary(reader, pagesRef);
    if (pages?.get("Type") !== "/Pages") return undefined;
    const count = Number(pages.get("Count"));
    return Number.isSafeInteger(count) && count >= 0 ? count : undefined;
  } catch (err) {
    // What does not read as expected is for qpdf to read; a file that cannot be opened is not.
    if (err instanceof LayoutError) return undefined;
    throw err;
  } finally {
    await handle.close();
  }
}

/** The file is not laid out as this reader expects. */
class LayoutError extends Error {}

async function readAt(handle: fs.FileHandle, offset: number, length: number): Promise<Buffer> {
  const buffer = Buffer.allocUnsafe(Math.max(0, length));
  const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
  return buffer.subarray(0, bytesRead);
}

/**
 * What `parse` finds in the bytes from `offset` on, read in READ_STEPS until it finds it or the step read all there
 * is: `parse` answers undefined both for what is not there and for what the bytes read so far cut short.
 */
async function parsedAt<T>(handle: fs.FileHandle, size: number, offset: number, parse: (text: string) => T | undefined): Promise<T | undefined> {
  for (const step of READ_STEPS) {
    const length = Math.min(step, size - offset);
    const found = parse((await readAt(handle, offset, length)).toString("latin1"));
    if (found !== undefined || length < step) return found;
  }
  return undefined;
}

async function crossReference(handle: fs.FileHandle, size: number, offset: number): Promise<(Reader & { root: number }) | undefined> {
  if (offset >= size) return undefined;
  if ((await readAt(handle, offset, 4)).toString("latin1") === "xref") {
    return parsedAt(handle, size, offset, (text) => crossReferenceTable(handle, size, offset, text));
  }
  const stream = await streamAt(handle, size, offset);
  if (!stream || stream.dict.get("Type") !== "/XRef" || stream.dict.has("Encrypt") || stream.dict.has("Prev")) return undefined;
  return crossReferenceStream(handle, size, stream.dict, stream.data);
}

/** One table of one section from object 0 on, as qpdf writes it: entry n sits 20 bytes after entry n - 1. */
function crossReferenceTable(handle: fs.FileHandle, size: number, offset: number, text: string): (Reader & { root: number }) | undefined {
  const section = /^xref\r?\n0 (\d+)\r?\n/.exec(text);
  if (!section) return undefined;
  const entries = Number(section[1]);
  const first = offset + section[0].length;
  const trailerAt = text.indexOf("trailer", section[0].length + entries * 20);
  if (trailerAt < 0) return undefined;
  const trailer = dictionaryAt(text, text.indexOf("<<", trailerAt));
  if (!trailer || trailer.has("Prev")) return undefined;
  const root = reference(trailer.get("Root"));
  if (root === undefined) return undefined;
  return {
    handle,
    size,
    root,
    async locate(n) {
      if (n <= 0 || n >= entries) return undefined;
      const entry = /^(\d{10}) \d{5} n/.exec((await readAt(handle, first + n * 20, 20)).toString("latin1"));
      return entry ? { kind: "plain", offset: Number(entry[1]) } : undefined;
    },
  };
}

function crossReferenceStream(handle: fs.FileHandle, size: number, dict: Dictionary, data: Buffer): (Reader & { root: number }) | undefined {
  const widths = numbers(dict.get("W"));
  const root = reference(dict.get("Root"));
  const count = Number(dict.get("Size"));
  if (widths?.length !== 3 || root === undefined || dict.has("Index") || !Number.isSafeInteger(count)) return undefined;
  const rowBytes = widths[0]! + widths[1]! + widths[2]!;
  const rows = unpredicted(data, dict, rowBytes);
  if (!rows || rows.length < count * rowBytes) return undefined;
  const field = (row: number, column: number) => {
    let value = 0;
    let at = row * rowBytes + widths.slice(0, column).reduce((a, b) => a + b, 0);
    for (let i = 0; i < widths[column]!; i++) value = value * 256 + rows[at++]!;
    return value;
  };
  return {
    handle,
    size,
    root,
    async locate(n) {
      if (n <= 0 || n >= count) return undefined;
      const type = widths[0] === 0 ? 1 : field(n, 0);
      if (type === 1) return { kind: "plain", offset: field(n, 1) };
      if (type === 2) return { kind: "packed", stream: field(n, 1), index: field(n, 2) };
      return undefined;
    },
  };
}

/** The rows of a cross-reference stream, undone from the PNG "up" prediction qpdf writes them with. */
function unpredicted(data: Buffer, dict: Dictionary, rowBytes: number): Buffer | undefined {
  const written = dict.get("DecodeParms");
  if (written === undefined) return data;
  const parms = dictionaryAt(written, 0);
  if (parms?.get("Predictor") !== "12" || Number(parms.get("Columns")) !== rowBytes) return undefined;
  const stride = rowBytes + 1;
  const rows = Math.floor(data.length / stride);
  const out = Buffer.alloc(rows * rowBytes);
  for (let r = 0; r < rows; r++) {
    const filter = data[r * stride]!;
    if (filter !== 0 && filter !== 2) return undefined;
    for (let c = 0; c < rowBytes; c++) {
      const above = r > 0 && filter === 2 ? out[(r - 1) * rowBytes + c]! : 0;
      out[r * rowBytes + c] = (data[r * stride + 1 + c]! + above) & 0xff;
    }
  }
  return out;
}

/** The dictionary of object `n` (at the top of its object stream, or after its `n g obj`). */
async function objectDictionary(reader: Reader, n: number): Promise<Dictionary | undefined> {
  const where = await reader.locate(n);
  if (!where) return undefined;
  if (where.kind === "plain") {
    return parsedAt(reader.handle, reader.size, where.offset, (text) => {
      const header = /^(\d+) \d+ obj\s*/.exec(text);
      return Number(header?.[1]) === n ? dictionaryAt(text, header![0].length) : undefined;
    });
  }
  const at = await reader.locate(where.stream);
  if (at?.kind !== "plain") return undefined;
  const stream = await streamAt(reader.handle, reader.size, at.offset);
  if (!stream || stream.dict.get("Type") !== "/ObjStm") return undefined;
  const first = Number(stream.dict.get("First"));
  const pairs = stream.data.subarray(0, first).toString("latin1").trim().split(/\s+/).map(Number);
  if (pairs[where.index * 2] !== n) return undefined;
  const text = stream.data.subarray(first).toString("latin1");
  return dictionaryAt(text, pairs[where.index * 2 + 1]!);
}

/** The dictionary and inflated data of the stream object at `offset` (flate only, or unfiltered). */
async function streamAt(handle: fs.FileHandle, size: number, offset: number): Promise<{ dict: Dictionary; data: Buffer } | undefined> {
  const head = await parsedAt(handle, size, offset, (text) => {
    const header = /^\d+ \d+ obj\s*/.exec(text);
    const dict = header ? dictionaryAt(text, header[0].length) : undefined;
    const keyword = dict && /^\s*stream\r?\n/.exec(text.slice(dict.end, dict.end + 64));
    return keyword ? { dict: dict!, dataAt: dict!.end + keyword[0].length } : undefined;
  });
  if (!head) return undefined;
  const { dict, dataAt } = head;
  const length = Number(dict.get("Length"));
  if (!Number.isSafeInteger(length) || length > STREAM_BYTES) return undefined;
  const raw = await readAt(handle, offset + dataAt, length);
  if (raw.length !== length) return undefined;
  const filter = dict.get("Filter");
  if (filter === undefined) return { dict, data: raw };
  if (filter !== "/FlateDecode") return undefined;
  try {
    return { dict, data: inflateSync(raw, { maxOutputLength: STREAM_BYTES }) };
  } catch {
    throw new LayoutError();
  }
}

/** A dictionary's own keys with their values as written (names with their slash, references as "n g R"). */
type Dictionary = Map<string, string> & { end: number };

const DELIMITERS = new Set([..."()<>[]{}/%"]);
const SPACE = /\s/;

/**
 * The dictionary starting at `start` ("<<"), its top-level entries only: nested dictionaries, arrays and strings
 * are taken whole as values (their contents may say anything), in one pass over the text.
 */
function dictionaryAt(text: string, start: number): Dictionary | undefined {
  if (!text.startsWith("<<", start)) return undefined;
  const tokens: string[] = [];
  let i = start + 2;
  while (i < text.length) {
    const c = text[i]!;
    if (SPACE.test(c)) {
      i++;
      continue;
    }
    if (text.startsWith(">>", i)) return entries(tokens, i + 2);
    const end = c === "(" || c === "[" || c === "<" ? afterComposite(text, i) : afterWord(text, i);
    if (end < 0) return undefined;
    if (c !== "%") tokens.push(text.slice(i, end));
    i = end;
  }
  return undefined;
}

/** Where a name, number or keyword that starts at `i` ends (or a comment, which ends its line). */
function afterWord(text: string, i: number): number {
  if (text[i] === "%") {
    while (i < text.length && text[i] !== "\n" && text[i] !== "\r") i++;
    return i;
  }
  let end = i + 1;
  while (end < text.length && !SPACE.test(text[end]!) && !DELIMITERS.has(text[end]!)) end++;
  return end;
}

/** Where the string, hexadecimal string, array or dictionary that starts at `i` ends; -1 where it does not. */
function afterComposite(text: string, i: number): number {
  let depth = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === "(") {
      i = afterString(text, i);
      if (i < 0) return -1;
    } else if (text.startsWith("<<", i)) {
      depth++;
      i += 2;
      continue;
    } else if (text.startsWith(">>", i) || c === "]") {
      depth--;
      i += c === "]" ? 1 : 2;
    } else if (c === "[") {
      depth++;
      i++;
      continue;
    } else if (c === "<") {
      const close = text.indexOf(">", i);
      if (close < 0) return -1;
      i = close + 1;
    } else i++;
    if (depth <= 0) return i;
  }
  return -1;
}

/** Where the literal string that starts at `i` ends: balanced parentheses, backslash escapes. */
function afterString(text: string, i: number): number {
  let depth = 0;
  for (; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") i++;
    else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return i + 1;
  }
  return -1;
}

function entries(tokens: readonly string[], end: number): Dictionary {
  const map = Object.assign(new Map<string, string>(), { end });
  const integer = (t: string | undefined) => t !== undefined && /^\d+$/.test(t);
  for (let k = 0; k < tokens.length; ) {
    const key = tokens[k]!;
    const value = tokens[k + 1];
    if (!key.startsWith("/") || value === undefined) throw new LayoutError();
    if (tokens[k + 3] === "R" && integer(value) && integer(tokens[k + 2])) {
      map.set(key.slice(1), `${value} ${tokens[k + 2]} R`);
      k += 4;
    } else {
      map.set(key.slice(1), value);
      k += 2;
    }
  }
  return map;
}

function reference(value: string | undefined): number | undefined {
  const ref = value === undefined ? null : /^(\d+) \d+ R$/.exec(value);
  return ref ? Number(ref[1]) : undefined;
}

/** The numbers of an array of numbers ("[1 2 1]"). */
function numbers(value: string | undefined): number[] | undefined {
  const inside = value === undefined ? null : /^\[([\d\s]*)\]$/.exec(value);
  return inside ? inside[1]!.trim().split(/\s+/).map(Number) : undefined;
}
