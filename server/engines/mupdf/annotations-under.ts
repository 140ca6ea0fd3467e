import * as mupdf from "mupdf";
import { pdfNumber, surroundPageContent } from "./page-content.js";
import { rectOf, type Rect } from "./page-rects.js";

/**
 * MuPDF's redaction takes content out of the page's content streams (and the forms they draw), not out of
 * annotations: a comment, a text box or a form field over a redacted area would still show, and hold, its words.
 * Such annotations are flattened first: their appearance is drawn into the page's content, where the redaction then
 * removes what lies under it, and the annotation itself (its text, a field's value, its pop-up) leaves the file.
 * Links over a redacted area go too: their address may spell what was removed.
 */

/** Annotation flags (PDF 32000-1 12.5.3) for an annotation that is not shown. */
const HIDDEN = 2;
const NO_VIEW = 32;
/** Nesting of form fields past this is not followed. */
const MAX_FIELD_DEPTH = 32;

export interface ClearedAnnotations {
  flattened: number;
  links: number;
}

function overlaps(a: Rect | mupdf.Rect, regions: readonly Rect[]): boolean {
  return regions.some((r) => Math.max(a[0], r[0]) < Math.min(a[2], r[2]) && Math.max(a[1], r[1]) < Math.min(a[3], r[3]));
}

/** The texts an annotation carries besides its appearance: a comment's contents, a field's value. */
function textsOf(annot: mupdf.PDFAnnotation): string[] {
  const obj = annot.getObject();
  const texts = [annot.getContents()];
  for (const key of ["V", "RC"]) {
    const value = key === "V" ? obj.getInheritable(key) : obj.get(key);
    if (value.isString()) texts.push(value.asString());
  }
  return texts.filter((t) => t !== "");
}

/** The appearance stream an annotation shows now, if it has one. */
function appearanceOf(obj: mupdf.PDFObject): mupdf.PDFObject | undefined {
  // MuPDF's null object throws when looked into: each step is checked before the next.
  const ap = obj.get("AP");
  if (!ap.isDictionary()) return undefined;
  let normal = ap.get("N");
  if (normal.isDictionary() && !normal.isStream()) {
    const state = obj.get("AS");
    if (!state.isName()) return undefined;
    normal = normal.get(state.asName());
  }
  return normal.isStream() && normal.get("BBox").isArray() ? normal : undefined;
}

/** A page's own resource dictionary, made from the inherited one where the page has none. */
function ownResources(doc: mupdf.PDFDocument, pageObj: mupdf.PDFObject): mupdf.PDFObject {
  const own = pageObj.get("Resources");
  if (own.isDictionary()) return own;
  const made = doc.newDictionary();
  const inherited = pageObj.getInheritable("Resources");
  if (inherited.isDictionary()) inherited.forEach((value, key) => made.put(key, value));
  pageObj.put("Resources", made);
  return made;
}

/**
 * The operators that draw an appearance where its annotation is: the form's bounding box, through its own matrix,
 * fitted into the annotation's rectangle (PDF 32000-1 12.5.5).
 */
