import type * as mupdf from "mupdf";

/**
 * Puts `before` ahead of a page's content and `after` behind it, each as a stream of its own, leaving the page's
 * own streams as they are. With "q" before and "Q" after, whatever state the page's content leaves behind (a
 * transformation, a colour, an unclosed q) does not reach what `after` draws.
 */
export function surroundPageContent(doc: mupdf.PDFDocument, pageObj: mupdf.PDFObject, before: string, after: string): void {
  const contents = pageObj.get("Contents");
  const list = doc.newArray();
  list.push(doc.addStream(before, {}));
  if (contents.isArray()) for (let i = 0; i < contents.length; i++) list.push(contents.get(i));
  else if (contents.isStream()) list.push(contents);
  list.push(doc.addStream(after, {}));
  pageObj.put("Contents", list);
}

/** A number as content streams write it: fixed decimals, no exponent. */
export function pdfNumber(value: number): string {
  return Number.isFinite(value) ? Number(value.toFixed(6)).toString() : "0";
}
