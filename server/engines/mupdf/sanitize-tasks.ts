import type * as mupdf from "mupdf";
import { openPdf, removeDocumentMetadata, savePdf } from "./documents.js";

/** What a sanitize run removes; each also names a count in the reply. */
export interface SanitizeChoices {
  javascript: boolean;
  actions: boolean;
  formSubmit: boolean;
  embeddedFiles: boolean;
  links: boolean;
  metadata: boolean;
}

export type SanitizeCounts = Record<keyof SanitizeChoices, number>;

/** Action types by what removes them; others (GoTo, Named, SetOCGState, Trans, …) stay unless they run on their own. */
const ACTION_KINDS: Record<string, keyof SanitizeChoices> = {
  JavaScript: "javascript",
  SubmitForm: "formSubmit",
  Launch: "actions",
  GoToR: "actions",
  GoToE: "actions",
  ImportData: "actions",
  Rendition: "actions",
  Movie: "actions",
  Sound: "actions",
  Hide: "actions",
  URI: "links",
};

/** Nesting past this is not followed (a file can nest arrays ten thousand deep). */
const MAX_DEPTH = 32;

class Sanitizer {
  readonly counts: SanitizeCounts = { javascript: 0, actions: 0, formSubmit: 0, embeddedFiles: 0, links: 0, metadata: 0 };

  constructor(
    private readonly doc: mupdf.PDFDocument,
    private readonly remove: SanitizeChoices,
  ) {}

  /** Whether an action (or one chained after it with /Next) is of a kind to remove; counted once. */
  private drops(action: mupdf.PDFObject): boolean {
    if (!action.isDictionary()) return false;
    const s = action.get("S");
    const kind = s.isName() ? ACTION_KINDS[s.asName()] : undefined;
    if (kind && this.remove[kind]) {
      this.counts[kind]++;
      return true;
    }
    const next = action.get("Next");
    if (next.isDictionary() && this.drops(next)) action.delete("Next");
    else if (next.isArray()) {
      const kept = Array.from({ length: next.length }, (_, i) => next.get(i)).filter((a) => !this.drops(a));
      if (kept.length !== next.length) action.put("Next", kept);
    }
    return false;
  }

  /**
   * Removes from one dictionary the actions to remove (/A, /AA, /OpenAction), and where chosen its XMP packet (pages
   * and images carry their own) and its associated files.
   */
  private cleanDictionary(dict: mupdf.PDFObject): void {
    if (this.remove.metadata && dict.get("Metadata").isStream()) {
      dict.delete("Metadata");
      this.counts.metadata++;
    }
    if (this.remove.embeddedFiles && !dict.get("AF").isNull()) dict.delete("AF");
    const a = dict.get("A");
    if (a.isDictionary() && this.drops(a)) dict.delete("A");
    const aa = dict.get("AA");
    if (aa.isDictionary()) {
      if (this.remove.actions) {
        aa.forEach(() => this.counts.actions++);
        dict.delete("AA");
      } else {
        const doomed: Array<string | number> = [];
        aa.forEach((action, key) => {
          if (this.drops(action)) doomed.push(key);
        });
        for (const key of doomed) aa.delete(key);
      }
    }
    const open = dict.get("OpenAction");
    // An /OpenAction that is a destination only shows a page; one that is an action runs on opening.
    if (open.isDictionary()) {
      const kind = this.drops(open);
      if (kind || this.remove.actions) {
        if (!kind) this.counts.actions++;
        dict.delete("OpenAction");
      }
    }
  }

  /** Every dictionary of the file, direct ones inside others included. */
  cleanAllActions(): void {
    const visit = (obj: mupdf.PDFObject, depth: number) => {
      if (depth > MAX_DEPTH) return;
      if (obj.isDictionary()) this.cleanDictionary(obj);
      if (!obj.isDictionary() && !obj.isArray()) return;
      obj.forEach((value) => {
        if (!value.isIndirect() && (value.isDictionary() || value.isArray())) visit(value, depth + 1);
      });
    };
    for (let num = 1, n = this.doc.countObjects(); num < n; num++) {
      // Through the reference: a resolved wrapper can drop a reference it does not own (see tasks.ts).
      const obj = this.doc.newIndirect(num);
      if (obj.isDictionary() || obj.isArray()) visit(obj, 0);
    }
  }

