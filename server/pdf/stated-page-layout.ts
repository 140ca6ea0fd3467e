import type { PageBox } from "../../pdf-ops/page-boxes.js";
import { numbers, reference, references, withPdfFileReader, type Dictionary, type PdfFileReader } from "./pdf-file-reader.js";
import { pageTreeRoot } from "./stated-page-count.js";

/**
 * Every page's boxes and rotation as the file states them in its page tree, read in this process (pdf-file-reader.ts)
 * instead of by a program run: what the renderers' pixel budget and the stamps' fitting need, before any engine has
 * started. Boxes are as poppler and MuPDF read them: inherited where the tree gives them to a node above the page,
 * the crop box defaulting to the media box and the trim box to the crop box, each clipped to the media box. Where
 * the tree is not one this reader can walk without guessing (a loop, a count that does not match its pages, a box
 * that is not four numbers, a user unit, a rotation that is not a quarter turn, an encrypted file) the answer is
 * undefined, and the caller asks an engine.
 */

export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface StatedPage {
  crop: Rect;
  trim: Rect;
  /** Clockwise, in quarter turns: 0, 90, 180 or 270. */
  rotate: number;
}

export interface StatedPageLayout {
  pageCount: number;
  pages: StatedPage[];
}

/** Nodes read ahead of the one being looked at: reads overlap, and a node's kids are not all read at once. */
const READ_AHEAD = 16;

/** Inner nodes of the tree read beyond its pages: a balanced tree has far fewer than its pages. */
const innerNodes = (pages: number) => pages + 16;

/** What a page inherits from the nodes above it. */
interface Inherited {
  media?: Rect;
  crop?: Rect;
  rotate?: number;
}

/**
 * The pages of `file`'s page tree, in order; undefined where it cannot be read without an engine, or where it states
 * more than maxPages pages (an engine counts them before anyone is told there are too many).
 */
export async function statedPageLayout(file: string, maxPages: number): Promise<StatedPageLayout | undefined> {
  return withPdfFileReader(file, async (reader) => {
    if (reader.encrypted) return undefined;
    const root = await pageTreeRoot(reader);
    if (!root || root.count < 1 || root.count > maxPages) return undefined;
    const { count } = root;
    const pages = await walk(reader, root.n, root.node, count + innerNodes(count));
    return pages && pages.length === count ? { pageCount: count, pages } : undefined;
  });
}

/**
 * The tree's leaves from `root` on, depth first in the order of each node's kids; undefined where a node is not a
 * page or a node of pages, is met twice, or the nodes read would pass `budget`.
 */
async function walk(reader: PdfFileReader, root: number, rootNode: Dictionary, budget: number): Promise<StatedPage[] | undefined> {
  const pages: StatedPage[] = [];
  const seen = new Set<number>([root]);
  // Kids still to visit, last pushed first (each node's kids are pushed in reverse); the next few are read ahead,
  // not all at once, so that memory stays small whatever a node lists (a read that fails gives undefined, as a node
  // that is not there).
  const stack: Array<{ n: number; node?: Promise<Dictionary | undefined>; above: Inherited }> = [{ n: root, node: Promise.resolve(rootNode), above: {} }];
  while (stack.length > 0) {
    for (let i = Math.max(0, stack.length - READ_AHEAD); i < stack.length; i++) stack[i]!.node ??= reader.dictionary(stack[i]!.n).catch(() => undefined);
    const next = stack.pop()!;
    const node = await next.node;
    if (!node) return undefined;
    const own = await inherited(reader, node, next.above);
    if (!own) return undefined;
    const type = node.get("Type");
    if (type === "/Page") {
      const page = await pageOf(reader, node, own);
      if (!page) return undefined;
      pages.push(page);
      continue;
    }
    const kids = type === "/Pages" ? await kidsOf(reader, node.get("Kids")) : undefined;
    if (!kids) return undefined;
    for (const kid of kids) {
      if (seen.has(kid) || seen.size >= budget) return undefined;
      seen.add(kid);
    }
    for (let i = kids.length - 1; i >= 0; i--) stack.push({ n: kids[i]!, above: own });
  }
  return pages;
}

