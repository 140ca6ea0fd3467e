import { formatPageList } from "../../../../../catalog/index.js";

export type DeleteMode = "individual" | "all" | "range";

/**
 * The `pages` field of delete-pages (one-based): the pages picked on the thumbnails, the typed range as it is,
 * or for "all" every page but the first, because a PDF must keep at least one page.
 */
export function deleteSelection(mode: DeleteMode, picked: readonly number[], rangeText: string, pageCount: number): string {
  switch (mode) {
    case "individual":
      return [...picked].sort((a, b) => a - b).map((index) => index + 1).join(",");
    case "range":
      return rangeText.trim();
    case "all":
      return pageCount > 1 ? formatPageList(Array.from({ length: pageCount - 1 }, (_, i) => i + 2)) : "";
  }
}
