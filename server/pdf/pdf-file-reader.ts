import fs from "node:fs/promises";
import { inflateSync } from "node:zlib";

/**
 * A small reader of a PDF's objects, in this process: the cross-reference sections from `startxref` on (tables and
 * streams, their subsections, earlier sections through /Prev), objects either plain or in
 * flate-compressed object streams, and their dictionaries and arrays as written. It is for numbers a file states in
 * a few objects (its page tree's count, its pages' boxes), read without starting an engine. It reads only what it
 * can read without guessing: a file laid out any other way (a wrong offset, an unknown filter, a hybrid file's two
 * tables) gives a LayoutError, and the caller asks an engine instead. Every read is bounded and every scan is linear
 * in what it reads.
 */

const TAIL_BYTES = 1024;
/** An object's text is read from at most this many bytes (a page tree's node lists its kids inline). */
const OBJECT_BYTES = 1024 * 1024;
/** Compressed streams read here (a cross-reference stream, one object stream) are never larger. */
const STREAM_BYTES = 16 * 1024 * 1024;
/** A cross-reference table is read from at most this many bytes (about 1.6 million entries). */
const TABLE_BYTES = 32 * 1024 * 1024;
/** Entries kept over all sections: a file stating more is for an engine. */
const MAX_ENTRIES = 2_000_000;
/** Sections followed through /Prev: an incrementally updated file has a few; a loop would have no end. */
const MAX_SECTIONS = 64;
/** Object streams kept decoded at once, so that the pages packed in one are not decoded once each. */
const DECODED_STREAMS = 8;
/**
 * What is read from an offset, larger each time what is looked for there does not fit: nearly every dictionary fits
 * in the first, and reading (and decoding) a megabyte for each of the few objects looked at cost more than the rest.
 */
const READ_STEPS = [4 * 1024, 64 * 1024, OBJECT_BYTES];
/**
 * What one reader may scan (characters of the objects it parses) and read or inflate (bytes) in all, whatever the
 * file: objects may overlap (each page's dictionary may hold the next page in a string, so that every page runs to
 * the end), and a file made so would otherwise keep this process scanning the same bytes once per page. Past either
 * bound the file is for an engine, which runs in its sandbox under its time limit.
 */
const SCAN_BUDGET = 32 * 1024 * 1024;
const READ_BUDGET = 64 * 1024 * 1024;

/** The file is not laid out as this reader expects. */
class LayoutError extends Error {}

type Where = { kind: "plain"; offset: number } | { kind: "packed"; stream: number; index: number } | { kind: "free" };

/** A dictionary's own keys with their values as written (names with their slash, references as "n g R"). */
export type Dictionary = Map<string, string> & { end: number };

export interface PdfFileReader {
  /** The catalog's object number. */
  root: number;
  /** Whether the trailer names an encryption dictionary: strings and streams are then not what they read as. */
  encrypted: boolean;
  /** The dictionary that object `n` is (undefined where it is missing, free or not a dictionary). */
  dictionary(n: number): Promise<Dictionary | undefined>;
  /** The text of the array that object `n` is ("[0 0 612 792]"), or undefined. */
  array(n: number): Promise<string | undefined>;
}

/**
 * Opens `file`, reads its cross-reference sections and gives a reader of its objects to `use`, closing the file
 * after. A file this reader cannot read as it expects makes `use` unrun and the answer undefined; a file that
 * cannot be opened is an error.
 */
export async function withPdfFileReader<T>(file: string, use: (reader: PdfFileReader) => Promise<T | undefined>): Promise<T | undefined> {
  const handle = await fs.open(file, "r");
  try {
    const size = (await handle.stat()).size;
    const tail = (await readAt(handle, Math.max(0, size - TAIL_BYTES), Math.min(size, TAIL_BYTES))).toString("latin1");
    const start = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
    if (!start) return undefined;
    const objects = new FileObjects(handle, size);
    await objects.readSections(Number(start[1]));
    return await use(objects);
  } catch (err) {
    if (err instanceof LayoutError) return undefined;
    throw err;
  } finally {
    await handle.close();
  }
}

class FileObjects implements PdfFileReader {
  root = 0;
  encrypted = false;
  private readonly entries = new Map<number, Where>();
  private readonly decoded = new Map<number, Promise<{ pairs: number[]; text: string }>>();
  private scanned = 0;
  private read = 0;

  constructor(
    private readonly handle: fs.FileHandle,
    private readonly size: number,
  ) {}

