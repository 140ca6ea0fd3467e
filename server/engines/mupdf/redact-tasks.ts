import * as mupdf from "mupdf";
import { compileSearch, type SearchSpec, type TextSearch } from "../../lib/text-search.js";
import { clearAnnotationsOver } from "./annotations-under.js";
import { openPdf, savePdf } from "./documents.js";
import { pdfNumber, surroundPageContent } from "./page-content.js";
import { quadBounds, quadsOf, readPageText, rectQuad, textUnder } from "./page-text.js";
import type { Rect } from "./page-rects.js";
import { emptyPageReplacementTexts, removeStructureTexts } from "./replacement-texts.js";
import { removeAllMetadata } from "./sanitize-tasks.js";

type Progress = (fraction: number) => void;
type Rgb = [number, number, number];
type OutlineItem = NonNullable<ReturnType<mupdf.Document["loadOutline"]>>[number];

export interface RedactArgs {
  input: string;
  output: string;
  search: SearchSpec;
  /** Zero-based pages to search. */
  searchPages: number[];
  /** Rectangles in MuPDF's page space (points from the top-left corner of the page as seen), by zero-based page. */
  areas: Array<{ page: number; rect: Rect }>;
  /** The boxes' colour, each part 0 to 1. */
  fill: Rgb;
  clearMetadata: boolean;
}

export interface PageRedactions {
  /** Zero-based. */
  page: number;
  matches: number;
  areas: number;
}

export interface RedactResult {
  pages: PageRedactions[];
  /** Searched pages with no text at all (scans, pictures of text): zero-based. */
  textless: number[];
  /** Annotations and form fields over what was redacted, flattened into the page and removed. */
  annotations: number;
  links: number;
  /** Redaction marks the file held already, applied with the others. */
  earlierMarks: number;
  /** Replacement texts (ActualText, alternate descriptions) that held what was removed, emptied or removed. */
  replacementTexts: number;
  /** Where matches are still found after the pages were redacted: bookmarks, and the metadata if it was kept. */
  remaining: { bookmarks: number; metadata: boolean };
  metadataCleared: boolean;
}

/** One region to black out: what MuPDF removes under, and what the box painted after covers. */
interface Region {
  remove: mupdf.Quad[];
  cover: mupdf.Quad[];
}

/**
 * A page's regions: the matches found in its text (one per match, however many lines and spans it covers) and the
 * areas drawn on it.
 */
function regionsOf(page: mupdf.PDFPage, search: TextSearch | undefined, areas: readonly Rect[], onText: (hasText: boolean) => void): { matches: Region[]; areas: Region[] } {
  const matches: Region[] = [];
  if (search) {
    const text = readPageText(page);
    onText(text.chars.length > 0);
    for (const span of search.find(text.text)) {
      const runs = quadsOf(text, span.start, span.end);
      if (runs.length > 0) matches.push({ remove: runs.map((r) => r.remove), cover: runs.map((r) => r.cover) });
    }
  }
  return { matches, areas: areas.map((rect) => ({ remove: [rectQuad(rect)], cover: [rectQuad(rect)] })) };
}

function addRedaction(page: mupdf.PDFPage, region: Region): void {
  const annot = page.createAnnotation("Redact");
  const bounds = region.remove.map(quadBounds);
  annot.setRect([Math.min(...bounds.map((b) => b[0])), Math.min(...bounds.map((b) => b[1])), Math.max(...bounds.map((b) => b[2])), Math.max(...bounds.map((b) => b[3]))]);
  annot.setQuadPoints(region.remove);
  annot.update();
}

/** The boxes over what was removed, drawn in the page's own space (PDF's, with y upwards) from MuPDF's page space. */
function paintBoxes(doc: mupdf.PDFDocument, page: mupdf.PDFPage, regions: readonly Region[], fill: Rgb): void {
  const toPdf = mupdf.Matrix.invert(page.getTransform());
  const point = (x: number, y: number) => {
    const [a, b, c, d, e, f] = toPdf;
    return `${pdfNumber(a * x + c * y + e)} ${pdfNumber(b * x + d * y + f)}`;
  };
  const paths = regions.flatMap((r) => r.cover).map((q) => `${point(q[0], q[1])} m ${point(q[2], q[3])} l ${point(q[6], q[7])} l ${point(q[4], q[5])} l h f`);
  surroundPageContent(doc, page.getObject(), "q\n", `\nQ\nq ${fill.map(pdfNumber).join(" ")} rg\n${paths.join("\n")}\nQ\n`);
}

/** The redaction marks a page holds before any are added. */
function countMarks(page: mupdf.PDFPage): number {
  return page.getAnnotations().filter((a) => a.getType() === "Redact").length;
}

