import type * as Mupdf from "mupdf";
import { outlineOf, replaceOutline } from "../mupdf-outline.js";
import { removeDocumentMetadata } from "../mupdf-metadata.js";
import { savedBytes } from "../mupdf-save.js";
import type { OutlineNode } from "../outline.js";
import type { DevicePdf } from "./open.js";

/** MuPDF's part on the device: bookmarks and metadata, as the server's MuPDF processes do them. */

function openBytes(mupdf: typeof Mupdf, bytes: Uint8Array): Mupdf.PDFDocument {
  const doc = mupdf.Document.openDocument(bytes, "application/pdf").asPDF();
  if (!doc) throw new Error("not a PDF document");
  return doc;
}

export async function readOutlineOnDevice(mupdf: typeof Mupdf, pdf: DevicePdf): Promise<OutlineNode[]> {
  if (!pdf.hasOutline) return [];
  const doc = openBytes(mupdf, pdf.data);
  try {
    return outlineOf(doc);
  } finally {
    doc.destroy();
  }
}

/** The document with its outline replaced, appended as an incremental update as on the server. */
export function withOutline(mupdf: typeof Mupdf, bytes: Uint8Array, outline: readonly OutlineNode[]): Uint8Array {
  return rewritten(mupdf, bytes, "incremental", (doc) => replaceOutline(doc, outline));
}

/** The document without its information dictionary and XMP packet (the server's stripMetadata). */
export function withoutMetadata(mupdf: typeof Mupdf, bytes: Uint8Array): Uint8Array {
  return rewritten(mupdf, bytes, "garbage=compact,compress", (doc) => removeDocumentMetadata(doc));
}

function rewritten(mupdf: typeof Mupdf, bytes: Uint8Array, options: string, change: (doc: Mupdf.PDFDocument) => void): Uint8Array {
  const doc = openBytes(mupdf, bytes);
  try {
    change(doc);
    return savedBytes(doc, options);
  } finally {
    doc.destroy();
  }
}
