import { z } from "zod";
import { isPageSelectionText } from "../page-ranges.js";

/** A non-blank text field whose absence or blankness is answered with the spec's own sentence. */
export function requiredText(message: string) {
  return z.string({ error: message }).refine((s) => s.trim().length > 0, { message });
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
