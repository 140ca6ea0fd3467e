import fs from "node:fs";
import * as mupdf from "mupdf";
import { infoIsMisplaced, savePdf } from "./documents.js";
import { list, msg, type Message } from "../../i18n/message.js";

/**
 * MuPDF's part in repair-pdf: its repairing parser as the middle rung of the repair ladder, and the fix-ups that
 * no engine does by itself (broken metadata, form field lists and annotation arrays; active content removed).
 * Objects are always read through their references: a resolve()d wrapper drops a reference it does not own.
 */

export interface TidyOptions {
  metadata: boolean;
  formFields: boolean;
  annotations: boolean;
  images: boolean;
  fonts: boolean;
  /** Remove JavaScript, embedded files and actions that launch, submit or run something. */
  sanitize: boolean;
}

export interface TidyReport {
  /** What was done, in short phrases for the reply ("removed an unreadable XMP metadata stream"), as catalogue messages under "repair.fixes.". */
  fixes: Message[];
  /** What was found but cannot be fixed here ("repair.findings."). */
  findings: Message[];
  changed: boolean;
}

/** Actions that run code, start programs or send data: what sanitizing removes from links, fields and pages. */
const ACTIVE_ACTIONS = new Set(["JavaScript", "Launch", "SubmitForm", "ImportData", "ResetForm", "RichMediaExecute", "Rendition", "Sound", "Movie"]);

function open(path: string): mupdf.PDFDocument {
  const doc = mupdf.Document.openDocument(fs.readFileSync(path), "application/pdf").asPDF();
  if (!doc) throw new Error("not a PDF document");
  if (doc.needsPassword()) throw new Error("password required");
  return doc;
}


function fixMetadata(doc: mupdf.PDFDocument, report: TidyReport): void {
  const trailer = doc.getTrailer();
  const info = trailer.get("Info");
  if (infoIsMisplaced(info)) {
    trailer.delete("Info");
    report.fixes.push(msg("repair.fixes.infoMisplaced"));
  } else if (!info.isNull() && !info.isDictionary()) {
    trailer.delete("Info");
    report.fixes.push(msg("repair.fixes.infoNotDictionary"));
  } else if (info.isDictionary()) {
    const bad: string[] = [];
    info.forEach((value, key) => {
      const ok = key === "Trapped" ? value.isName() || value.isBoolean() : value.isString();
      if (!ok) bad.push(String(key));
    });
    for (const key of bad) info.delete(key);
    if (bad.length) report.fixes.push(msg("repair.fixes.metadataFields", { count: bad.length, fields: list(bad) }));
  }
  const root = trailer.get("Root");
  const xmp = root.get("Metadata");
  if (xmp.isNull()) return;
  let readable: boolean;
  try {
    readable = xmp.isStream() && /<x:xmpmeta|<rdf:RDF/.test(xmp.readStream().asString());
  } catch {
    readable = false;
  }
  if (!readable) {
    root.delete("Metadata");
    report.fixes.push(msg("repair.fixes.xmp"));
  }
}

function fixFormFields(doc: mupdf.PDFDocument, report: TidyReport): void {
  const root = doc.getTrailer().get("Root");
  const form = root.get("AcroForm");
  if (form.isNull()) return;
  if (!form.isDictionary()) {
    root.delete("AcroForm");
    report.fixes.push(msg("repair.fixes.formNotDictionary"));
    return;
  }
  const fields = form.get("Fields");
  if (!fields.isArray()) {
    form.put("Fields", doc.newArray());
    report.fixes.push(msg("repair.fixes.formFieldsRebuilt"));
    return;
  }
  let removed = 0;
  for (let i = fields.length - 1; i >= 0; i--) {
    if (!fields.get(i).isDictionary()) {
      fields.delete(i);
      removed++;
    }
  }
  if (removed) report.fixes.push(msg("repair.fixes.brokenFormFields", { count: removed }));
}

function fixAnnotations(doc: mupdf.PDFDocument, report: TidyReport): void {
  let removed = 0;
  for (let p = 0, n = doc.countPages(); p < n; p++) {
    const page = doc.findPage(p);
    const annots = page.get("Annots");
    if (annots.isNull()) continue;
    if (!annots.isArray()) {
      page.delete("Annots");
      removed++;
      continue;
    }
    for (let i = annots.length - 1; i >= 0; i--) {
      const annot = annots.get(i);
      if (!annot.isDictionary() || !annot.get("Subtype").isName() || !annot.get("Rect").isArray()) {
        annots.delete(i);
        removed++;
      }
    }
  }
  if (removed) report.fixes.push(msg("repair.fixes.brokenAnnotations", { count: removed }));
}

