/**
 * A streaming reader of multipart/form-data bodies (RFC 7578) that hands each part's bytes on as views of the
 * chunks that arrived, without copying them or passing them through further streams. The body of a part is found
 * with one native search per chunk for the delimiter ("\r\n--" and the boundary); only a delimiter cut in two by a
 * chunk's end is pieced together, from a few bytes kept aside. Part headers are read up to a size and a count of
 * lines; nothing else is held.
 *
 * The reader is synchronous and knows no limits on sizes or counts of parts: its owner counts what it is given
 * and throws from its callbacks to stop it.
 */

export interface PartHeaders {
  /** The `name` of Content-Disposition; undefined when missing. */
  name: string | undefined;
  /** The `filename` (or `filename*`) of Content-Disposition, without any folder part; undefined when missing. */
  filename: string | undefined;
  /** The part's Content-Type without parameters, lower case; text/plain when missing (RFC 7578, 4.4). */
  contentType: string;
}

export interface PartHandlers {
  /** A part starts. */
  part(headers: PartHeaders): void;
  /** A part without a form-data Content-Disposition starts: its bytes are read and dropped. */
  skipped(): void;
  /** Bytes of the current part's body: a view of the chunk given to `write` (or of the few bytes held before it). */
  data(bytes: Buffer): void;
  /** The current part's body is complete. */
  partEnd(): void;
}

/** The body does not follow the multipart format (a part header too large, a boundary that cannot be one). */
export class MalformedMultipartError extends Error {}

/** The body ended before the closing delimiter. */
export class CutOffMultipartError extends Error {}

const CR = 0x0d;
const DASH = 0x2d;
const HEADER_END = Buffer.from("\r\n\r\n");

type State = "preamble" | "afterDelimiter" | "headers" | "body" | "done";

export class MultipartReader {
  private readonly delimiter: Buffer;
  private state: State = "preamble";
  /** Bytes at the end of the last chunk that may begin a delimiter (in preamble and body), or after one. */
  private held: Buffer = Buffer.alloc(0);
  private headerBytes: Buffer[] = [];
  private headerLength = 0;
  private headerTail: Buffer = Buffer.alloc(0);
  /** Whether the current part was announced (its bytes are passed on) or skipped. */
  private announced = false;
  private sawBytes = false;

  constructor(
    boundary: string,
    private readonly handlers: PartHandlers,
    private readonly limits: { headerBytes: number; headerLines: number },
  ) {
    // A boundary comes from a header value, which cannot hold a line break; the search below relies on the
    // delimiter holding its CR only at its start.
    if (boundary.length === 0 || boundary.includes("\r") || boundary.includes("\n")) throw new MalformedMultipartError("bad boundary");
    this.delimiter = Buffer.from(`\r\n--${boundary}`, "latin1");
    // The first delimiter may open the body without the line break before it: the body is read as if one came first.
    this.held = Buffer.from("\r\n");
  }

  /** Whether the closing delimiter has been read (what follows it is ignored). */
  get finished(): boolean {
    return this.state === "done";
  }

  write(chunk: Buffer): void {
    if (chunk.length === 0 || this.state === "done") return;
    this.sawBytes = true;
    const held = this.held;
    if (held.length === 0) {
      this.consume(chunk, false);
      return;
    }
    this.held = Buffer.alloc(0);
    const headLength = this.delimiter.length + HEADER_END.length;
    if (chunk.length <= headLength) {
      this.consume(Buffer.concat([held, chunk]), false);
      return;
    }
    // Only the held bytes and the start of the chunk are joined; the rest of the chunk is read in place, from
    // wherever reading the joined bytes stopped (always past the held bytes).
    const used = this.consume(Buffer.concat([held, chunk.subarray(0, headLength)]), true);
    if (!this.finished) this.consume(chunk.subarray(used - held.length), false);
  }

  /** The body has ended: an unfinished body is cut off (an empty one is an empty form). */
  end(): void {
    if (this.state === "done" || !this.sawBytes) return;
    throw new CutOffMultipartError("multipart body cut off");
  }

