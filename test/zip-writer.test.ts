import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeZip, ZipWriter } from "../server/lib/zip.js";
import { readZip } from "./helpers/zip.js";

const exec = promisify(execFile);

/**
 * The archive every multi-output tool answers with, read back by two independent readers: Python's zipfile, which
 * checks each entry's CRC and reads ZIP64 records, and yauzl.
 */

/** Python's view of an archive: the first entry that fails its CRC (or null), and each entry's name, method and bytes. */
async function pythonRead(zip: string): Promise<{ bad: string | null; entries: Array<{ name: string; method: number; sha: string }> }> {
  const script = `
import hashlib, json, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    bad = z.testzip()
    entries = [{"name": i.filename, "method": i.compress_type, "sha": hashlib.sha256(z.read(i)).hexdigest()} for i in z.infolist()]
print(json.dumps({"bad": bad, "entries": entries}))
`;
  const { stdout } = await exec("python3", ["-c", script, zip]);
  return JSON.parse(stdout) as { bad: string | null; entries: Array<{ name: string; method: number; sha: string }> };
}

const sha = (data: Buffer) => crypto.createHash("sha256").update(data).digest("hex");

describe("ZIP writer", () => {
  let dir: string;
  const sources: Array<{ path: string; name: string; data: Buffer }> = [];

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "zip-writer-"));
    const add = async (file: string, name: string, data: Buffer) => {
      await fs.writeFile(path.join(dir, file), data);
      sources.push({ path: path.join(dir, file), name, data });
    };
    // Files over 4 MB are streamed in 4 MB chunks rather than read whole: one of each kind, stored and deflated.
    await add("a", "page-1.pdf", crypto.randomBytes(17 * 1024 * 1024 + 17));
    await add("b", "notes.txt", Buffer.from("line of text\n".repeat(1_400_000)));
    await add("f", "page-2.pdf", crypto.randomBytes(300_000));
    await add("g", "small.txt", Buffer.from("a few words of text ".repeat(1000)));
    await add("c", "empty.txt", Buffer.alloc(0));
    await add("d", "résumé – 東京.txt", Buffer.from("unicode name"));
    await add("e", "notes.txt", Buffer.from("same name as another entry"));
  });

  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  for (const forceZip64 of [false, true]) {
    it(`writes entries that read back byte for byte${forceZip64 ? ", with ZIP64 records" : ""}`, async () => {
      const zip = path.join(dir, `out-${forceZip64}.zip`);
      await writeZip(sources, zip, { forceZip64 });

      const python = await pythonRead(zip);
      expect(python.bad).toBeNull();
      expect(python.entries.map((e) => e.name)).toEqual([
        "page-1.pdf",
        "notes.txt",
        "page-2.pdf",
        "small.txt",
        "empty.txt",
        "résumé – 東京.txt",
        "notes (2).txt",
      ]);
      expect(python.entries.map((e) => e.sha)).toEqual(sources.map((s) => sha(s.data)));
      // PDFs are stored as they are; text is deflated, and the repetitive text shrinks.
      expect(python.entries.map((e) => e.method)).toEqual([0, 8, 0, 8, 8, 8, 8]);

      const entries = await readZip(zip);
      expect([...entries.values()].map(sha)).toEqual(sources.map((s) => sha(s.data)));
      const { size } = await fs.stat(zip);
      expect(size).toBeLessThan(17 * 1024 * 1024 + 300_000 + 200_000);
    });
  }

  it("writes an archive added to in parts as its files come, names unique over all of it", async () => {
    const zip = path.join(dir, "parts.zip");
    const small = sources.filter((s) => s.data.length < 4 * 1024 * 1024);
    const writer = await ZipWriter.create(zip);
    await writer.add(small.slice(0, 2));
    await writer.add(small.slice(2, 4));
    await writer.add([...small.slice(4), { path: small[1]!.path, name: "small.txt" }]);
    await writer.finish();
    await writer.close();
    const python = await pythonRead(zip);
    expect(python.bad).toBeNull();
    expect(python.entries.map((e) => e.name)).toEqual(["page-2.pdf", "small.txt", "empty.txt", "résumé – 東京.txt", "notes.txt", "small (2).txt"]);
    expect(python.entries.map((e) => e.sha)).toEqual([...small, small[1]!].map((s) => sha(s.data)));
  });

  it("lists entries added out of order at the places given, large ones streamed included", async () => {
    const zip = path.join(dir, "places.zip");
    const writer = await ZipWriter.create(zip);
    // Written 3, 0, 2, 1 (the first streamed, being over 4 MB): listed 0 to 3.
    await writer.add([sources[0]!], [3]);
    await writer.add([sources[2]!, sources[3]!], [0, 2]);
    await writer.add([sources[4]!], [1]);
    await writer.finish();
    await writer.close();
    const python = await pythonRead(zip);
    expect(python.bad).toBeNull();
    const listed = [sources[2]!, sources[4]!, sources[3]!, sources[0]!];
    expect(python.entries.map((e) => e.name)).toEqual(listed.map((s) => s.name));
    expect(python.entries.map((e) => e.sha)).toEqual(listed.map((s) => sha(s.data)));
    const yauzl = await readZip(zip);
    expect([...yauzl.keys()]).toEqual(listed.map((s) => s.name));
  });
});
