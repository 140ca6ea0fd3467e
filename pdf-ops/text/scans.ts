import { formatPageList } from "../../catalog/page-ranges.js";
import { UserError } from "../errors.js";

/** What conversions that read the text layer say about pages that have none (scans), wherever they run. */

export const NO_TEXT_SENTENCE =
  "This PDF has no text layer (it may be a scan), so there is no text to convert. Turn on OCR in the settings, or run OCR PDF on it first.";

/** The refusal of a selection without any text, with OCR turned off. */
export const noTextError = () => new UserError(NO_TEXT_SENTENCE, 422, "no_text");

/** "page 3", "4 pages (1, 3-5)", from zero-based pages. */
export function pagesPhrase(pages: readonly number[]): string {
  const list = formatPageList(pages.map((p) => p + 1)).replaceAll(",", ", ");
  return pages.length === 1 ? `page ${list}` : `${pages.length} pages (${list})`;
}

export const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * With OCR turned off: a selection without any text is refused (a "successful" empty document helps nobody);
 * otherwise the reply says which pages came out without text.
 */
export function unrecognisedScans(pages: readonly number[], scanned: readonly number[]): string[] {
  if (scanned.length === pages.length) throw noTextError();
  return [`${capitalised(pagesPhrase(scanned))} without a text layer came out without text (turn on OCR to recognise them).`];
}