  /**
   * Reads `data` as far as it can and returns how many bytes it used. With `partial`, `data` is the held bytes
   * and the start of a longer chunk: nothing is held back, reading stops where the chunk must be read on.
   */
  private consume(data: Buffer, partial: boolean): number {
    let pos = 0;
    while (pos < data.length && this.state !== "done") {
      if (this.state === "preamble" || this.state === "body") {
        const passOn = this.state === "body" && this.announced;
        const found = data.indexOf(this.delimiter, pos);
        if (found !== -1) {
          if (passOn && found > pos) this.handlers.data(data.subarray(pos, found));
          if (passOn) this.handlers.partEnd();
          pos = found + this.delimiter.length;
          this.state = "afterDelimiter";
          continue;
        }
        // The end of `data` may be the beginning of a delimiter: those bytes wait for the next chunk.
        const keep = partialDelimiterAt(data, Math.max(pos, data.length - this.delimiter.length + 1), this.delimiter);
        if (passOn && keep > pos) this.handlers.data(data.subarray(pos, keep));
        if (partial) return keep;
        if (keep < data.length) this.held = Buffer.from(data.subarray(keep));
        return data.length;
      }
      if (this.state === "afterDelimiter") {
        // "--" closes the body; otherwise the rest of the delimiter's line (transport padding) and its line break.
        if (data.length - pos < 2) {
          if (partial) return pos;
          this.held = Buffer.from(data.subarray(pos));
          return data.length;
        }
        if (data[pos] === DASH && data[pos + 1] === DASH) {
          this.state = "done";
          return data.length;
        }
        this.state = "headers";
        this.headerBytes = [];
        this.headerLength = 0;
        this.headerTail = Buffer.alloc(0);
        continue;
      }
      // Headers: everything up to the first empty line, the delimiter's own line break included.
      pos = this.readHeaders(data, pos);
    }
    return Math.max(pos, data.length);
  }

  private readHeaders(data: Buffer, pos: number): number {
    const room = this.limits.headerBytes + HEADER_END.length - this.headerLength;
    const piece = data.subarray(pos, pos + room);
    // The end of the header block may straddle chunks: the search starts in the last three bytes read before.
    const before = this.headerTail;
    const window = before.length > 0 ? Buffer.concat([before, piece]) : piece;
    const end = window.indexOf(HEADER_END);
    if (end === -1) {
      if (piece.length >= room) throw new MalformedMultipartError("part header too large");
      this.headerBytes.push(Buffer.from(piece));
      this.headerLength += piece.length;
      this.headerTail = Buffer.from(window.subarray(-3));
      return pos + piece.length;
    }
    const endInPiece = end - before.length;
    const block = Buffer.concat([...this.headerBytes, piece.subarray(0, Math.max(0, endInPiece))]);
    const headerText = block.subarray(0, this.headerLength + endInPiece).toString("utf8");
    this.headerBytes = [];
    this.headerLength = 0;
    this.state = "body";
    const headers = parsePartHeaders(headerText, this.limits.headerLines);
    this.announced = headers !== undefined;
    if (headers) this.handlers.part(headers);
    else this.handlers.skipped();
    return pos + endInPiece + HEADER_END.length;
  }
}

/**
 * Where, from `from` on, `data` ends with the beginning of `delimiter` (or data.length when it does not). The
 * delimiter holds CR only as its first byte, so a beginning can only start at a CR.
 */
function partialDelimiterAt(data: Buffer, from: number, delimiter: Buffer): number {
  let at = data.indexOf(CR, from);
  while (at !== -1) {
    const length = data.length - at;
    if (data.compare(delimiter, 0, length, at, data.length) === 0) return at;
    at = data.indexOf(CR, at + 1);
  }
  return data.length;
}

/**
 * The headers a form-data part needs, or undefined for a part to skip (no form-data Content-Disposition, or a name
 * that hides a line break). The first line is what followed the delimiter on its own line, and is ignored.
 */
