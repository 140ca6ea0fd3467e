import fs from "node:fs";
import * as mupdf from "mupdf";

/**
 * Work done with MuPDF, run inside a worker thread (see pool.ts). Tasks take and return plain data; files go by
 * path so that large documents never cross the thread boundary.
 */

function openPdf(path: string): mupdf.PDFDocument {
  const doc = mupdf.Document.openDocument(fs.readFileSync(path), "application/pdf");
  const pdf = doc.asPDF();
  if (!pdf) throw new Error("not a PDF document");
  if (pdf.needsPassword()) throw new Error("password required");
  return pdf;
}

function save(doc: mupdf.PDFDocument, path: string, options: string): void {
  fs.writeFileSync(path, doc.saveToBuffer(options).asUint8Array());
}

export interface OutlineNode {
  title: string;
  /** Zero-based page, or -1 where the entry points nowhere inside the document. */
  page: number;
  open: boolean;
  children: OutlineNode[];
}

export interface PageBox {
  /** The page as seen, after its /Rotate: the size a stamp must have. */
  width: number;
  height: number;
}

type Progress = (fraction: number) => void;
type OutlineItem = NonNullable<ReturnType<mupdf.Document["loadOutline"]>>[number];
type LinkDest = Parameters<mupdf.Document["formatLinkURI"]>[0];

export const tasks = {
  /** Proves the library loads and can build a document (for the health check). */
  probe(_args: Record<string, never>) {
    const doc = new mupdf.PDFDocument();
    return { ok: doc.countPages() === 0 };
  },

  /** Opens with MuPDF's repairing parser and writes a clean copy. */
  repair(args: { input: string; output: string }) {
    const doc = openPdf(args.input);
    const pageCount = doc.countPages();
    save(doc, args.output, "garbage=compact,compress");
    return { pageCount, wasRepaired: doc.wasRepaired() };
  },

  /**
   * Opens an encrypted file with MuPDF's repairing parser and the given password and writes it decrypted: the
   * fallback when qpdf cannot read a damaged encrypted file. authenticated is MuPDF's answer (0: wrong password).
   */
  unlockWithPassword(args: { input: string; output: string; password: string; keepMetadata: boolean }) {
    const doc = mupdf.Document.openDocument(fs.readFileSync(args.input), "application/pdf").asPDF();
    if (!doc) throw new Error("not a PDF document");
    const authenticated = doc.needsPassword() ? doc.authenticatePassword(args.password) : 1;
    if (authenticated === 0) return { authenticated, pageCount: 0 };
    if (!args.keepMetadata) {
      doc.getTrailer().delete("Info");
      doc.getTrailer().get("Root").delete("Metadata");
    }
    save(doc, args.output, "decrypt,garbage=compact,compress");
    return { authenticated, pageCount: doc.countPages() };
  },

  /** Removes the document information dictionary and the XMP metadata, rewriting the whole file. */
  stripMetadata(args: { input: string; output: string }) {
    const doc = openPdf(args.input);
    const trailer = doc.getTrailer();
    // Emptying the dictionary itself matters: MuPDF writes the Info it loaded even when the trailer drops it.
    const info = trailer.get("Info");
    if (info.isDictionary()) {
      const keys: Array<string | number> = [];
      info.forEach((_value, key) => keys.push(key));
      for (const key of keys) info.delete(key);
    }
    trailer.delete("Info");
    trailer.get("Root").delete("Metadata");
    save(doc, args.output, "garbage=compact,compress");
  },

  /** The visible size of each page's trim box, the box qpdf fits overlays into. */
  pageBoxes(args: { input: string }): { pages: PageBox[] } {
    const doc = openPdf(args.input);
    const pages: PageBox[] = [];
    for (let i = 0, n = doc.countPages(); i < n; i++) {
      const [x0, y0, x1, y1] = doc.loadPage(i).getBounds("TrimBox");
      pages.push({ width: x1 - x0, height: y1 - y0 });
    }
    return { pages };
  },

  /** Text in reading order, one form feed after each page, as pdftotext does. */
  extractText(args: { input: string; output: string; pages?: number[]; reflow?: boolean }, progress: Progress) {
    const doc = openPdf(args.input);
    const count = doc.countPages();
    const pages = args.pages ?? Array.from({ length: count }, (_, i) => i);
    const fd = fs.openSync(args.output, "w");
    let characters = 0;
    try {
      pages.forEach((index, i) => {
        const page = doc.loadPage(index);
        const text = page
          .toStructuredText("preserve-whitespace")
          .asText()
          // Glyphs without a Unicode mapping come out as U+FFFD; they carry no text.
          .replace(/\uFFFD/g, "")
          .replace(/[ \t]+\n/g, "\n")
          .replace(/\n{3,}/g, "\n\n")
          .trim();
        const finalText = args.reflow ? reflowParagraphs(text) : text;
        characters += finalText.length;
        fs.writeSync(fd, finalText + "\n\f");
        if (i % 10 === 9) progress((i + 1) / pages.length);
      });
    } finally {
      fs.closeSync(fd);
    }
    return { pageCount: pages.length, characters };
  },

  readOutline(args: { input: string }): { outline: OutlineNode[] } {
    const doc = openPdf(args.input);
    const convert = (items: OutlineItem[] | undefined): OutlineNode[] =>
      (items ?? []).map((item) => ({
        title: item.title ?? "",
        page: item.page ?? (item.uri ? safeResolve(doc, item.uri) : -1),
        open: item.open,
        children: convert(item.down),
      }));
    return { outline: convert(doc.loadOutline() ?? undefined) };
  },

  /** Replaces the outline; written as an incremental update, so the pages are not rewritten. */
  writeOutline(args: { input: string; output: string; outline: OutlineNode[] }) {
    const doc = openPdf(args.input);
    const it = doc.outlineIterator();
    while (it.item()) it.delete();
    const insertAll = (nodes: OutlineNode[]) => {
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
    insertAll(args.outline);
    save(doc, args.output, "incremental");
  },
};

/** Joins the lines of each paragraph into one, mending words hyphenated at a line end. */
function reflowParagraphs(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((para) => para.replace(/([a-z\u00e0-\u024f])-\n(?=[a-z\u00e0-\u024f])/g, "$1").replace(/\s*\n\s*/g, " "))
    .join("\n\n");
}

function safeResolve(doc: mupdf.PDFDocument, uri: string): number {
  try {
    return doc.resolveLink(uri);
  } catch {
    return -1;
  }
}

export type TaskName = keyof typeof tasks;
export type TaskArgs<T extends TaskName> = Parameters<(typeof tasks)[T]>[0];
export type TaskResult<T extends TaskName> = ReturnType<(typeof tasks)[T]>;
