import { reference, withPdfFileReader, type Dictionary, type PdfFileReader } from "./pdf-file-reader.js";

/**
 * The page count that a file states in its page tree's root, read in this process (pdf-file-reader.ts): no engine
 * run for a number the writing run already settled (a file qpdf has just written), or for the count a tool plans
 * on while qpdf verifies the upload's tree beside it (onStatedPageCount). Undefined for a file the reader cannot
 * read without guessing, so that the caller asks qpdf instead; an error for a file that cannot be opened.
 */
export async function statedPageCount(file: string): Promise<number | undefined> {
  return withPdfFileReader(file, async (reader) => (await pageTreeRoot(reader))?.count);
}

/** The page tree's root as the catalog names it: its object number, its dictionary and the count it states. */
export async function pageTreeRoot(reader: PdfFileReader): Promise<{ n: number; node: Dictionary; count: number } | undefined> {
  const catalog = await reader.dictionary(reader.root);
  const n = reference(catalog?.get("Pages"));
  const node = n === undefined ? undefined : await reader.dictionary(n);
  if (n === undefined || node?.get("Type") !== "/Pages") return undefined;
  const count = Number(node.get("Count"));
  return Number.isSafeInteger(count) && count >= 0 ? { n, node, count } : undefined;
}
