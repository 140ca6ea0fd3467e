import fs from "node:fs";
import zlib from "node:zlib";

const CHUNK = 16 * 1024 * 1024;

/**
 * A one-page PDF whose content stream inflates to `inflatedBytes` zero bytes (NUL is white space in a content
 * stream, so the page is valid and blank). A zlib stream of zeros is built from one fully flushed deflate block of
 * 16 MB, repeated: a full flush resets the dictionary, so the copies stand alone, and the Adler-32 of n zeros is
 * (n mod 65521) << 16 | 1. The file is written piece by piece; nothing near its inflated size is ever in memory.
 */
export async function writeFlateBomb(file: string, inflatedBytes: number): Promise<void> {
  const repeats = Math.ceil(inflatedBytes / CHUNK);
  const total = repeats * CHUNK;
  const block = zlib.deflateRawSync(Buffer.alloc(CHUNK), { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((total % 65521) << 16) | 1) >>> 0);
  // zlib header (deflate, 32K window, best compression); an empty final fixed-Huffman block; the checksum.
  const streamLength = 2 + block.length * repeats + 2 + 4;

  const out = fs.createWriteStream(file);
  const offsets: number[] = [];
  let written = 0;
  const write = (data: string | Buffer) =>
    new Promise<void>((resolve, reject) => {
      const buf = typeof data === "string" ? Buffer.from(data, "latin1") : data;
      written += buf.length;
      out.write(buf, (err) => (err ? reject(err) : resolve()));
    });
  const object = async (body: string) => {
    offsets.push(written);
    await write(`${offsets.length} 0 obj\n${body}\nendobj\n`);
  };
  await write("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n");
  await object("<< /Type /Catalog /Pages 2 0 R >>");
  await object("<< /Type /Pages /Kids [3 0 R] /Count 1 >>");
  await object("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << >> >>");
  offsets.push(written);
  await write(`4 0 obj\n<< /Length ${streamLength} /Filter /FlateDecode >>\nstream\n`);
  await write(Buffer.from([0x78, 0xda]));
  for (let i = 0; i < repeats; i++) await write(block);
  await write(Buffer.from([0x03, 0x00]));
  await write(adler);
  await write("\nendstream\nendobj\n");
  const xref = written;
  const rows = offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  await write(`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n${rows}trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
}