/** Text strings of the document information and the catalogue's XMP packet. */
function metadataTexts(doc: mupdf.PDFDocument): string[] {
  const texts: string[] = [];
  const info = doc.getTrailer().get("Info");
  if (info.isDictionary()) info.forEach((value) => value.isString() && texts.push(value.asString()));
  const xmp = doc.getTrailer().get("Root", "Metadata");
  if (xmp.isStream()) texts.push(new TextDecoder().decode(xmp.readStream().asUint8Array()));
  return texts;
}

function outlineTitles(items: OutlineItem[] | null | undefined, depth = 0): string[] {
  if (!items || depth > 64) return [];
  return items.flatMap((item) => [item.title ?? "", ...outlineTitles(item.down, depth + 1)]);
}

/**
 * Past this many stretches of removed text, every replacement text in reach is taken as holding one: comparing each
 * with each stretch would take time in proportion to both counts multiplied, and a replacement text wrongly removed
 * only costs what extraction reads there.
 */
const MAX_REMOVED_STRETCHES = 500;

/** Whether a replacement text holds a search match or any of the stretches of text removed. */
function holdsRemoved(removed: readonly string[], holdsMatch: (text: string) => boolean): (text: string) => boolean {
  const stretches = [...new Set(removed)];
  if (stretches.length > MAX_REMOVED_STRETCHES) return () => true;
  return (text) => holdsMatch(text) || stretches.some((r) => text.includes(r));
}

export const redactTasks = {
  /**
   * Removes for good what the search finds on the chosen pages and what lies in the areas: MuPDF's redaction takes
   * the text out of the content streams (and the forms they draw), the covered pixels out of images and the line art
   * wholly covered, then boxes are painted in their place. The file is written whole, so no removed object stays.
   */
  redactPdf(args: RedactArgs, progress: Progress): RedactResult {
    const search = args.search.terms.some((t) => t.trim() !== "") || args.search.presets.length > 0 ? compileSearch(args.search) : undefined;
    const holdsMatch = (text: string) => search !== undefined && text !== "" && search.find(text).length > 0;
    const doc = openPdf(args.input);
    const searched = new Set(search ? args.searchPages : []);
    const areasOn = new Map<number, Rect[]>();
    for (const area of args.areas) areasOn.set(area.page, [...(areasOn.get(area.page) ?? []), area.rect]);
    const todo = [...new Set([...searched, ...areasOn.keys()])].sort((a, b) => a - b);
    const removedTexts = new Set<string>();
    const result: RedactResult = { pages: [], textless: [], annotations: 0, links: 0, earlierMarks: 0, replacementTexts: 0, remaining: { bookmarks: 0, metadata: false }, metadataCleared: false };
    todo.forEach((index, i) => {
      const page = doc.loadPage(index) as mupdf.PDFPage;
      const found = regionsOf(page, searched.has(index) ? search : undefined, areasOn.get(index) ?? [], (hasText) => {
        if (!hasText) result.textless.push(index);
      });
      const regions = [...found.matches, ...found.areas];
      if (regions.length > 0) {
        const rects = regions.flatMap((r) => r.cover.map(quadBounds));
        // What extraction reads under the regions, replacement texts included: those texts go with the glyphs.
        const removed = textUnder(readPageText(page, true), rects);
        for (const r of removed) if (removedTexts.size <= MAX_REMOVED_STRETCHES) removedTexts.add(r);
        const cleared = clearAnnotationsOver(doc, page, rects, holdsMatch);
        result.annotations += cleared.flattened;
        result.links += cleared.links;
        result.earlierMarks += countMarks(page);
        for (const region of regions) addRedaction(page, region);
        page.applyRedactions(false, mupdf.PDFPage.REDACT_IMAGE_PIXELS, mupdf.PDFPage.REDACT_LINE_ART_REMOVE_IF_COVERED, mupdf.PDFPage.REDACT_TEXT_REMOVE);
        result.replacementTexts += emptyPageReplacementTexts(page.getObject(), holdsRemoved(removed, holdsMatch));
        paintBoxes(doc, page, regions, args.fill);
        result.pages.push({ page: index, matches: found.matches.length, areas: found.areas.length });
      }
      progress((i + 1) / (todo.length + 1));
    });
    if (result.pages.length > 0) result.replacementTexts += removeStructureTexts(doc, holdsRemoved([...removedTexts], holdsMatch));
    if (args.clearMetadata) {
      removeAllMetadata(doc);
      result.metadataCleared = true;
    } else {
      result.remaining.metadata = metadataTexts(doc).some(holdsMatch);
    }
    result.remaining.bookmarks = outlineTitles(doc.loadOutline()).filter(holdsMatch).length;
    savePdf(doc, args.output, "garbage=compact,compress");
    return result;
  },
};
