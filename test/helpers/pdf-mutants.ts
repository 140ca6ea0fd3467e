import zlib from "node:zlib";
import type { Prng } from "./prng.js";
import { rawPdf } from "./raw-pdf.js";

/**
 * Damaged and hostile PDFs, built in the test: real files mutated by a seeded generator (cut short, bytes flipped
 * in the cross-reference table or in streams, junk inserted so that every offset is wrong), and small files made
 * by hand to attack the readers (page trees that loop, absurd page counts, deeply nested arrays, streams that
 * inflate to gigabytes, images of billions of pixels).
 */
export interface Mutant {
  name: string;
  data: Buffer;
  /** The pages a correct reading finds, where the mutation cannot lose any. */
  pages?: number;
  /** The most pages a result may have, where the mutation may have lost some. */
  atMostPages?: number;
}

const FONT = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>";
const TEXT = "BT /F1 24 Tf 40 100 Td (Fuzz) Tj ET";

function page(parent: number, contents: number, extra = ""): string {
  return `<< /Type /Page /Parent ${parent} 0 R /MediaBox [0 0 200 200] /Contents ${contents} 0 R /Resources << /Font << /F1 6 0 R >> >> ${extra} >>`;
}

function stream(data: string | Buffer, dict = ""): string {
  const bytes = typeof data === "string" ? Buffer.from(data, "latin1") : data;
  return `<< /Length ${bytes.length} ${dict} >>\nstream\n${bytes.toString("latin1")}\nendstream`;
}

/**
 * A document of one page (object 3) under the page-tree root (object 2), its content stream object 5 and font object
 * 6; object 4 is left null. Each hostile file changes one part: the root's kids or count, the page dictionary, the
 * content stream.
 */
function onePage({ kids = "3 0 R", count = 1, pageExtra = "", contents = stream(TEXT) } = {}): Buffer {
  return rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${kids}] /Count ${count} >>`,
    page(2, 5, pageExtra),
    "null",
    contents,
    FONT,
  ]);
}

/** A page-tree node whose Kids point back at an ancestor: readers that walk the tree naively never stop. */
export function pageTreeLoop(): Mutant {
  return {
    name: "page-tree-loop",
    pages: 1,
    data: rawPdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>",
      page(2, 5),
      "<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>",
      stream(TEXT),
      FONT,
    ]),
  };
}

/** The root of the page tree lists itself among its kids. */
export function pageTreeSelfLoop(): Mutant {
  return {
    name: "page-tree-self-loop",
    pages: 1,
    data: onePage({ kids: "3 0 R 2 0 R", count: 2 }),
  };
}

/** One page that claims to be two billion. */
export function hugePageCount(): Mutant {
  return {
    name: "huge-count",
    pages: 1,
    data: onePage({ count: 2147483647 }),
  };
}

/** Arrays nested thousands deep in the page dictionary: recursive parsers run out of stack. */
export function deeplyNested(depth: number): Mutant {
  return {
    name: `nested-${depth}`,
    pages: 1,
    data: onePage({ pageExtra: `/Deep ${"[".repeat(depth)}${"]".repeat(depth)} /Deeper ${"<< /A ".repeat(depth / 10)}${" >>".repeat(depth / 10)}` }),
  };
}

/** A content stream whose /Length claims far more bytes than the file holds: readers must not trust or allocate it. */
export function hugeLength(): Mutant {
  return {
    name: "huge-length",
    pages: 1,
    data: onePage({ contents: `<< /Length 4000000000 >>\nstream\n${TEXT}\nendstream` }),
  };
}

/** Deflates about `bytes` zeros without holding or compressing them all: one 16 MB block, repeated. */
function deflatedZeros(bytes: number): Buffer {
  const chunk = Buffer.alloc(Math.min(bytes, 16 * 1024 * 1024));
  return joinDeflate(Math.ceil(bytes / chunk.length), chunk);
}

/**
 * One zlib stream of `count` copies of `chunk`: each copy compressed once and ended with a full flush (byte-aligned,
 * no reference to what came before), so the copies can simply be laid end to end.
 */
function joinDeflate(count: number, chunk: Buffer): Buffer {
  const raw = zlib.deflateRawSync(chunk, { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
  const body = Buffer.concat(Array.from({ length: count }, () => raw));
  const end = zlib.deflateRawSync(Buffer.alloc(0));
  // zlib header for deflate at level 9, then the raw blocks, the final empty block and the Adler-32 of the data.
  return Buffer.concat([Buffer.from([0x78, 0xda]), body, end, adler32Zeros(count * chunk.length)]);
}

/** The Adler-32 checksum of `n` zero bytes: a = 1, b = n mod 65521. */
function adler32Zeros(n: number): Buffer {
  const b = n % 65521;
  const out = Buffer.alloc(4);
  out.writeUInt32BE(((b << 16) | 1) >>> 0);
  return out;
}

/**
 * A page whose content stream inflates to `bytes` zeros (white space to a content parser), deflated twice over so
 * that a gigabyte fits in a few kilobytes.
 */
export function flateBomb(bytes: number): Mutant {
  const once = deflatedZeros(bytes);
  const twice = zlib.deflateSync(once, { level: 9 });
  return {
    name: `flate-bomb-${Math.round(bytes / 1024 / 1024)}MB`,
    pages: 1,
    data: onePage({ contents: stream(twice, "/Filter [/FlateDecode /FlateDecode]") }),
  };
}

/** An image that declares `side` by `side` RGB pixels (its data a short run of zeros) drawn on the page. */
export function imageBomb(side: number): Mutant {
  const data = zlib.deflateSync(Buffer.alloc(1024 * 1024));
  return {
    name: `image-bomb-${side}px`,
    pages: 1,
    data: rawPdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 5 0 R /Resources << /Font << /F1 6 0 R >> /XObject << /Im1 4 0 R >> >> >>`,
      stream(data, `/Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode`),
      stream(`q 200 0 0 200 0 0 cm /Im1 Do Q ${TEXT}`),
      FONT,
    ]),
  };
}

