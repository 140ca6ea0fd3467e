import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import yauzl from "yauzl";

/**
 * Unpacks a visitor's ZIP (a web page with its files) into a folder of the job. Its sizes were checked already
 * (zip-expansion.ts); here every entry's name is taken apart into plain folder and file names, so that nothing is
 * written outside the folder whatever the names say ("../x", "/etc/x", "C:\x", "a\..\..\x"). Entries whose names
 * cannot be made safe are skipped, never written elsewhere.
 */

/** Longest path kept, in characters: deeper than any real page's files. */
const MAX_NAME = 400;

/** The entry's path as safe parts, or undefined when it is a folder or has no safe reading. */
export function safeEntryPath(name: string): string[] | undefined {
  if (name.length > MAX_NAME || name.endsWith("/") || name.endsWith("\\")) return undefined;
  const parts = name.split(/[/\\]/);
  if (parts.some((p) => p === "" || p === "." || p === ".." || p.includes(":") || p.includes("\0"))) return undefined;
  return parts;
}

/** An entry's name: UTF-8 when the archive says so (or when it reads as UTF-8), else the old DOS code page's ASCII. */
function entryName(entry: yauzl.Entry): string {
  const raw = entry.fileName as unknown as Buffer;
  const utf8 = raw.toString("utf8");
  return (entry.generalPurposeBitFlag & 0x800) !== 0 || !utf8.includes("\uFFFD") ? utf8 : raw.toString("latin1");
}

export async function extractZip(file: string, into: string): Promise<string[]> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: true, validateEntrySizes: true, decodeStrings: false }, (err, z) => (err || !z ? reject(err ?? new Error("unreadable zip")) : resolve(z))),
  );
  const root = path.resolve(into);
  const written: string[] = [];
  try {
    for (;;) {
      const entry = await new Promise<yauzl.Entry | undefined>((resolve, reject) => {
        const onEntry = (e: yauzl.Entry) => {
          zip.off("end", onEnd);
          zip.off("error", onError);
          resolve(e);
        };
        const onEnd = () => {
          zip.off("entry", onEntry);
          zip.off("error", onError);
          resolve(undefined);
        };
        const onError = (err: Error) => {
          zip.off("entry", onEntry);
          zip.off("end", onEnd);
          reject(err);
        };
        zip.once("entry", onEntry);
        zip.once("end", onEnd);
        zip.once("error", onError);
        zip.readEntry();
      });
      if (!entry) break;
      // Names are read here rather than by the ZIP reader, which refuses a whole archive for one name like "../x".
      const parts = safeEntryPath(entryName(entry));
      if (!parts) continue;
      const target = path.resolve(root, ...parts);
      // An entry named twice is written once.
      if (!target.startsWith(root + path.sep) || fs.existsSync(target)) continue;
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
        zip.openReadStream(entry, (err, s) => (err || !s ? reject(err ?? new Error("unreadable entry")) : resolve(s))),
      );
      await pipeline(stream, fs.createWriteStream(target, { flags: "wx" }));
      written.push(parts.join("/"));
    }
  } finally {
    zip.close();
  }
  return written;
}