async function kidsOf(reader: PdfFileReader, value: string | undefined): Promise<number[] | undefined> {
  const indirect = reference(value);
  return references(indirect === undefined ? value : await reader.array(indirect));
}

async function inherited(reader: PdfFileReader, node: Dictionary, above: Inherited): Promise<Inherited | undefined> {
  if (node.has("UserUnit")) return undefined;
  const own: Inherited = { ...above };
  for (const [key, field] of [["MediaBox", "media"], ["CropBox", "crop"]] as const) {
    if (!node.has(key)) continue;
    const box = await rectOf(reader, node.get(key));
    if (!box) return undefined;
    own[field] = box;
  }
  if (node.has("Rotate")) {
    const degrees = Number(node.get("Rotate"));
    if (!Number.isSafeInteger(degrees) || degrees % 90 !== 0) return undefined;
    own.rotate = ((degrees % 360) + 360) % 360;
  }
  return own;
}

async function pageOf(reader: PdfFileReader, node: Dictionary, own: Inherited): Promise<StatedPage | undefined> {
  const media = own.media;
  if (!media || media.x1 - media.x0 < 1 || media.y1 - media.y0 < 1) return undefined;
  const crop = clipped(own.crop ?? media, media);
  const trimmed = node.has("TrimBox") ? await rectOf(reader, node.get("TrimBox")) : own.crop ?? media;
  const trim = trimmed && clipped(trimmed, media);
  return crop && trim ? { crop, trim, rotate: own.rotate ?? 0 } : undefined;
}

/** A box written as four numbers, directly or in an object of its own, with its corners put in order. */
async function rectOf(reader: PdfFileReader, value: string | undefined): Promise<Rect | undefined> {
  const indirect = reference(value);
  const corners = numbers(indirect === undefined ? value : await reader.array(indirect));
  if (corners?.length !== 4) return undefined;
  const [a, b, c, d] = corners as [number, number, number, number];
  return { x0: Math.min(a, c), y0: Math.min(b, d), x1: Math.max(a, c), y1: Math.max(b, d) };
}

/** `box` cut to `media`; undefined where nothing of it is left. */
function clipped(box: Rect, media: Rect): Rect | undefined {
  const rect = { x0: Math.max(box.x0, media.x0), y0: Math.max(box.y0, media.y0), x1: Math.min(box.x1, media.x1), y1: Math.min(box.y1, media.y1) };
  return rect.x1 > rect.x0 && rect.y1 > rect.y0 ? rect : undefined;
}

/** The page count and each page's crop box as stored (what the pixel budget counts), or undefined (see above). */
export async function statedCropBoxes(file: string, maxPages: number): Promise<{ pageCount: number; boxes: PageBox[] } | undefined> {
  const layout = await statedPageLayout(file, maxPages).catch(() => undefined);
  return layout && { pageCount: layout.pageCount, boxes: layout.pages.map((page) => sizeOf(page.crop)) };
}

/**
 * Each page's trim box as it is seen, turned by the page's rotation (what a stamp is fitted to), where the tree
 * holds exactly `pageCount` pages; otherwise undefined.
 */
export async function statedVisibleTrimBoxes(file: string, pageCount: number): Promise<PageBox[] | undefined> {
  const layout = await statedPageLayout(file, pageCount).catch(() => undefined);
  if (layout?.pageCount !== pageCount) return undefined;
  return layout.pages.map((page) => {
    const { width, height } = sizeOf(page.trim);
    return page.rotate % 180 === 90 ? { width: height, height: width } : { width, height };
  });
}

function sizeOf(box: Rect): PageBox {
  return { width: box.x1 - box.x0, height: box.y1 - box.y0 };
}
