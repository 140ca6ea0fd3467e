import type * as mupdf from "mupdf";
import type { OutlineNode } from "./outline.js";

/**
 * Reading and writing bookmarks with MuPDF, the same code in the server's MuPDF processes and in the visitor's
 * browser. It takes the document and never imports the library itself, so that each side loads MuPDF its own way.
 */

type OutlineItem = NonNullable<ReturnType<mupdf.Document["loadOutline"]>>[number];
type LinkDest = Parameters<mupdf.Document["formatLinkURI"]>[0];

/** The bookmarks with zero-based target pages (-1 where an entry points nowhere in the document). */
export function outlineOf(doc: mupdf.PDFDocument): OutlineNode[] {
  const convert = (items: OutlineItem[] | undefined): OutlineNode[] =>
    (items ?? []).map((item) => ({
      title: item.title ?? "",
      page: item.page ?? (item.uri ? safeResolve(doc, item.uri) : -1),
      open: item.open,
      children: convert(item.down),
    }));
  return convert(doc.loadOutline() ?? undefined);
}

function safeResolve(doc: mupdf.PDFDocument, uri: string): number {
  try {
    return doc.resolveLink(uri);
  } catch {
    return -1;
  }
}

/** Replaces the document's outline with these entries. */
export function replaceOutline(doc: mupdf.PDFDocument, outline: readonly OutlineNode[]): void {
  const it = doc.outlineIterator();
  while (it.item()) it.delete();
  const insertAll = (nodes: readonly OutlineNode[]) => {
    for (const node of nodes) {
      const uri = node.page >= 0 ? doc.formatLinkURI({ type: "Fit", page: node.page } as LinkDest) : undefined;
      it.insert({ title: node.title, uri, open: node.open });
      if (node.children.length > 0) {
        it.prev();
        it.down();
        insertAll(node.children);
        it.up();
        it.next();
      }
    }
  };
  insertAll(outline);
}
