import fs from "node:fs";
import * as mupdf from "mupdf";
import { withSavedBytes } from "../../../pdf-ops/mupdf-save.js";

export { emptyDictionary, infoIsMisplaced, removeDocumentMetadata } from "../../../pdf-ops/mupdf-metadata.js";

/**
 * Opening and saving PDFs inside a MuPDF worker, shared by every task module.
 *
 * Files are opened by path: MuPDF then reads them lazily from disk instead of copying them into WebAssembly
 * memory, which would grow the worker's heap to the size of the largest file ever seen (a heap never shrinks).
 */
export function openPdf(path: string): mupdf.PDFDocument {
  const doc = mupdf.Document.openDocument(path, "application/pdf");
  const pdf = doc.asPDF();
  if (!pdf) throw new Error("not a PDF document");
  if (pdf.needsPassword()) throw new Error("password required");
  return pdf;
}

export function savePdf(doc: mupdf.PDFDocument, path: string, options: string): void {
  withSavedBytes(doc, options, (bytes) => fs.writeFileSync(path, bytes));
}