  /** Every section from the newest (at `offset`) back through /Prev; an object's newest entry counts. */
  async readSections(offset: number): Promise<void> {
    const seen = new Set<number>();
    let next: number | undefined = offset;
    for (let sections = 0; next !== undefined; sections++) {
      if (sections >= MAX_SECTIONS || seen.has(next)) throw new LayoutError();
      seen.add(next);
      const section = await this.sectionAt(next);
      if (sections === 0) this.encrypted = section.trailer.has("Encrypt");
      if (!this.root) this.root = reference(section.trailer.get("Root")) ?? 0;
      if (section.trailer.has("XRefStm")) throw new LayoutError();
      for (const [n, where] of section.entries) if (!this.entries.has(n)) this.entries.set(n, where);
      if (this.entries.size > MAX_ENTRIES) throw new LayoutError();
      const prev = section.trailer.get("Prev");
      next = prev === undefined ? undefined : whole(prev);
    }
    if (!this.root) throw new LayoutError();
  }

  private async sectionAt(offset: number): Promise<{ entries: Map<number, Where>; trailer: Dictionary }> {
    if (offset >= this.size) throw new LayoutError();
    if ((await this.readAt(offset, 4)).toString("latin1") === "xref") {
      const table = await this.parsedAt(offset, (text) => crossReferenceTable(text), [...READ_STEPS, TABLE_BYTES]);
      if (!table) throw new LayoutError();
      return table;
    }
    const stream = await this.streamAt(offset);
    if (stream.dict.get("Type") !== "/XRef") throw new LayoutError();
    return { entries: crossReferenceStream(stream.dict, stream.data), trailer: stream.dict };
  }

  async dictionary(n: number): Promise<Dictionary | undefined> {
    const found = await this.objectText(n);
    if (!found) return undefined;
    const dict = dictionaryAt(found.text, found.at);
    this.scan(found, dict?.end ?? -1);
    return dict;
  }

  async array(n: number): Promise<string | undefined> {
    const found = await this.objectText(n);
    if (!found || found.text[found.at] !== "[") return undefined;
    const end = afterComposite(found.text, found.at);
    this.scan(found, end);
    return end < 0 ? undefined : found.text.slice(found.at, end);
  }

  /** Counts the characters scanned from `at` to `end` (to the text's end where nothing ended: -1) against the budget. */
  private scan({ text, at }: { text: string; at: number }, end: number): void {
    this.scanned += (end < 0 ? text.length : end) - at;
    if (this.scanned > SCAN_BUDGET) throw new LayoutError();
  }

  /** The text that holds object `n`, and where in it the object's value starts. */
  private async objectText(n: number): Promise<{ text: string; at: number } | undefined> {
    const where = this.entries.get(n);
    if (!where || where.kind === "free") return undefined;
    if (where.kind === "plain") {
      return this.parsedAt(where.offset, (text) => {
        const header = /^(\d+) \d+ obj\s*/.exec(text);
        if (Number(header?.[1]) !== n) throw new LayoutError();
        const at = header![0].length;
        if (text[at] !== "<" && text[at] !== "[") return { text, at };
        // Cut short when what starts there does not end in the bytes read so far: read more.
        const end = afterComposite(text, at);
        this.scan({ text, at }, end);
        return end < 0 ? undefined : { text, at };
      });
    }
    const packed = await this.objectStream(where.stream);
    if (packed.pairs[where.index * 2] !== n) throw new LayoutError();
    const at = packed.pairs[where.index * 2 + 1];
    if (at === undefined || !Number.isSafeInteger(at) || at >= packed.text.length) throw new LayoutError();
    return { text: packed.text, at: skipSpace(packed.text, at) };
  }

  /** Object stream `n` decoded, once for all the objects read from it at the same time. */
  private objectStream(n: number): Promise<{ pairs: number[]; text: string }> {
    const known = this.decoded.get(n);
    if (known) return known;
    if (this.decoded.size >= DECODED_STREAMS) this.decoded.delete(this.decoded.keys().next().value!);
    const decoding = this.decodeObjectStream(n);
    this.decoded.set(n, decoding);
    return decoding;
  }

  private async decodeObjectStream(n: number): Promise<{ pairs: number[]; text: string }> {
    const where = this.entries.get(n);
    // An encrypted file's object streams are encrypted: not for this reader.
    if (where?.kind !== "plain" || this.encrypted) throw new LayoutError();
    const stream = await this.streamAt(where.offset);
    const first = Number(stream.dict.get("First"));
    if (stream.dict.get("Type") !== "/ObjStm" || !Number.isSafeInteger(first) || first < 0) throw new LayoutError();
    const pairs = stream.data.subarray(0, first).toString("latin1").trim().split(/\s+/).map(Number);
    return { pairs, text: stream.data.subarray(first).toString("latin1") };
  }

