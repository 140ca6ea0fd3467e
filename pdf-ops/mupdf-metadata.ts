import type * as mupdf from "mupdf";

/** Document metadata with MuPDF, for the server's MuPDF processes and the visitor's browser alike. */

/**
 * Whether the trailer's Info is really some other part of the document: producers have been seen pointing it at
 * the page tree. Document information never has a /Type, /Kids or /Pages; such an entry must be dropped from the
 * trailer, never edited, or the edit lands on the object it points at (the page tree loses its pages).
 */
export function infoIsMisplaced(info: mupdf.PDFObject): boolean {
  return info.isDictionary() && ["Type", "Kids", "Pages", "Parent"].some((key) => !info.get(key).isNull());
}

/** Deletes every entry of a dictionary, leaving it empty in place. */
export function emptyDictionary(dict: mupdf.PDFObject): void {
  const keys: Array<string | number> = [];
  dict.forEach((_value, key) => keys.push(key));
  for (const key of keys) dict.delete(key);
}

/** Removes the document information dictionary and the catalogue's XMP packet; says which there were. */
export function removeDocumentMetadata(doc: mupdf.PDFDocument): { info: boolean; xmp: boolean } {
  const trailer = doc.getTrailer();
  // Emptying the dictionary itself matters: MuPDF writes the Info it loaded even when the trailer drops it.
  const info = trailer.get("Info");
  // An Info that is another part of the document is only let go of: emptying it would empty that part.
  if (info.isDictionary() && !infoIsMisplaced(info)) emptyDictionary(info);
  trailer.delete("Info");
  const root = trailer.get("Root");
  const xmp = !root.get("Metadata").isNull();
  root.delete("Metadata");
  return { info: info.isDictionary(), xmp };
}
