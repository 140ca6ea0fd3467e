import type * as Mupdf from "mupdf";
import { DamagedPdfError, EncryptedPdfError } from "../errors.js";

/**
 * A visitor's PDF opened by MuPDF for reading or rendering, refused with the server's sentences where it cannot
 * be read or needs a password.
 */
export function openWithMupdf(mupdf: typeof Mupdf, bytes: Uint8Array, name: string): Mupdf.PDFDocument {
  let doc: Mupdf.PDFDocument | null;
  try {
    doc = mupdf.Document.openDocument(bytes, "application/pdf").asPDF();
  } catch {
    throw new DamagedPdfError(name);
  }
  if (!doc || doc.countPages() === 0) throw new DamagedPdfError(name);
  if (doc.needsPassword()) throw new EncryptedPdfError(name);
  return doc;
}
