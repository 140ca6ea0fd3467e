import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { cleanNameCharacters, uniqueNames } from "../../pdf-ops/names.js";

/**
 * Writes the ZIP that carries a tool's several outputs. Written here rather than with a ZIP library because the
 * outputs can add up to hundreds of megabytes, and the checksum is what costs: Node's native CRC-32 is more than ten
 * times faster than a JavaScript one (a split of 500 pages, 50 MB, zipped in about a quarter of yazl's time).
 *
 * Each file operation costs a thread-pool round trip, which adds up over hundreds of small entries, so small files
 * are read whole a few entries ahead of the writer (never more than READ_AHEAD held at once) and written out in
 * large batches. A large file is streamed
 * after a header with blank checksum and sizes, which is patched in place afterwards: the output is a file, so no
 * data descriptors are needed and every reader copes. ZIP64 records are added only where a size, an offset or the
 * entry count needs them.
 */

/** Formats that are compressed already; deflating them again costs time and saves nothing. */
const STORED = /\.(pdf|jpe?g|png|gif|zip|docx|xlsx|pptx|epub|odt)$/i;

const LIMIT_32 = 0xffffffff;
const LIMIT_16 = 0xffff;
const CHUNK = 4 * 1024 * 1024;
/** Files up to this size are read whole; larger ones are streamed. */
const READ_WHOLE_UP_TO = CHUNK;
/** Small files read ahead of the writer at once. */
const READ_AHEAD = 8;
/** A deflated entry can come out slightly larger than its input; above this its header reserves ZIP64 sizes. */
const ZIP64_HEADER_FROM = LIMIT_32 - 64 * 1024 * 1024;
const FLAG_UTF8_NAME = 0x0800;
const METHOD_STORE = 0;
const METHOD_DEFLATE = 8;

export interface ZipEntry {
  path: string;
  name: string;
}

export interface ZipWriteOptions {
  /** Writes the ZIP64 records even where nothing needs them, so that their layout can be tested on small files. */
  forceZip64?: boolean;
}

interface WrittenEntry extends EntryData {
  name: Buffer;
  method: number;
  offset: number;
  place: number;
}

export async function writeZip(entries: readonly ZipEntry[], output: string, options: ZipWriteOptions = {}): Promise<void> {
  const zip = await ZipWriter.create(output, options);
  try {
    await zip.add(entries);
    await zip.finish();
  } finally {
    await zip.close();
  }
}

/**
 * A ZIP written as its entries come, for files made one after another (pages as they are rendered): each add()
 * writes its entries' data at once, and finish() the directory. Names are made unique over the whole archive. The
 * directory, whose order is the order archive tools list and extract in, can follow places given with the entries
 * rather than the order in which they came (pages rendered out of order are listed in page order).
 */
export class ZipWriter {
  private readonly stamp = dosDateTime(new Date());
  private readonly written: WrittenEntry[] = [];
  private readonly usedNames = new Set<string>();
  /** The place after every entry's so far: where an entry given none goes. */
  private nextPlace = 0;

  private constructor(
    private readonly out: ArchiveFile,
    private readonly forceZip64: boolean,
  ) {}

  static async create(output: string, options: ZipWriteOptions = {}): Promise<ZipWriter> {
    return new ZipWriter(await ArchiveFile.create(output), options.forceZip64 === true);
  }

  /**
   * Writes the entries' data, in order. `places`, one for each entry, are where they go in the directory, lowest
   * first; by default each goes after every entry added before it.
   */
  async add(entries: readonly ZipEntry[], places?: readonly number[]): Promise<void> {
    const { out, stamp, forceZip64, written } = this;
    const names = uniqueNames(
      entries.map((e) => cleanNameCharacters(e.name)),
      this.usedNames,
    );
    const take = readAhead(entries);
    for (let i = 0; i < entries.length; i++) {
      const loaded = await take(i);
      const name = Buffer.from(names[i]!, "utf8");
      const method = STORED.test(names[i]!) ? METHOD_STORE : METHOD_DEFLATE;
      const offset = out.position;
      const place = places?.[i] ?? this.nextPlace;
      this.nextPlace = Math.max(this.nextPlace, place + 1);
      if ("data" in loaded) {
        const stored = method === METHOD_DEFLATE ? await deflateRaw(loaded.data) : loaded.data;
        const data = { crc: zlib.crc32(loaded.data), size: loaded.data.length, compressedSize: stored.length };
        out.append(localHeader(name, method, stamp, forceZip64, data), stored);
        written.push({ name, method, offset, place, ...data });
        await out.flush(false);
        continue;
      }
      const zip64Header = forceZip64 || loaded.size >= ZIP64_HEADER_FROM;
      out.append(localHeader(name, method, stamp, zip64Header));
      await out.flush();
      const data = await copyEntryData(entries[i]!.path, method, out);
      if (!zip64Header && (data.compressedSize > LIMIT_32 || data.size > LIMIT_32)) {
        throw new Error(`${names[i]} grew past 4 GiB while being compressed`);
      }
      await out.patch(offset + 14, localSizeFields(data, zip64Header));
      if (zip64Header) await out.patch(offset + 30 + name.length + 4, zip64Sizes(data));
      written.push({ name, method, offset, place, ...data });
    }
  }

