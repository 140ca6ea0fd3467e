import { z } from "zod";
import { refusal } from "./common.js";

/** The document information entries the screen edits, by their option name and their key in the Info dictionary. */
export const STANDARD_METADATA = {
  title: "Title",
  author: "Author",
  subject: "Subject",
  keywords: "Keywords",
  creator: "Creator",
  producer: "Producer",
} as const;

export const MAX_METADATA_TEXT = 2000;
export const MAX_CUSTOM_ENTRIES = 50;

/** A custom entry's name: a PDF name and an XML name at once, so it can stand in both the Info dictionary and XMP. */
const CUSTOM_KEY = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;
/** A date as people and programs write it: "2024-05-01", "2024-05-01T10:20", "2024-05-01T10:20:30+02:00". Fixed counts only: linear. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2})?(?:Z|[+-]\d{2}:\d{2})?)?$/;
const RESERVED_KEYS = new Set(["Title", "Author", "Subject", "Keywords", "Creator", "Producer", "CreationDate", "ModDate", "Trapped"]);

const text = (title: string) =>
  z.string().max(MAX_METADATA_TEXT).default("").meta({ title, description: "Empty leaves it as it is." });

const date = (title: string) =>
  z
    .string()
    .max(40)
    .refine((s) => s.trim() === "" || (ISO_DATE.test(s.trim()) && !Number.isNaN(Date.parse(s.trim()))), {
      message: refusal("date"),
    })
    .default("")
    .meta({ title, description: "A date such as 2024-05-01 or 2024-05-01T10:20:30Z; empty leaves it as it is." });

export const metadataOptions = z.object({
  title: text("Title"),
  author: text("Author"),
  subject: text("Subject"),
  keywords: text("Keywords"),
  creator: text("Creator (application)"),
  producer: text("Producer"),
  creationDate: date("Created"),
  modificationDate: date("Modified"),
  /** Entries of one's own, by name; an empty value removes that entry. */
  custom: z
    .record(
      z.string().max(64).regex(CUSTOM_KEY, { message: refusal("customNames") }),
      z.string().max(MAX_METADATA_TEXT),
    )
    .refine((r) => Object.keys(r).length <= MAX_CUSTOM_ENTRIES, { message: refusal("atMostEntries"), params: { max: MAX_CUSTOM_ENTRIES } })
    .refine((r) => Object.keys(r).every((k) => !RESERVED_KEYS.has(k)), { message: refusal("standardNames") })
    .default({})
    .meta({ title: "Custom entries", description: "Entries of your own, by name; an empty value removes that entry." }),
  removeAll: z
    .boolean()
    .default(false)
    .meta({ title: "Remove all metadata first", description: "Clears the document information and XMP before the values above are set." }),
});
export type MetadataOptions = z.infer<typeof metadataOptions>;
