import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { crc32, StoredZip } from "../pdf-ops/device/zip.js";
import { tempDir } from "./helpers/pdf-tools.js";
import { prng } from "./helpers/prng.js";

const exec = promisify(execFile);

function randomBytes(length: number, seed: number): Uint8Array {
  const random = prng(seed);
  return Uint8Array.from({ length }, () => random.int(0, 256));
}

describe("the device's ZIP", () => {
  it("checksums as zlib does, at every length around its eight-byte steps", () => {
    const data = randomBytes(1 << 16, 7);
    for (const length of [0, 1, 7, 8, 9, 15, 16, 17, 1000, data.length]) {
      expect(crc32(data.subarray(0, length)), `${length} bytes`).toBe(zlib.crc32(data.subarray(0, length)));
    }
    // A part of a larger buffer (qpdf's output within its room) starts anywhere, words unaligned.
    for (const start of [1, 3, 5]) {
      expect(crc32(data.subarray(start, start + 1001)), `from byte ${start}`).toBe(zlib.crc32(data.subarray(start, start + 1001)));
    }
  });

  it("writes entries kept as Blobs into a ZIP that unzip tests and reads back, names made unique", async () => {
    const zip = new StoredZip();
    const entries: Array<[string, Uint8Array]> = [
      ["page-1.png", randomBytes(100_003, 1)],
      ["Page-1.png", randomBytes(17, 2)],
      ["résumé.pdf", new TextEncoder().encode("%PDF-1.7\n")],
      ["empty.txt", new Uint8Array(0)],
    ];
    const ranges = entries.map(([name, data], i) => zip.add(name, data, i % 2 === 0 ? new Blob([data as Uint8Array<ArrayBuffer>]) : (data as Uint8Array<ArrayBuffer>)));
    const bytes = new Uint8Array(await new Blob(zip.finish()).arrayBuffer());
    const file = path.join(await tempDir(), "device.zip");
    await fs.writeFile(file, bytes);
    // Where each entry's bytes lie in the ZIP: the worker slices the ZIP's Blob there for the parts on their own.
    for (const [i, range] of ranges.entries()) expect(bytes.subarray(range.start, range.end), entries[i]![0]).toEqual(entries[i]![1]);

    const { stdout } = await exec("unzip", ["-t", file]);
    expect(stdout).toContain("No errors detected");
    // Python's zipfile checks every entry's CRC and reads the UTF-8 names as the flag says.
    const script = `
import hashlib, json, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    print(json.dumps({"bad": z.testzip(), "entries": [[i.filename, i.compress_type, hashlib.sha256(z.read(i)).hexdigest()] for i in z.infolist()]}))
`;
    const read = JSON.parse((await exec("python3", ["-c", script, file])).stdout) as { bad: string | null; entries: Array<[string, number, string]> };
    expect(read.bad).toBeNull();
    const sha = (data: Uint8Array) => crypto.createHash("sha256").update(data).digest("hex");
    const names = ["page-1.png", "Page-1 (2).png", "résumé.pdf", "empty.txt"];
    expect(read.entries).toEqual(entries.map(([, data], i) => [names[i], 0, sha(data)]));
  });
});
