import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CutOffMultipartError, MalformedMultipartError, MultipartReader, parseParameters, type PartHeaders } from "../server/http/multipart-reader.js";
import { prng, type Prng } from "./helpers/prng.js";

const BOUNDARY = "----formBoundary7MA4YWxkTrZu0gW";
const LIMITS = { headerBytes: 16 * 1024, headerLines: 10 };

interface ReadPart extends PartHeaders {
  sha256: string;
  size: number;
}

/** Reads `chunks` with the reader; each part's bytes are hashed as they come, as the server writes them. */
function read(chunks: readonly Buffer[], boundary = BOUNDARY): ReadPart[] {
  const parts: ReadPart[] = [];
  let hash: ReturnType<typeof createHash> | undefined;
  let current: (PartHeaders & { size: number }) | undefined;
  const reader = new MultipartReader(
    boundary,
    {
      part: (headers) => {
        expect(current).toBeUndefined();
        current = { ...headers, size: 0 };
        hash = createHash("sha256");
      },
      data: (bytes) => {
        // Views of the chunk, hashed as they come.
        hash!.update(bytes);
        current!.size += bytes.length;
      },
      skipped: () => undefined,
      partEnd: () => {
        parts.push({ ...current!, sha256: hash!.digest("hex") });
        current = undefined;
      },
    },
    LIMITS,
  );
  for (const chunk of chunks) reader.write(chunk);
  reader.end();
  return parts;
}

interface SentPart {
  name: string;
  filename?: string;
  type?: string;
  body: Buffer;
}