function isActive(action: mupdf.PDFObject): boolean {
  const kind = action.isDictionary() ? action.get("S") : undefined;
  return !!kind && kind.isName() && ACTIVE_ACTIONS.has(kind.asName());
}

function sanitize(doc: mupdf.PDFDocument, report: TidyReport): void {
  const root = doc.getTrailer().get("Root");
  const names = root.get("Names");
  let scripts = 0;
  let attachments = 0;
  let actions = 0;
  if (names.isDictionary()) {
    if (!names.get("JavaScript").isNull()) {
      scripts += Math.max(1, Object.keys(doc.loadNameTree("JavaScript")).length);
      names.delete("JavaScript");
    }
    if (!names.get("EmbeddedFiles").isNull()) {
      attachments += Object.keys(doc.getEmbeddedFiles()).length;
      names.delete("EmbeddedFiles");
    }
  }
  if (isActive(root.get("OpenAction"))) {
    root.delete("OpenAction");
    actions++;
  }
  for (const holder of [root, root.get("AcroForm")]) {
    if (holder.isDictionary() && !holder.get("AA").isNull()) {
      holder.delete("AA");
      actions++;
    }
  }
  const form = root.get("AcroForm");
  if (form.isDictionary() && !form.get("XFA").isNull()) {
    form.delete("XFA");
    scripts++;
  }
  for (let p = 0, n = doc.countPages(); p < n; p++) {
    const page = doc.findPage(p);
    if (!page.get("AA").isNull()) {
      page.delete("AA");
      actions++;
    }
    const annots = page.get("Annots");
    if (!annots.isArray()) continue;
    for (let i = annots.length - 1; i >= 0; i--) {
      const annot = annots.get(i);
      if (!annot.isDictionary()) continue;
      const subtype = annot.get("Subtype");
      if (subtype.isName() && subtype.asName() === "FileAttachment") {
        annots.delete(i);
        attachments++;
        continue;
      }
      if (isActive(annot.get("A"))) {
        annot.delete("A");
        actions++;
      }
      if (!annot.get("AA").isNull()) {
        annot.delete("AA");
        actions++;
      }
    }
  }
  const removed = [
    scripts ? msg("repair.fixes.scripts", { count: scripts }) : undefined,
    attachments ? msg("repair.fixes.embeddedFiles", { count: attachments }) : undefined,
    actions ? msg("repair.fixes.actions", { count: actions }) : undefined,
  ].filter((part) => part !== undefined);
  report.fixes.push(removed.length ? msg("repair.fixes.activeRemoved", { parts: list(removed) }) : msg("repair.fixes.noActiveContent"));
}

/** Images that cannot be decoded show as blank areas in every reader; they are counted, not invented. */
function findBrokenImages(doc: mupdf.PDFDocument, report: TidyReport): void {
  const seen = new Set<number>();
  let broken = 0;
  for (let p = 0, n = doc.countPages(); p < n; p++) {
    const resources = doc.findPage(p).getInheritable("Resources");
    if (!resources.isDictionary()) continue;
    const xobjects = resources.get("XObject");
    if (!xobjects.isDictionary()) continue;
    xobjects.forEach((ref) => {
      if (!ref.isIndirect() || seen.has(ref.asIndirect())) return;
      seen.add(ref.asIndirect());
      const subtype = ref.get("Subtype");
      if (!subtype.isName() || subtype.asName() !== "Image") return;
      try {
        doc.loadImage(ref).toPixmap();
      } catch {
        broken++;
      }
    });
  }
  if (broken) report.findings.push(msg("repair.findings.brokenImages", { count: broken }));
}

function findUnembeddedFonts(doc: mupdf.PDFDocument, report: TidyReport): void {
  const names: string[] = [];
  for (let num = 1, n = doc.countObjects(); num < n; num++) {
    const obj = doc.newIndirect(num);
    if (!obj.isDictionary()) continue;
    const type = obj.get("Type");
    if (!type.isName() || type.asName() !== "FontDescriptor") continue;
    if (!["FontFile", "FontFile2", "FontFile3"].some((k) => obj.get(k).isStream())) names.push(obj.get("FontName").isName() ? obj.get("FontName").asName() : "unnamed");
  }
  if (names.length) report.findings.push(msg(names.length > 5 ? "repair.findings.fontsNotEmbeddedMore" : "repair.findings.fontsNotEmbedded", { count: names.length, fonts: list(names.slice(0, 5)) }));
}