  /** The dictionary and inflated data of the stream object at `offset` (flate only, or unfiltered). */
  private async streamAt(offset: number): Promise<{ dict: Dictionary; data: Buffer }> {
    const head = await this.parsedAt(offset, (text) => {
      const header = /^\d+ \d+ obj\s*/.exec(text);
      if (!header) throw new LayoutError();
      const dict = dictionaryAt(text, header[0].length);
      const keyword = dict && /^\s*stream\r?\n/.exec(text.slice(dict.end, dict.end + 64));
      return keyword ? { dict: dict!, dataAt: dict!.end + keyword[0].length } : undefined;
    });
    if (!head) throw new LayoutError();
    const { dict, dataAt } = head;
    const length = Number(dict.get("Length"));
    if (!Number.isSafeInteger(length) || length < 0 || length > STREAM_BYTES) throw new LayoutError();
    const raw = await this.readAt(offset + dataAt, length);
    if (raw.length !== length) throw new LayoutError();
    const filter = dict.get("Filter");
    if (filter === undefined) return { dict, data: raw };
    if (filter.replace(/[\s[\]]/g, "") !== "/FlateDecode") throw new LayoutError();
    let data: Buffer;
    try {
      data = unpredicted(inflateSync(raw, { maxOutputLength: STREAM_BYTES }), dict);
    } catch (err) {
      if (err instanceof LayoutError) throw err;
      throw new LayoutError();
    }
    this.spend(data.length);
    return { dict, data };
  }

  private async readAt(offset: number, length: number): Promise<Buffer> {
    this.spend(length);
    return readAt(this.handle, offset, length);
  }

  /** Counts bytes read or inflated against the budget. */
  private spend(bytes: number): void {
    this.read += bytes;
    if (this.read > READ_BUDGET) throw new LayoutError();
  }

  /**
   * What `parse` finds in the bytes from `offset` on, read in `steps` until it finds it or the step read all there
   * is: `parse` answers undefined for what the bytes read so far cut short, and throws a LayoutError for what is
   * not there.
   */
  private async parsedAt<T>(offset: number, parse: (text: string) => T | undefined, steps = READ_STEPS): Promise<T | undefined> {
    for (const step of steps) {
      const length = Math.min(step, this.size - offset);
      const found = parse((await this.readAt(offset, length)).toString("latin1"));
      if (found !== undefined || length < step) return found;
    }
    return undefined;
  }
}

async function readAt(handle: fs.FileHandle, offset: number, length: number): Promise<Buffer> {
  const buffer = Buffer.allocUnsafe(Math.max(0, length));
  const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
  return buffer.subarray(0, bytesRead);
}

/** A non-negative integer written as such, or a LayoutError. */
function whole(value: string): number {
  if (!/^\d{1,15}$/.test(value)) throw new LayoutError();
  return Number(value);
}

/** A subsection's first object number and count; the spaces around an entry or a header are skipped apart. */
const SUBSECTION = /(\d{1,10})[ \t]{1,8}(\d{1,10})/y;
/** One entry: offset, generation, in use or free (writers end it with two bytes, some with one). */
const ENTRY = /(\d{10}) (\d{5}) ([nf])/y;

/**
 * A cross-reference table from its `xref` keyword: its subsections and the trailer after them; undefined where the
 * text read ends before the trailer's dictionary does.
 */
function crossReferenceTable(text: string): { entries: Map<number, Where>; trailer: Dictionary } | undefined {
  const entries = new Map<number, Where>();
  let at = skipSpace(text, 4);
  while (!text.startsWith("trailer", at)) {
    SUBSECTION.lastIndex = at;
    const section = SUBSECTION.exec(text);
    if (!section) return cutShort(text, at);
    const [first, count] = [Number(section[1]), Number(section[2])];
    if (entries.size + count > MAX_ENTRIES) throw new LayoutError();
    at = SUBSECTION.lastIndex;
    for (let i = 0; i < count; i++) {
      const start = skipSpace(text, at);
      ENTRY.lastIndex = start;
      const entry = ENTRY.exec(text);
      if (!entry) return cutShort(text, start);
      at = ENTRY.lastIndex;
      entries.set(first + i, entry[3] === "n" ? { kind: "plain", offset: Number(entry[1]) } : { kind: "free" });
    }
    at = skipSpace(text, at);
  }
  // A trailer that does not close in the text read is read again from more of the file.
  const trailer = dictionaryAt(text, skipSpace(text, at + "trailer".length));
  return trailer ? { entries, trailer } : undefined;
}

/** Undefined where the text read may have ended before what was looked for; a LayoutError where it is not there. */
function cutShort(text: string, at: number): undefined {
  if (text.length - at > 64) throw new LayoutError();
  return undefined;
}

