import { PageRangeError, parsePageList } from "../catalog/page-ranges.js";
import { InvalidOptionsError } from "./errors.js";

/**
 * The one-based pages a selection names, with typing mistakes answered as a 400 naming the field.
 * An empty selection means every page.
 */
export function selectPages(text: string, pageCount: number, field: string): number[] {
  try {
    const pages = parsePageList(text, pageCount);
    return pages.length > 0 || text.trim() !== "" ? pages : Array.from({ length: pageCount }, (_, i) => i + 1);
  } catch (err) {
    if (err instanceof PageRangeError) throw new InvalidOptionsError(`${field}: ${err.message}`);
    throw err;
  }
}
