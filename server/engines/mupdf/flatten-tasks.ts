import type * as mupdf from "mupdf";
import { openPdf, savePdf } from "./documents.js";

type Progress = (fraction: number) => void;

export interface FlattenCounts {
  fields: number;
  annotations: number;
  links: number;
}

/** Read from the pages' /Annots arrays themselves: loaded pages keep the lists they had when they were loaded. */
function countOn(doc: mupdf.PDFDocument): FlattenCounts {
  const counts: FlattenCounts = { fields: 0, annotations: 0, links: 0 };
  for (let i = 0, n = doc.countPages(); i < n; i++) {
    const annots = doc.findPage(i).get("Annots");
    if (!annots.isArray()) continue;
    for (let j = 0; j < annots.length; j++) {
      const subtype = annots.get(j).get("Subtype");
      const name = subtype.isName() ? subtype.asName() : "";
      if (name === "Widget") counts.fields++;
      else if (name === "Link") counts.links++;
      else counts.annotations++;
    }
  }
  return counts;
}

export const flattenTasks = {
  /**
   * Draws form fields and/or annotations into the page content with their appearance (MuPDF makes one where a field
   * has none) and removes them, so the page looks as before and nothing can be edited. Links have no appearance:
   * they are kept unless asked to go.
   */
  flattenPdf(args: { input: string; output: string; forms: boolean; annotations: boolean; removeLinks: boolean }, progress: Progress) {
    const doc = openPdf(args.input);
    const before = countOn(doc);
    progress(0.2);
    doc.bake(args.annotations, args.forms);
    progress(0.7);
    let linksRemoved = 0;
    if (args.removeLinks) {
      for (let i = 0, n = doc.countPages(); i < n; i++) {
        const page = doc.loadPage(i);
        for (const link of page.getLinks()) {
          page.deleteLink(link);
          linksRemoved++;
        }
      }
    }
    const after = countOn(doc);
    savePdf(doc, args.output, "garbage=compact,compress");
    return {
      fields: before.fields - after.fields,
      annotations: before.annotations - after.annotations,
      linksRemoved,
      linksKept: after.links,
    };
  },
};