function parsePartHeaders(text: string, maxLines: number): PartHeaders | undefined {
  const lines = text.split("\r\n").slice(1);
  const fields = new Map<string, string>();
  let count = 0;
  let last: string | undefined;
  for (const line of lines) {
    if (line.length === 0) continue;
    if ((line[0] === " " || line[0] === "\t") && last !== undefined) {
      // An obsolete folded line continues the header before it.
      fields.set(last, `${fields.get(last)!} ${line.trim()}`);
      continue;
    }
    if (++count > maxLines) break;
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    last = line.slice(0, colon).trim().toLowerCase();
    if (!fields.has(last)) fields.set(last, line.slice(colon + 1).trim());
    else last = undefined;
  }
  const disposition = fields.get("content-disposition");
  if (disposition === undefined) return undefined;
  const [kind, params] = parseParameters(disposition);
  if (kind.toLowerCase() !== "form-data") return undefined;
  const name = params.get("name");
  const filename = params.get("filename*") ?? params.get("filename");
  if (hasLineBreak(name) || hasLineBreak(filename)) return undefined;
  const type = fields.get("content-type");
  const contentType = type ? (parseParameters(type)[0].toLowerCase() || "text/plain") : "text/plain";
  return { name, filename: filename === undefined ? undefined : baseName(filename), contentType };
}

function hasLineBreak(value: string | undefined): boolean {
  return value !== undefined && (value.includes("\r") || value.includes("\n"));
}

/** The last segment of a path a client may have sent as a file name; "." and ".." name nothing. */
function baseName(name: string): string {
  const cut = Math.max(name.lastIndexOf("/"), name.lastIndexOf("\\"));
  const base = name.slice(cut + 1);
  return base === "." || base === ".." ? "" : base;
}

/**
 * A header value `token; key=value; key="quoted \"value\""` read in one pass: its first token and its parameters
 * (names lower case; `key*=charset'language'percent-encoded` decoded, under the name with its star).
 */
export function parseParameters(value: string): [string, Map<string, string>] {
  const params = new Map<string, string>();
  let i = value.indexOf(";");
  const first = (i === -1 ? value : value.slice(0, i)).trim();
  if (i === -1) return [first, params];
  // One pass, each character looked at once: a header line of thousands of semicolons costs no more than its length.
  const n = value.length;
  while (i < n) {
    while (i < n && (value[i] === " " || value[i] === "\t" || value[i] === ";")) i++;
    const keyStart = i;
    while (i < n && value[i] !== "=" && value[i] !== ";") i++;
    // A parameter without a value is skipped.
    if (i >= n || value[i] === ";") continue;
    const key = value.slice(keyStart, i).trim().toLowerCase();
    i++;
    while (i < n && (value[i] === " " || value[i] === "\t")) i++;
    let text = "";
    if (value[i] === '"') {
      i++;
      while (i < n && value[i] !== '"') {
        if (value[i] === "\\" && i + 1 < n) i++;
        text += value[i];
        i++;
      }
      while (i < n && value[i] !== ";") i++;
    } else {
      const start = i;
      while (i < n && value[i] !== ";") i++;
      text = value.slice(start, i).trim();
    }
    if (key.length === 0 || params.has(key)) continue;
    params.set(key, key.endsWith("*") ? decodeExtendedValue(text) : text);
  }
  return [first, params];
}

/** RFC 8187: `charset'language'percent-encoded bytes`, in UTF-8 or Latin-1; anything else is kept as it came. */
function decodeExtendedValue(text: string): string {
  const firstQuote = text.indexOf("'");
  const secondQuote = firstQuote === -1 ? -1 : text.indexOf("'", firstQuote + 1);
  if (secondQuote === -1) return text;
  const charset = text.slice(0, firstQuote).toLowerCase();
  const encoded = text.slice(secondQuote + 1);
  const bytes: number[] = [];
  for (let i = 0; i < encoded.length; i++) {
    const hex = encoded[i] === "%" ? Number.parseInt(encoded.slice(i + 1, i + 3), 16) : Number.NaN;
    if (!Number.isNaN(hex) && /^[0-9a-f]{2}$/i.test(encoded.slice(i + 1, i + 3))) {
      bytes.push(hex);
      i += 2;
    } else {
      bytes.push(...Buffer.from(encoded[i]!, "utf8"));
    }
  }
  if (charset === "utf-8" || charset === "utf8") return Buffer.from(bytes).toString("utf8");
  if (charset === "iso-8859-1" || charset === "latin1") return Buffer.from(bytes).toString("latin1");
  return text;
}
