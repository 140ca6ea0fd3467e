import { createWriteStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import yazl from "yazl";

/**
 * The small part of Office Open XML that OCR output needs: a ZIP of XML parts. Word and Excel open such a package
 * when [Content_Types].xml comes first and every part is named in it.
 */

export async function writeOoxmlPackage(parts: ReadonlyArray<{ name: string; xml: string }>, output: string): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const part of parts) zip.addBuffer(Buffer.from(part.xml, "utf8"), part.name);
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(output));
}

/** Text as XML character data: markup escaped, and characters XML 1.0 forbids dropped. */
export function xmlText(text: string): string {
  return text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
