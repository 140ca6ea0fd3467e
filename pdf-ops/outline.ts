/**
 * Bookmarks survive page surgery: they are read with their target pages, moved to where those pages went, and
 * written back. Entries whose page is gone are dropped, their children moved up a level.
 */

export interface OutlineNode {
  title: string;
  /** Zero-based page, or -1 where the entry points nowhere inside the document. */
  page: number;
  open: boolean;
  children: OutlineNode[];
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

/** The outlines of documents merged in this order, each moved past the pages of those before it. */
export function mergedOutline(documents: ReadonlyArray<{ pageCount: number; outline: readonly OutlineNode[] }>): OutlineNode[] {
  let offset = 0;
  const outline: OutlineNode[] = [];
  for (const document of documents) {
    const shift = offset;
    outline.push(...remapOutline(document.outline, (page) => page + shift));
    offset += document.pageCount;
  }
  return outline;
}

/** The bookmarks of a document keeping only the one-based `kept` pages, in that order (none when dropped). */
export function keptOutline(outline: readonly OutlineNode[], kept: readonly number[], keepBookmarks: boolean): OutlineNode[] {
  if (!keepBookmarks) return [];
  const newIndex = new Map(kept.map((page, i) => [page - 1, i]));
  return remapOutline(outline, (old) => newIndex.get(old));
}