/** Every hand-made hostile file. */
export function hostileFiles(bombBytes: number): Mutant[] {
  return [pageTreeLoop(), pageTreeSelfLoop(), hugePageCount(), deeplyNested(10_000), hugeLength(), flateBomb(bombBytes), imageBomb(40_000)];
}

export const MUTATIONS = ["truncate", "flip-xref", "flip-stream", "shift-offsets", "flip-anywhere"] as const;
export type Mutation = (typeof MUTATIONS)[number];

function flip(data: Buffer, from: number, to: number, count: number, rng: Prng): void {
  if (to <= from) return;
  for (let i = 0; i < count; i++) data[rng.int(from, to)] = rng.int(0, 256);
}

/** A mutated copy of a real PDF of `pages` pages. */
export function mutate(original: Buffer, name: string, pages: number, mutation: Mutation, rng: Prng): Mutant {
  const data = Buffer.from(original);
  const text = data.toString("latin1");
  let out = data;
  switch (mutation) {
    case "truncate":
      out = data.subarray(0, rng.int(Math.floor(data.length * 0.2), data.length - 1));
      break;
    case "flip-xref": {
      const at = text.lastIndexOf("xref");
      const start = at >= 0 ? at : data.length - Math.min(data.length, 2048);
      flip(data, start, data.length, 12, rng);
      break;
    }
    case "flip-stream": {
      const starts = [...text.matchAll(/stream\r?\n/g)].map((m) => m.index! + m[0].length);
      if (starts.length > 0) {
        const at = rng.pick(starts);
        flip(data, at, Math.min(data.length, at + 400), 8, rng);
      } else {
        flip(data, 0, data.length, 8, rng);
      }
      break;
    }
    case "shift-offsets": {
      const at = rng.int(16, data.length);
      out = Buffer.concat([data.subarray(0, at), Buffer.from(" %junk%\n".repeat(rng.int(1, 40))), data.subarray(at)]);
      break;
    }
    case "flip-anywhere":
      flip(data, 0, data.length, 20, rng);
      break;
  }
  return { name: `${name}:${mutation}`, data: out, atMostPages: pages };
}