function drawAppearance(doc: mupdf.PDFDocument, pageObj: mupdf.PDFObject, annot: mupdf.PDFObject, form: mupdf.PDFObject): string | undefined {
  const rect = rectOf(annot.get("Rect"));
  const bbox = rectOf(form.get("BBox"));
  if (!rect || !bbox) return undefined;
  const m = form.get("Matrix");
  const matrix: mupdf.Matrix = m.isArray() && m.length === 6 ? ([0, 1, 2, 3, 4, 5].map((i) => m.get(i).asNumber()) as mupdf.Matrix) : mupdf.Matrix.identity;
  const [tx0, ty0, tx1, ty1] = mupdf.Rect.transform(bbox, matrix);
  if (tx1 - tx0 <= 0 || ty1 - ty0 <= 0) return undefined;
  const sx = (rect[2] - rect[0]) / (tx1 - tx0);
  const sy = (rect[3] - rect[1]) / (ty1 - ty0);
  if (form.get("Subtype").isNull()) form.put("Subtype", doc.newName("Form"));
  const xobjects = (() => {
    const resources = ownResources(doc, pageObj);
    let dict = resources.get("XObject");
    if (!dict.isDictionary()) {
      dict = doc.newDictionary();
      resources.put("XObject", dict);
    }
    return dict;
  })();
  let n = 1;
  while (!xobjects.get(`RedactedAnnot${n}`).isNull()) n++;
  const name = `RedactedAnnot${n}`;
  xobjects.put(name, form);
  const cm = [sx, 0, 0, sy, rect[0] - tx0 * sx, rect[1] - ty0 * sy].map(pdfNumber).join(" ");
  return `q ${cm} cm /${name} Do Q`;
}

/** Takes a form field out of the form's field tree, with the parents it leaves without kids, so its value goes too. */
function dropField(doc: mupdf.PDFDocument, widget: mupdf.PDFObject): void {
  const fields = doc.getTrailer().get("Root", "AcroForm", "Fields");
  let node = widget;
  for (let depth = 0; depth < MAX_FIELD_DEPTH && node.isIndirect(); depth++) {
    const parent = node.get("Parent");
    const list = parent.isDictionary() ? parent.get("Kids") : fields;
    if (!list.isArray()) return;
    for (let i = list.length - 1; i >= 0; i--) if (list.get(i).isIndirect() && list.get(i).asIndirect() === node.asIndirect()) list.delete(i);
    if (!parent.isDictionary() || list.length > 0) return;
    node = parent;
  }
}

/**
 * Flattens and removes the annotations and form fields of a page that lie over a region to redact or whose text
 * holds a match, and removes the links over a region or to an address that holds one. Redaction marks are left
 * for the redaction to apply.
 */
export function clearAnnotationsOver(
  doc: mupdf.PDFDocument,
  page: mupdf.PDFPage,
  regions: readonly Rect[],
  holdsMatch: (text: string) => boolean,
): ClearedAnnotations {
  let links = 0;
  for (const link of page.getLinks()) {
    if (overlaps(link.getBounds(), regions) || holdsMatch(link.getURI())) {
      page.deleteLink(link);
      links++;
    }
  }
  const all = [...page.getAnnotations(), ...page.getWidgets()];
  const byNumber = new Map(all.filter((a) => a.getObject().isIndirect()).map((a) => [a.getObject().asIndirect(), a]));
  const doomed = all.filter((a) => {
    const type = a.getType();
    if (type === "Redact" || type === "Popup" || type === "Link") return false;
    return overlaps(a.getBounds(), regions) || textsOf(a).some(holdsMatch);
  });
  if (doomed.length === 0) return { flattened: 0, links };
  const pageObj = page.getObject();
  const drawn: string[] = [];
  for (const annot of doomed) {
    const obj = annot.getObject();
    const form = appearanceOf(obj);
    const shown = (annot.getFlags() & (HIDDEN | NO_VIEW)) === 0;
    const ops = form && shown ? drawAppearance(doc, pageObj, obj, form) : undefined;
    if (ops) drawn.push(ops);
  }
  if (drawn.length > 0) surroundPageContent(doc, pageObj, "q\n", `\nQ\n${drawn.join("\n")}\n`);
  for (const annot of doomed) {
    const obj = annot.getObject();
    const popup = obj.get("Popup");
    const popupAnnot = popup.isIndirect() ? byNumber.get(popup.asIndirect()) : undefined;
    const isWidget = annot.getType() === "Widget";
    page.deleteAnnotation(annot);
    if (popupAnnot) page.deleteAnnotation(popupAnnot);
    if (isWidget) dropField(doc, obj);
  }
  return { flattened: doomed.length, links };
}
