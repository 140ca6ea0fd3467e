import type * as Mupdf from "mupdf";

/**
 * A document's bytes as MuPDF saves them with `options`. MuPDF cannot append to a file whose cross-reference table
 * it had to rebuild: such a file is written whole.
 */
export function savedBytes(doc: Mupdf.PDFDocument, options: string): Uint8Array {
  const written = options === "incremental" && doc.wasRepaired() ? "compress" : options;
  return doc.saveToBuffer(written).asUint8Array();
}