function body(parts: readonly SentPart[], boundary = BOUNDARY): Buffer {
  const pieces: Buffer[] = [];
  for (const part of parts) {
    const filename = part.filename === undefined ? "" : `; filename="${part.filename}"`;
    const type = part.type ? `\r\nContent-Type: ${part.type}` : "";
    pieces.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${filename}${type}\r\n\r\n`), part.body, Buffer.from("\r\n"));
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(pieces);
}

function expected(parts: readonly SentPart[]): ReadPart[] {
  return parts.map((p) => ({
    name: p.name,
    filename: p.filename,
    contentType: p.type ?? "text/plain",
    size: p.body.length,
    sha256: createHash("sha256").update(p.body).digest("hex"),
  }));
}

/** Bytes that look like the parts' framing: pieces of the delimiter, line breaks, dashes, an empty line. */
function trickyBytes(random: Prng, length: number): Buffer {
  const pieces = [`\r\n--${BOUNDARY}`.slice(0, random.int(1, BOUNDARY.length + 4)), "\r\n", "\r", "--", "\r\n\r\n", `--${BOUNDARY}`];
  const out: Buffer[] = [];
  let size = 0;
  while (size < length) {
    const piece = random.next() < 0.3 ? Buffer.from(random.pick(pieces)) : Buffer.from(Array.from({ length: random.int(1, 64) }, () => random.int(0, 256)));
    out.push(piece);
    size += piece.length;
  }
  const bytes = Buffer.concat(out).subarray(0, length);
  // A client picks a boundary its content does not hold: a whole delimiter that came together is broken up.
  const delimiter = Buffer.from(`\r\n--${BOUNDARY}`);
  for (let at = bytes.indexOf(delimiter); at !== -1; at = bytes.indexOf(delimiter, at)) bytes[at + 2] = 0x78;
  return bytes;
}

function split(data: Buffer, random: Prng, maxChunk: number): Buffer[] {
  const chunks: Buffer[] = [];
  for (let at = 0; at < data.length; ) {
    const size = random.int(1, maxChunk + 1);
    // Each chunk its own copy, as the socket gives them.
    chunks.push(Buffer.from(data.subarray(at, at + size)));
    at += size;
  }
  return chunks;
}

describe("multipart reader", () => {
  it("reads parts byte for byte however the body is cut into chunks", () => {
    const random = prng(19);
    for (let round = 0; round < 300; round++) {
      const parts: SentPart[] = Array.from({ length: random.int(1, 5) }, (_, i) => ({
        name: random.pick(["files", "lang", "pages", "signatureImage"]),
        ...(random.next() < 0.6 && { filename: `file-${i}.pdf`, type: "application/pdf" }),
        body: trickyBytes(random, random.int(0, 3000)),
      }));
      const data = body(parts);
      const maxChunk = random.pick([1, 3, 7, 40, 90, 500, 70_000]);
      expect(read(split(data, random, maxChunk)), `round ${round}, chunks up to ${maxChunk}`).toEqual(expected(parts));
    }
  });

  it("finds a delimiter cut at any place between two chunks", () => {
    const parts: SentPart[] = [
      { name: "files", filename: "a.pdf", type: "application/pdf", body: Buffer.from("%PDF-1.7\r\n\r\n--\r\n-- almost a boundary\r") },
      { name: "pages", body: Buffer.from("1-3") },
    ];
    const data = body(parts);
    for (let at = 1; at < data.length; at++) {
      expect(read([data.subarray(0, at), data.subarray(at)]), `cut at ${at}`).toEqual(expected(parts));
    }
  });

  it("reads a large file in socket-sized chunks into the same bytes (sha256)", () => {
    const random = prng(7);
    const file = Buffer.concat(Array.from({ length: 160 }, () => trickyBytes(random, 64 * 1024)));
    const parts: SentPart[] = [{ name: "files", filename: "big.pdf", type: "application/pdf", body: file }];
    expect(read(split(body(parts), random, 65_536))).toEqual(expected(parts));
  });

  it("skips a preamble and an epilogue, and a part that is not form-data", () => {
    const data = Buffer.from(
      `preamble\r\n--${BOUNDARY}\r\nContent-Disposition: attachment; name="x"\r\n\r\nskipped\r\n` +
        `--${BOUNDARY}\r\nContent-Type: text/plain\r\n\r\nno disposition\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="kept"\r\n\r\nvalue\r\n--${BOUNDARY}--\r\nepilogue --${BOUNDARY}\r\n`,
    );
    expect(read([data]).map((p) => [p.name, p.size])).toEqual([["kept", 5]]);
  });

  it("reads file names as browsers and curl send them, without folders", () => {
    const names = (disposition: string) =>
      read([Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n\r\nx\r\n--${BOUNDARY}--`)]).map((p) => [p.name, p.filename]);
    expect(names('form-data; name="files"; filename="C:\\\\Users\\\\me\\\\r\u00e9sum\u00e9.pdf"')).toEqual([["files", "résumé.pdf"]]);
    expect(names(`form-data; name="files"; filename*=UTF-8''na%C3%AFve%20file.pdf`)).toEqual([["files", "naïve file.pdf"]]);
    expect(names('form-data; name=files; filename="../../etc/passwd"')).toEqual([["files", "passwd"]]);
    expect(names('form-data; name="files"; filename=".."')).toEqual([["files", ""]]);
    expect(names('form-data; name="a\\"b"')).toEqual([['a"b', undefined]]);
  });

  it("says a body cut before its closing delimiter is cut off, and an empty body is an empty form", () => {
    const data = body([{ name: "files", filename: "a.pdf", body: Buffer.from("%PDF") }]);
    expect(() => read([data.subarray(0, data.length - 10)])).toThrow(CutOffMultipartError);
    expect(() => read([data.subarray(0, 20)])).toThrow(CutOffMultipartError);
    expect(read([])).toEqual([]);
  });

  it("reads a header line of thousands of parameters without values in linear time", () => {
    const start = performance.now();
    const [, params] = parseParameters(`form-data${"; a".repeat(5000)}${";".repeat(5000)}; name="files"`);
    expect(params.get("name")).toBe("files");
    expect(performance.now() - start).toBeLessThan(100);
  });

  it("refuses a part header larger than its limit while it arrives", () => {
    const header = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"\r\nX-Padding: ${"a".repeat(20_000)}`);
    expect(() => read(split(header, prng(1), 1000))).toThrow(MalformedMultipartError);
  });
});
