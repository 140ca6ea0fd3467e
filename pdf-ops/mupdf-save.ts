import type * as Mupdf from "mupdf";

/**
 * A document saved with `options`, handed to `use` while the bytes are still in MuPDF's memory; the buffer is freed
 * as soon as `use` returns. MuPDF cannot append to a file whose cross-reference table it had to rebuild: such a file
 * is written whole.
 */
export function withSavedBytes<T>(doc: Mupdf.PDFDocument, options: string, use: (bytes: Uint8Array) => T): T {
  const written = options === "incremental" && doc.wasRepaired() ? "compress" : options;
  const buffer = doc.saveToBuffer(written);
  try {
    return use(buffer.asUint8Array());
  } finally {
    buffer.destroy();
  }
}

/**
 * A document's bytes as MuPDF saves them with `options`, copied out of its memory. A view of that memory is not
 * the caller's to keep: it is overwritten once its buffer is freed (by `destroy`, or by the collector at any later
 * time) and left empty when the memory grows.
 */
export function savedBytes(doc: Mupdf.PDFDocument, options: string): Uint8Array {
  return withSavedBytes(doc, options, (bytes) => bytes.slice());
}