  /** Writes the central directory: the archive is complete. */
  async finish(): Promise<void> {
    const { out, stamp, forceZip64, written } = this;
    const directoryStart = out.position;
    for (const entry of [...written].sort((a, b) => a.place - b.place)) out.append(centralHeader(entry, stamp, forceZip64));
    out.append(endOfDirectory(written.length, directoryStart, out.position - directoryStart, forceZip64));
    await out.flush();
  }

  /** Closes the file, finished or not (after a failure). */
  async close(): Promise<void> {
    await this.out.close();
  }
}

type Loaded = { data: Buffer } | { size: number };

/**
 * Hands the writer entry `i`, having started the reads of the entries just after it: at most READ_AHEAD small files
 * are in memory at once, however far the writer lags. Large files are only measured.
 */
function readAhead(entries: readonly ZipEntry[]): (i: number) => Promise<Loaded> {
  const started = new Map<number, Promise<Loaded>>();
  let next = 0;
  const load = async (file: string): Promise<Loaded> => {
    const handle = await fs.open(file, "r");
    try {
      const { size } = await handle.stat();
      if (size > READ_WHOLE_UP_TO) return { size };
      const data = Buffer.allocUnsafe(size);
      let done = 0;
      while (done < size) {
        const { bytesRead } = await handle.read(data, done, size - done, done);
        if (bytesRead === 0) throw new Error(`${file} shrank while being read`);
        done += bytesRead;
      }
      return { data };
    } finally {
      await handle.close();
    }
  };
  return (i) => {
    for (; next < entries.length && next < i + READ_AHEAD; next++) {
      const loading = load(entries[next]!.path);
      // A failure is seen when the writer reaches that entry; until then it must not count as unhandled.
      loading.catch(() => undefined);
      started.set(next, loading);
    }
    const loading = started.get(i)!;
    started.delete(i);
    return loading;
  };
}

function deflateRaw(data: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => zlib.deflateRaw(data, (err, result) => (err ? reject(err) : resolve(result))));
}

/** The archive being written: appends are gathered and written in large batches; a header can be patched later. */
class ArchiveFile {
  /** Where the next appended byte will be in the archive. */
  position = 0;
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  private constructor(private readonly handle: fs.FileHandle) {}

  static async create(file: string): Promise<ArchiveFile> {
    return new ArchiveFile(await fs.open(file, "w", 0o600));
  }

  append(...data: Buffer[]): void {
    for (const d of data) {
      this.pending.push(d);
      this.pendingBytes += d.length;
      this.position += d.length;
    }
  }

  /** Writes what was appended, once it makes a batch worth a write (or whatever there is, when `all`). */
  async flush(all = true): Promise<void> {
    if (this.pendingBytes === 0 || (!all && this.pendingBytes < CHUNK)) return;
    const data = Buffer.concat(this.pending);
    this.pending = [];
    this.pendingBytes = 0;
    await writeAll(this.handle, data, this.position - data.length);
  }

  /** Writes a chunk of a streamed entry's data straight away; anything appended before it must be flushed first. */
  async stream(data: Buffer): Promise<void> {
    await writeAll(this.handle, data, this.position);
    this.position += data.length;
  }

  async patch(at: number, data: Buffer): Promise<void> {
    await writeAll(this.handle, data, at);
  }

  async close(): Promise<void> {
    await this.handle.close();
  }
}

/** Streams one large file into the archive, deflating it or not, and measures what it wrote. */
async function copyEntryData(source: string, method: number, out: ArchiveFile): Promise<{ crc: number; size: number; compressedSize: number }> {
  let crc = 0;
  let size = 0;
  let compressedSize = 0;
  const measure = async function* (chunks: AsyncIterable<Buffer>) {
    for await (const chunk of chunks) {
      crc = zlib.crc32(chunk, crc);
      size += chunk.length;
      yield chunk;
    }
  };
  const sink = async (chunks: AsyncIterable<Buffer>) => {
    for await (const chunk of chunks) {
      await out.stream(chunk);
      compressedSize += chunk.length;
    }
  };
  const read = createReadStream(source, { highWaterMark: CHUNK });
  if (method === METHOD_DEFLATE) await pipeline(read, measure, zlib.createDeflateRaw(), sink);
  else await pipeline(read, measure, sink);
  return { crc, size, compressedSize };
}

async function writeAll(out: fs.FileHandle, data: Buffer, position: number): Promise<void> {
  let done = 0;
  while (done < data.length) {
    const { bytesWritten } = await out.write(data, done, data.length - done, position + done);
    done += bytesWritten;
  }
}

interface EntryData {
  crc: number;
  size: number;
  compressedSize: number;
}