  /** Link and file attachment annotations leave their pages' /Annots. */
  cleanAnnotations(): void {
    for (let i = 0, n = this.doc.countPages(); i < n; i++) {
      const page = this.doc.findPage(i);
      const annots = page.get("Annots");
      if (!annots.isArray()) continue;
      const kept: mupdf.PDFObject[] = [];
      for (let j = 0; j < annots.length; j++) {
        const annot = annots.get(j);
        const subtype = annot.get("Subtype");
        const name = subtype.isName() ? subtype.asName() : "";
        // What a removed annotation held is emptied too, so that the pass over every object does not count it again.
        if (name === "Link" && this.remove.links) {
          this.counts.links++;
          annot.delete("A");
        } else if (name === "FileAttachment" && this.remove.embeddedFiles) {
          this.counts.embeddedFiles++;
          annot.delete("FS");
        } else kept.push(annot);
      }
      if (kept.length !== annots.length) {
        if (kept.length === 0) page.delete("Annots");
        else page.put("Annots", kept);
      }
    }
  }

  /** Document-level scripts and attachments: the name trees, XFA, portfolios, associated files. */
  cleanCatalog(): void {
    const root = this.doc.getTrailer().get("Root");
    const names = root.get("Names");
    if (this.remove.javascript) {
      if (names.isDictionary() && !names.get("JavaScript").isNull()) {
        this.counts.javascript += Math.max(1, this.nameTreeSize(names.get("JavaScript")));
        names.delete("JavaScript");
      }
      const form = root.get("AcroForm");
      if (form.isDictionary() && !form.get("XFA").isNull()) {
        this.counts.javascript++;
        form.delete("XFA");
      }
    }
    if (this.remove.embeddedFiles) {
      if (names.isDictionary() && !names.get("EmbeddedFiles").isNull()) {
        this.counts.embeddedFiles += this.nameTreeSize(names.get("EmbeddedFiles"));
        names.delete("EmbeddedFiles");
      }
      root.delete("Collection");
    }
    if (this.remove.metadata) {
      const removed = removeDocumentMetadata(this.doc);
      this.counts.metadata += Number(removed.info) + Number(removed.xmp);
    }
  }

  /** How many entries a name tree holds (its /Names arrays list key and value in turn). */
  private nameTreeSize(tree: mupdf.PDFObject, depth = 0): number {
    if (!tree.isDictionary() || depth > MAX_DEPTH) return 0;
    const names = tree.get("Names");
    let count = names.isArray() ? Math.floor(names.length / 2) : 0;
    const kids = tree.get("Kids");
    if (kids.isArray()) for (let i = 0; i < kids.length; i++) count += this.nameTreeSize(kids.get(i), depth + 1);
    return count;
  }
}

const METADATA_ONLY: SanitizeChoices = { javascript: false, actions: false, formSubmit: false, embeddedFiles: false, links: false, metadata: true };

/** Removes the document information and every XMP packet (the catalogue's, pages', images'); says how many went. */
export function removeAllMetadata(doc: mupdf.PDFDocument): number {
  const sanitizer = new Sanitizer(doc, METADATA_ONLY);
  sanitizer.cleanCatalog();
  sanitizer.cleanAllActions();
  return sanitizer.counts.metadata;
}

export const sanitizeTasks = {
  /**
   * Removes what was chosen of scripts, actions, attachments, links and metadata, and writes the file whole so
   * that nothing removed is left in it, unused objects included.
   */
  sanitizePdf(args: { input: string; output: string; remove: SanitizeChoices }): { counts: SanitizeCounts } {
    const doc = openPdf(args.input);
    const sanitizer = new Sanitizer(doc, args.remove);
    sanitizer.cleanCatalog();
    sanitizer.cleanAnnotations();
    sanitizer.cleanAllActions();
    savePdf(doc, args.output, "garbage=compact,compress");
    return { counts: sanitizer.counts };
  },
};
