import { formatPageList } from "../../catalog/page-ranges.js";
import { UserError } from "../errors.js";
import { msg, toolName, type Message } from "../message.js";

/** What conversions that read the text layer say about pages that have none (scans), wherever they run. */

export const NO_TEXT_SENTENCE: Message = msg("scans.noText", { ocr: toolName("ocr-pdf") });

/** The refusal of a selection without any text, with OCR turned off. */
export const noTextError = () => new UserError(NO_TEXT_SENTENCE, 422, "no_text");

/** The values of a sentence about these zero-based pages: how many, and which ("1, 3-5"). */
export function scannedPages(pages: readonly number[]): { count: number; pages: string } {
  return { count: pages.length, pages: formatPageList(pages.map((p) => p + 1)).replaceAll(",", ", ") };
}

/**
 * With OCR turned off: a selection without any text is refused (a "successful" empty document helps nobody);
 * otherwise the reply says which pages came out without text.
 */
export function unrecognisedScans(pages: readonly number[], scanned: readonly number[]): Message[] {
  if (scanned.length === pages.length) throw noTextError();
  return [msg("scans.unrecognised", scannedPages(scanned))];
}
