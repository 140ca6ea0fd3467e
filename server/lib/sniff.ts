import fs from "node:fs/promises";
import { kindFromName, type FileKind } from "../../catalog/file-kinds.js";

/**
 * What a file is, by its first bytes rather than its name. Office formats share containers (OLE for doc, xls and
 * ppt; ZIP for docx, xlsx, pptx and odt): the container is checked here and the name picks the member of the family.
 */

const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = Buffer.from("PK\x03\x04", "latin1");
const OLE_KINDS: readonly FileKind[] = ["doc", "xls", "ppt"];
/** Kinds in a ZIP container. */
export const ZIP_KINDS: readonly FileKind[] = ["docx", "xlsx", "pptx", "odt"];

export async function sniffKind(path: string, name: string): Promise<FileKind | undefined> {
  const handle = await fs.open(path, "r");
  try {
    const head = Buffer.alloc(1024);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return kindOfBytes(head.subarray(0, bytesRead), name);
  } finally {
    await handle.close();
  }
}

export function kindOfBytes(head: Buffer, name: string): FileKind | undefined {
  // Readers accept a PDF header anywhere in the first kilobyte (some producers put junk before it).
  if (head.includes("%PDF-")) return "pdf";
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg";
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (head.subarray(0, 6).toString("latin1") === "GIF87a" || head.subarray(0, 6).toString("latin1") === "GIF89a") return "gif";
  if (head.subarray(0, 2).toString("latin1") === "BM" && head.length >= 26) return "bmp";
  const tiff = head.subarray(0, 4).toString("latin1");
  if (tiff === "II*\0" || tiff === "MM\0*") return "tiff";
  const named = kindFromName(name);
  if (head.subarray(0, 8).equals(OLE)) return named && OLE_KINDS.includes(named) ? named : "doc";
  if (head.subarray(0, 4).equals(ZIP)) {
    if (named && ZIP_KINDS.includes(named)) return named;
    // An OpenDocument file names its type in an uncompressed first entry.
    if (head.includes("application/vnd.oasis.opendocument.text")) return "odt";
    return named === "zip" ? "zip" : undefined;
  }
  // HTML has no signature: a file named so whose start is text with markup in it.
  if (named === "html" && !head.includes(0) && head.includes("<")) return "html";
  // PKCS#12 is DER: a SEQUENCE with a long-form length. Only trusted together with its extension.
  if (named === "pkcs12" && head[0] === 0x30 && (head[1]! & 0x80) !== 0) return "pkcs12";
  return undefined;
}
