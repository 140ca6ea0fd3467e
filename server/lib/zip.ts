import { createWriteStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import yazl from "yazl";
import { uniqueNames } from "./file-names.js";

/** Formats that are compressed already; deflating them again costs time and saves nothing. */
const STORED = /\.(pdf|jpe?g|png|gif|zip|docx|xlsx|pptx|epub|odt)$/i;

export async function writeZip(entries: ReadonlyArray<{ path: string; name: string }>, output: string): Promise<void> {
  const zip = new yazl.ZipFile();
  const names = uniqueNames(entries.map((e) => e.name));
  entries.forEach((entry, i) => {
    const name = names[i]!;
    zip.addFile(entry.path, name, { compress: !STORED.test(name) });
  });
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(output));
}