/**
 * When the catalogue has lost its page tree, pages are still in the file as orphan /Type /Page objects: a new
 * tree is built from them, in the order of their object numbers (the order producers usually write them in).
 * Returns how many pages it found.
 */
function rebuildPageTree(doc: mupdf.PDFDocument): number {
  const pages: mupdf.PDFObject[] = [];
  let catalog: mupdf.PDFObject | undefined;
  for (let num = 1, n = doc.countObjects(); num < n; num++) {
    const obj = doc.newIndirect(num);
    if (!obj.isDictionary()) continue;
    const type = obj.get("Type");
    if (!type.isName()) continue;
    if (type.asName() === "Page" && !obj.get("Contents").isNull()) pages.push(obj);
    if (type.asName() === "Catalog") catalog ??= obj;
  }
  if (pages.length === 0) return 0;
  const tree = pagesNode(doc, pages);
  if (!catalog) {
    catalog = doc.addObject(doc.newDictionary());
    catalog.put("Type", doc.newName("Catalog"));
  }
  catalog.put("Pages", tree);
  doc.getTrailer().put("Root", catalog);
  return pages.length;
}

/** Attributes a page inherits from the nodes above it (PDF 32000 7.7.3.4). */
const INHERITED = ["Resources", "MediaBox", "CropBox", "Rotate"] as const;
/** Deeper than any page tree written by software: a deeper one is a crafted loop or chain. */
const MAX_TREE_DEPTH = 64;

/**
 * Walks the page tree as written, each node once (a loop or a page listed twice is followed only the first time),
 * and hangs the leaves it finds, with their inherited attributes made their own, under one fresh /Pages node whose
 * /Count is right. Used where qpdf or MuPDF stumble over a loop, a shared kid or a /Count that lies.
 */
function flattenPageTree(doc: mupdf.PDFDocument, maxPages: number): number {
  const root = doc.getTrailer().get("Root");
  const top = root.get("Pages");
  const pages: mupdf.PDFObject[] = [];
  const seen = new Set<number>();
  const visit = (node: mupdf.PDFObject, inherited: Map<string, mupdf.PDFObject>, depth: number) => {
    if (pages.length > maxPages || depth > MAX_TREE_DEPTH || !node.isDictionary()) return;
    if (node.isIndirect()) {
      if (seen.has(node.asIndirect())) return;
      seen.add(node.asIndirect());
    }
    const kids = node.get("Kids");
    const type = node.get("Type");
    const isPage = type.isName() ? type.asName() === "Page" : !kids.isArray();
    if (isPage) {
      for (const [key, value] of inherited) if (node.get(key).isNull()) node.put(key, value);
      pages.push(node);
      return;
    }
    const passed = new Map(inherited);
    for (const key of INHERITED) if (!node.get(key).isNull()) passed.set(key, node.get(key));
    for (let i = 0, n = kids.isArray() ? kids.length : 0; i < n; i++) visit(kids.get(i), passed, depth + 1);
  };
  visit(top, new Map(), 0);
  if (pages.length === 0 || pages.length > maxPages) return pages.length;
  root.put("Pages", pagesNode(doc, pages));
  return pages.length;
}

/** One new /Pages node over the given pages, each pointing back to it and given an A4 MediaBox if it has none. */
function pagesNode(doc: mupdf.PDFDocument, pages: readonly mupdf.PDFObject[]): mupdf.PDFObject {
  const tree = doc.addObject(doc.newDictionary());
  const kids = doc.newArray();
  for (const page of pages) {
    kids.push(page);
    page.put("Parent", tree);
    if (!page.get("MediaBox").isArray()) page.put("MediaBox", [0, 0, 595, 842]);
  }
  tree.put("Type", doc.newName("Pages"));
  tree.put("Kids", kids);
  tree.put("Count", pages.length);
  return tree;
}

function tidyDocument(doc: mupdf.PDFDocument, options: TidyOptions): TidyReport {
  const report: TidyReport = { fixes: [], findings: [], changed: false };
  if (options.metadata) fixMetadata(doc, report);
  if (options.formFields) fixFormFields(doc, report);
  if (options.annotations) fixAnnotations(doc, report);
  if (options.sanitize) sanitize(doc, report);
  if (options.images) findBrokenImages(doc, report);
  if (options.fonts) findUnembeddedFonts(doc, report);
  report.changed = doc.hasUnsavedChanges();
  return report;
}

