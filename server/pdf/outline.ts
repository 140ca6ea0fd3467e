import { runMupdf } from "../engines/mupdf/pool.js";
import { hasOutline } from "../engines/qpdf.js";
import type { OutlineNode } from "../engines/mupdf/tasks.js";
import type { ProcessorContext } from "../tools/types.js";

/**
 * Bookmarks survive page surgery: they are read with their target pages, moved to where those pages went, and
 * written back. Entries whose page is gone are dropped, their children moved up a level.
 */

export async function readOutline(file: string, ctx: ProcessorContext): Promise<OutlineNode[]> {
  // Most documents have no bookmarks; asking qpdf first spares opening a large file in MuPDF for nothing.
  if (!(await hasOutline(file, ctx))) return [];
  return (await runMupdf("readOutline", { input: file }, ctx)).outline;
}


export async function writeOutline(input: string, output: string, outline: OutlineNode[], ctx: ProcessorContext): Promise<void> {
  await runMupdf("writeOutline", { input, output, outline }, ctx);
}

/** Moves every entry to its page's new zero-based index; `newIndex` answers undefined for pages that are gone. */
export function remapOutline(nodes: readonly OutlineNode[], newIndex: (oldIndex: number) => number | undefined): OutlineNode[] {
  const result: OutlineNode[] = [];
  for (const node of nodes) {
    const children = remapOutline(node.children, newIndex);
    const page = node.page >= 0 ? newIndex(node.page) : undefined;
    if (page === undefined && node.page >= 0) {
      result.push(...children);
    } else {
      result.push({ ...node, page: page ?? -1, children });
    }
  }
  return result;
}

export function countEntries(nodes: readonly OutlineNode[]): number {
  return nodes.reduce((sum, node) => sum + 1 + countEntries(node.children), 0);
}
