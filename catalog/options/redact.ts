import { z } from "zod";
import { hexColor, pageSelection, refusal } from "./common.js";

/** What the presets find; each is checked beyond its shape (card numbers by Luhn, IBANs by their mod-97 check). */
export const REDACTION_PRESETS = ["email", "phone", "iban", "card"] as const;
export type RedactionPreset = (typeof REDACTION_PRESETS)[number];

export const MAX_SEARCH_TERMS = 100;
export const MAX_TERM_CHARS = 1000;
export const MAX_AREAS = 1000;
/** PDF's own largest page side (200 inches), in points. */
export const MAX_PAGE_POINTS = 14_400;

const coordinate = (title: string) => z.number().min(0).max(MAX_PAGE_POINTS).meta({ title });
const extent = (title: string) => z.number().min(1).max(MAX_PAGE_POINTS).meta({ title });

/**
 * A rectangle to black out, in PDF points measured from the top-left corner of the page as it is seen (after its
 * rotation), x to the right and y downwards: the unit of Annotate PDF's positions.
 */
export const redactionAreaSchema = z.object({
  page: z.number().int().min(1).max(99_999).meta({ title: "Page", description: "One-based page number." }),
  x: coordinate("Left edge"),
  y: coordinate("Top edge"),
  width: extent("Width"),
  height: extent("Height"),
});
export type RedactionArea = z.infer<typeof redactionAreaSchema>;

const choice = (value: boolean, title: string, description: string) => z.boolean().default(value).meta({ title, description });

export const redactOptions = z
  .object({
    terms: z
      .array(z.string().max(MAX_TERM_CHARS))
      .max(MAX_SEARCH_TERMS)
      .default([])
      .meta({
        title: "Search terms",
        description: "Words or phrases to remove wherever they appear (the field repeated, or a JSON list). A space in a term also matches a line break.",
      }),
    matchCase: choice(false, "Match case", "Find only text with the same capitals as the term."),
    wholeWord: choice(false, "Whole words only", "Skip matches that are part of a longer word."),
    useRegex: choice(false, "Regular expressions", "Read the terms as regular expressions (RE2 syntax, which runs in linear time: no look-arounds or back-references)."),
    presets: z
      .array(z.enum(REDACTION_PRESETS))
      .max(REDACTION_PRESETS.length)
      .default([])
      .meta({
        title: "Presets",
        description: "Kinds of personal data to find: email (addresses), phone (numbers), iban (checked by their mod-97 digits), card (payment card numbers passing the Luhn check).",
      }),
    areas: z
      .array(redactionAreaSchema)
      .max(MAX_AREAS)
      .default([])
      .meta({
        title: "Areas",
        description: "Rectangles to black out, as a JSON list of { page, x, y, width, height } in points from the page's top-left corner as seen.",
      }),
    pages: pageSelection.meta({ title: "Pages to search", description: "Empty for every page, or e.g. 1,3,5-7. Areas apply on the pages they are drawn on." }),
    fillColor: hexColor.default("#000000").meta({ title: "Box colour", description: "The colour of the boxes left where content was removed." }),
    clearMetadata: choice(false, "Clear metadata", "Also remove the document information (title, author, …) and XMP metadata."),
  })
  .superRefine((o, ctx) => {
    if (!o.terms.some((t) => t.trim() !== "") && o.presets.length === 0 && o.areas.length === 0) {
      ctx.addIssue({ code: "custom", path: ["terms"], message: refusal("redactNothing") });
    }
  });
export type RedactOptions = z.infer<typeof redactOptions>;