/**
 * A damaged file's references to objects that are gone become null, and page-tree entries that are not pages are
 * dropped (their counts corrected). Left in place, a dangling reference is renumbered along with the live objects
 * when the file is written compactly and ends up pointing at an unrelated object: a content stream listed as a page.
 */
function dropDanglingReferences(doc: mupdf.PDFDocument): void {
  const clean = (container: mupdf.PDFObject) => {
    const gone: Array<number | string> = [];
    container.forEach((value, key) => {
      if (isDangling(value)) gone.push(key);
      else if (!value.isIndirect() && (value.isDictionary() || value.isArray())) clean(value);
    });
    for (const key of gone) container.put(key, null);
  };
  for (let num = 1, n = Math.min(doc.countObjects(), INVENTORY_OBJECT_LIMIT); num < n; num++) {
    const obj = doc.newIndirect(num);
    if (obj.isDictionary() || obj.isArray()) clean(obj);
  }
  const pages = doc.getTrailer().get("Root").get("Pages");
  if (pages.isDictionary()) prunePageTree(pages, new Set());
}

/** Keeps only the Kids that are pages or page trees, and returns how many pages are left below `node`. */
function prunePageTree(node: mupdf.PDFObject, seen: Set<number>): number {
  const kids = node.get("Kids");
  if (!kids.isArray()) return 0;
  let count = 0;
  for (let i = kids.length - 1; i >= 0; i--) {
    const kid = kids.get(i);
    const number = kid.isIndirect() ? kid.asIndirect() : -1;
    const type = kid.isDictionary() ? kid.get("Type") : undefined;
    const name = type?.isName() ? type.asName() : "";
    if (seen.has(number) || (name !== "Page" && name !== "Pages")) {
      kids.delete(i);
      continue;
    }
    seen.add(number);
    count += name === "Pages" ? prunePageTree(kid, seen) : 1;
  }
  node.put("Count", count);
  return count;
}

/** What a damaged file says it holds, against what can still be read of it: the basis of an honest repair report. */
export interface DamageInventory {
  pageCount: number;
  wasRepaired: boolean;
  /** The most pages the file declares anywhere (a page tree's /Count, the linearization's /N, page objects found). */
  declaredPages: number;
  /** Pages (1-based, in reading order) whose content was referenced but is gone or unreadable: they come out blank. */
  pagesWithoutContent: number[];
  /** Pages that use fonts or images whose objects are gone: their text or pictures cannot be shown as they were. */
  pagesMissingFonts: number[];
  pagesMissingImages: number[];
}

/** A scan of every object is linear in the file, but a file may hold millions of tiny objects: past this, stop. */
const INVENTORY_OBJECT_LIMIT = 1_000_000;

function declaredPageCount(doc: mupdf.PDFDocument): number {
  let declared = 0;
  let pageObjects = 0;
  for (let num = 1, n = Math.min(doc.countObjects(), INVENTORY_OBJECT_LIMIT); num < n; num++) {
    const obj = doc.newIndirect(num);
    if (!obj.isDictionary()) continue;
    const type = obj.get("Type");
    const typeName = type.isName() ? type.asName() : "";
    if (typeName === "Page") pageObjects++;
    const count = typeName === "Pages" ? obj.get("Count") : obj.get("Linearized").isNull() ? undefined : obj.get("N");
    if (count?.isNumber()) declared = Math.max(declared, Math.floor(count.asNumber()));
  }
  return Math.max(declared, pageObjects);
}

/** A reference that points at nothing: the object was cut off or destroyed. A direct value is never missing. */
function isDangling(value: mupdf.PDFObject): boolean {
  return value.isIndirect() && value.resolve().isNull();
}

/** Whether a content entry (a stream, or an array of them) leaves the page with nothing to draw. */
function contentIsLost(contents: mupdf.PDFObject): boolean {
  if (contents.isNull()) return false;
  const streams: mupdf.PDFObject[] = [];
  if (contents.isArray()) for (let i = 0; i < contents.length; i++) streams.push(contents.get(i));
  else streams.push(contents);
  let readable = 0;
  for (const stream of streams) {
    if (!stream.isStream()) continue;
    try {
      if (stream.readStream().getLength() > 0) readable++;
    } catch {
      // An undecodable stream draws nothing.
    }
  }
  return readable === 0 && streams.some((s) => isDangling(s) || s.isStream());
}

function hasDanglingEntry(dict: mupdf.PDFObject, broken: (value: mupdf.PDFObject) => boolean = isDangling): boolean {
  let dangling = false;
  if (dict.isDictionary()) dict.forEach((value) => (dangling ||= broken(value)));
  return dangling;
}