function crossReferenceStream(dict: Dictionary, rows: Buffer): Map<number, Where> {
  const widths = numbers(dict.get("W"));
  const size = Number(dict.get("Size"));
  if (widths?.length !== 3 || !Number.isSafeInteger(size) || widths.some((w) => !Number.isSafeInteger(w) || w < 0 || w > 8)) throw new LayoutError();
  const index = dict.has("Index") ? numbers(dict.get("Index")) : [0, size];
  if (!index || index.length % 2 !== 0 || index.some((n) => !Number.isSafeInteger(n) || n < 0)) throw new LayoutError();
  const rowBytes = widths[0]! + widths[1]! + widths[2]!;
  const entries = new Map<number, Where>();
  let row = 0;
  const field = (column: number, fallback: number) => {
    if (widths[column] === 0) return fallback;
    let value = 0;
    let at = row * rowBytes + widths.slice(0, column).reduce((a, b) => a + b, 0);
    for (let i = 0; i < widths[column]!; i++) value = value * 256 + rows[at++]!;
    return value;
  };
  for (let s = 0; s < index.length; s += 2) {
    const [first, count] = [index[s]!, index[s + 1]!];
    if (entries.size + count > MAX_ENTRIES || (row + count) * rowBytes > rows.length) throw new LayoutError();
    for (let i = 0; i < count; i++, row++) {
      const type = field(0, 1);
      if (type === 0) entries.set(first + i, { kind: "free" });
      else if (type === 1) entries.set(first + i, { kind: "plain", offset: field(1, 0) });
      else if (type === 2) entries.set(first + i, { kind: "packed", stream: field(1, 0), index: field(2, 0) });
    }
  }
  return entries;
}

/** A stream's data undone from the PNG prediction it may be written with (per row; none or "up", as writers use). */
function unpredicted(data: Buffer, dict: Dictionary): Buffer {
  const written = dict.get("DecodeParms");
  if (written === undefined) return data;
  const parms = dictionaryAt(written, 0);
  const predictor = Number(parms?.get("Predictor") ?? 1);
  if (predictor === 1) return data;
  const columns = Number(parms?.get("Columns") ?? 1);
  const oneBytePerColumn = Number(parms?.get("Colors") ?? 1) === 1 && Number(parms?.get("BitsPerComponent") ?? 8) === 8;
  if (predictor < 10 || !Number.isSafeInteger(columns) || columns < 1 || !oneBytePerColumn) throw new LayoutError();
  const stride = columns + 1;
  const rows = Math.floor(data.length / stride);
  const out = Buffer.alloc(rows * columns);
  for (let r = 0; r < rows; r++) {
    const filter = data[r * stride]!;
    if (filter !== 0 && filter !== 2) throw new LayoutError();
    for (let c = 0; c < columns; c++) {
      const above = r > 0 && filter === 2 ? out[(r - 1) * columns + c]! : 0;
      out[r * columns + c] = (data[r * stride + 1 + c]! + above) & 0xff;
    }
  }
  return out;
}

const DELIMITERS = new Set([..."()<>[]{}/%"]);
const SPACE = /\s/;

function skipSpace(text: string, i: number): number {
  while (i < text.length && SPACE.test(text[i]!)) i++;
  return i;
}

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
    if (text.startsWith(">>", i)) return entriesOf(tokens, i + 2);
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
    } else if (c === "%") {
      i = afterWord(text, i);
      continue;
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

function entriesOf(tokens: readonly string[], end: number): Dictionary {
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

/** The object number of a reference as a dictionary gives it ("12 0 R"), or undefined. */
export function reference(value: string | undefined): number | undefined {
  const ref = value === undefined ? null : /^(\d{1,10}) \d{1,5} R$/.exec(value);
  return ref ? Number(ref[1]) : undefined;
}

/** The object numbers of an array of references ("[3 0 R 4 0 R]"), or undefined for an array of anything else. */
export function references(value: string | undefined): number[] | undefined {
  const inside = value === undefined ? null : /^\[([\d\sR]*)\]$/.exec(value);
  if (!inside) return undefined;
  const words = inside[1]!.trim().split(/\s+/).filter(Boolean);
  if (words.length % 3 !== 0) return undefined;
  const refs: number[] = [];
  for (let i = 0; i < words.length; i += 3) {
    if (words[i + 2] !== "R" || !/^\d{1,10}$/.test(words[i]!) || !/^\d{1,5}$/.test(words[i + 1]!)) return undefined;
    refs.push(Number(words[i]));
  }
  return refs;
}

/** The numbers of an array of numbers ("[1 2 1]", "[0 0 595.28 841.89]"), or undefined for an array of anything else. */
export function numbers(value: string | undefined): number[] | undefined {
  const inside = value === undefined ? null : /^\[([-+\d.\s]*)\]$/.exec(value);
  if (!inside) return undefined;
  const words = inside[1]!.trim().split(/\s+/).filter(Boolean);
  const values = words.map(Number);
  return values.every(Number.isFinite) ? values : undefined;
}
