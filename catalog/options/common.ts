import { z } from "zod";
import { isPageSelectionText } from "../page-ranges.js";

/** The longest password any tool takes (AES-256 itself reads only the first 127 bytes of one). */
export const PASSWORD_MAX_CHARS = 1024;

/**
 * A non-blank text field whose absence or blankness is answered with the spec's own sentence. Its length is
 * bounded like every text field's, so that the upload can refuse an oversized one while it arrives.
 */
export function requiredText(message: string, maxChars = 10_000) {
  return z.string({ error: message }).max(maxChars).refine((s) => s.trim().length > 0, { message });
}

/** A one-based page selection such as "1,3,5-7" or "7-z"; empty means every page. */
export const pageSelection = z
  .string()
  .max(2000)
  .refine(isPageSelectionText, { message: 'must be page numbers and ranges such as "1,3,5-7"' })
  .default("");

export const hexColor = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, { message: 'must be a colour such as "#000000"' });

/** A tool that has no settings of its own beyond its files. */
export const noOptions = z.object({});