/**
 * A font is lost when its dictionary is, or any part a reader needs to draw or extract its text: a composite font's
 * descendant, a descriptor, the embedded program, the ToUnicode map.
 */
function fontIsLost(font: mupdf.PDFObject): boolean {
  if (isDangling(font) || !font.isDictionary()) return isDangling(font);
  const parts = [font];
  const descendants = font.get("DescendantFonts");
  if (descendants.isArray()) {
    const descendant = descendants.get(0);
    if (isDangling(descendant)) return true;
    parts.push(descendant);
  }
  return parts.some((part) => {
    const descriptor = part.get("FontDescriptor");
    if (isDangling(descriptor) || isDangling(part.get("ToUnicode"))) return true;
    return descriptor.isDictionary() && ["FontFile", "FontFile2", "FontFile3"].some((k) => isDangling(descriptor.get(k)));
  });
}

function inventory(doc: mupdf.PDFDocument): Omit<DamageInventory, "pageCount" | "wasRepaired"> {
  const result = { declaredPages: declaredPageCount(doc), pagesWithoutContent: [] as number[], pagesMissingFonts: [] as number[], pagesMissingImages: [] as number[] };
  for (let p = 0, n = doc.countPages(); p < n; p++) {
    const page = doc.findPage(p);
    // A page the tree lists but whose object is gone has nothing left to show either.
    if (!page.isDictionary() || contentIsLost(page.get("Contents"))) result.pagesWithoutContent.push(p + 1);
    if (!page.isDictionary()) continue;
    const resources = page.getInheritable("Resources");
    if (hasDanglingEntry(resources.get("Font"), fontIsLost)) result.pagesMissingFonts.push(p + 1);
    if (hasDanglingEntry(resources.get("XObject"))) result.pagesMissingImages.push(p + 1);
  }
  return result;
}

export const repairTasks = {
  /** Counts the pages MuPDF's forgiving parser finds, to know what a repair must keep. */
  inspectDamage(args: { input: string }): DamageInventory {
    const doc = open(args.input);
    return { pageCount: doc.countPages(), wasRepaired: doc.wasRepaired(), ...inventory(doc) };
  },

  /**
   * The middle rung: opens with the repairing parser and writes every object anew. `clean` rewrites content
   * streams (dropping syntax errors); `garbage` drops unreachable objects (and duplicates with "deduplicate").
   */
  rewriteWithMupdf(args: { input: string; output: string; garbage: "none" | "compact" | "deduplicate"; clean: boolean; rebuildPageTree: boolean }) {
    const doc = open(args.input);
    if (doc.wasRepaired()) dropDanglingReferences(doc);
    const rebuiltPages = args.rebuildPageTree && doc.countPages() === 0 ? rebuildPageTree(doc) : 0;
    const options = ["compress", args.garbage === "none" ? "" : `garbage=${args.garbage}`, args.clean ? "clean,sanitize" : ""].filter(Boolean);
    savePdf(doc, args.output, options.join(","));
    return { pageCount: rebuiltPages || doc.countPages(), wasRepaired: doc.wasRepaired(), rebuiltPages };
  },

  /**
   * Writes the document with its pages under one fresh page tree (see flattenPageTree). More than maxPages
   * pages found stops the walk: the count is reported and nothing is written.
   */
  rewritePageTree(args: { input: string; output: string; maxPages: number }): { pageCount: number } {
    const doc = open(args.input);
    const pageCount = flattenPageTree(doc, args.maxPages);
    if (pageCount > 0 && pageCount <= args.maxPages) savePdf(doc, args.output, "compress,garbage=compact");
    return { pageCount };
  },

  /** Drops a trailer Info that is another part of the document, which sends Ghostscript in circles. */
  dropMisplacedInfo(args: { input: string; output: string }): { dropped: boolean } {
    const doc = open(args.input);
    const trailer = doc.getTrailer();
    if (!infoIsMisplaced(trailer.get("Info"))) return { dropped: false };
    trailer.delete("Info");
    savePdf(doc, args.output, "compress");
    return { dropped: true };
  },

  /** Applies the fix-ups asked for and writes the result only when something changed. */
  tidy(args: { input: string; output: string; options: TidyOptions }): TidyReport {
    const doc = open(args.input);
    const report = tidyDocument(doc, args.options);
    if (report.changed) savePdf(doc, args.output, "compress,garbage=compact");
    return report;
  },
};