/** A local file header; without `data` its checksum and sizes are left blank, to be patched once the data is written. */
function localHeader(name: Buffer, method: number, stamp: DosStamp, zip64: boolean, data?: EntryData): Buffer {
  const extra = zip64 ? zip64Extra([data?.size ?? 0, data?.compressedSize ?? 0]) : Buffer.alloc(0);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(zip64 ? 45 : 20, 4);
  header.writeUInt16LE(FLAG_UTF8_NAME, 6);
  header.writeUInt16LE(method, 8);
  header.writeUInt16LE(stamp.time, 10);
  header.writeUInt16LE(stamp.date, 12);
  if (data) localSizeFields(data, zip64).copy(header, 14);
  header.writeUInt16LE(name.length, 26);
  header.writeUInt16LE(extra.length, 28);
  return Buffer.concat([header, name, extra]);
}

/** The checksum and the two sizes of a local header (its bytes 14 to 25); with ZIP64 the sizes live in the extra field. */
function localSizeFields(data: EntryData, zip64: boolean): Buffer {
  const fields = Buffer.alloc(12);
  fields.writeUInt32LE(data.crc >>> 0, 0);
  fields.writeUInt32LE(zip64 ? LIMIT_32 : data.compressedSize, 4);
  fields.writeUInt32LE(zip64 ? LIMIT_32 : data.size, 8);
  return fields;
}

/** The two sizes of a local header's ZIP64 extra field, uncompressed first. */
function zip64Sizes(data: EntryData): Buffer {
  const sizes = Buffer.alloc(16);
  sizes.writeBigUInt64LE(BigInt(data.size), 0);
  sizes.writeBigUInt64LE(BigInt(data.compressedSize), 8);
  return sizes;
}

function centralHeader(entry: WrittenEntry, stamp: DosStamp, forceZip64: boolean): Buffer {
  // ZIP64 puts each value that overflows in the extra field, in this order, and marks it in the fixed field.
  const large: number[] = [];
  const field = (value: number) => {
    if (!forceZip64 && value < LIMIT_32) return value;
    large.push(value);
    return LIMIT_32;
  };
  const size = field(entry.size);
  const compressedSize = field(entry.compressedSize);
  const offset = field(entry.offset);
  const extra = large.length > 0 ? zip64Extra(large) : Buffer.alloc(0);
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  // Made by: Unix (3), spec version 4.5 where ZIP64 is used, else 2.0.
  header.writeUInt16LE((3 << 8) | (extra.length > 0 ? 45 : 20), 4);
  header.writeUInt16LE(extra.length > 0 ? 45 : 20, 6);
  header.writeUInt16LE(FLAG_UTF8_NAME, 8);
  header.writeUInt16LE(entry.method, 10);
  header.writeUInt16LE(stamp.time, 12);
  header.writeUInt16LE(stamp.date, 14);
  header.writeUInt32LE(entry.crc >>> 0, 16);
  header.writeUInt32LE(compressedSize, 20);
  header.writeUInt32LE(size, 24);
  header.writeUInt16LE(entry.name.length, 28);
  header.writeUInt16LE(extra.length, 30);
  // Comment length, disk number and internal attributes stay 0; external attributes: a regular file, rw-r--r--.
  header.writeUInt32LE((0o100644 << 16) >>> 0, 38);
  header.writeUInt32LE(offset, 42);
  return Buffer.concat([header, entry.name, extra]);
}

function zip64Extra(values: number[]): Buffer {
  const extra = Buffer.alloc(4 + 8 * values.length);
  extra.writeUInt16LE(0x0001, 0);
  extra.writeUInt16LE(8 * values.length, 2);
  values.forEach((v, i) => extra.writeBigUInt64LE(BigInt(v), 4 + 8 * i));
  return extra;
}

function endOfDirectory(count: number, start: number, size: number, forceZip64: boolean): Buffer {
  const zip64 = forceZip64 || count >= LIMIT_16 || start >= LIMIT_32 || size >= LIMIT_32;
  const parts: Buffer[] = [];
  if (zip64) {
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeUInt16LE((3 << 8) | 45, 12);
    record.writeUInt16LE(45, 14);
    // Disk numbers (16, 20) are 0.
    record.writeBigUInt64LE(BigInt(count), 24);
    record.writeBigUInt64LE(BigInt(count), 32);
    record.writeBigUInt64LE(BigInt(size), 40);
    record.writeBigUInt64LE(BigInt(start), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(start + size), 8);
    locator.writeUInt32LE(1, 16);
    parts.push(record, locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(zip64 ? LIMIT_16 : count, 8);
  end.writeUInt16LE(zip64 ? LIMIT_16 : count, 10);
  end.writeUInt32LE(zip64 ? LIMIT_32 : size, 12);
  end.writeUInt32LE(zip64 ? LIMIT_32 : start, 16);
  parts.push(end);
  return Buffer.concat(parts);
}

interface DosStamp {
  time: number;
  date: number;
}

/** MS-DOS date and time, which ZIP headers use; local time, as archivers write it. */
function dosDateTime(at: Date): DosStamp {
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2),
    date: (Math.max(0, at.getFullYear() - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}
