import { z } from "zod";
import { pageSelection } from "./common.js";

const choice = (value: boolean, title: string, description: string) => z.boolean().default(value).meta({ title, description });

/** The share of a page (percent) whose pixels may differ before the page counts as drawn differently. */
export const DRAWING_THRESHOLD_BOUNDS = { min: 0.01, max: 50, default: 0.1 } as const;

export const compareOptions = z.object({
  oldPages: pageSelection.meta({ title: "Pages of the old PDF", description: "Empty for every page, or e.g. 1-10." }),
  newPages: pageSelection.meta({ title: "Pages of the new PDF", description: "Empty for every page, or e.g. 1-10." }),
  ignoreCase: choice(false, "Ignore case", '"Word" and "word" count as the same.'),
  ignorePunctuation: choice(false, "Ignore punctuation", '"word," and "word" count as the same; spacing never counts.'),
  compareDrawing: choice(
    true,
    "Compare drawings",
    "Pages whose text is the same are drawn and compared pixel by pixel, to find changed pictures, lines and layout.",
  ),
  drawingThreshold: z
    .number()
    .min(DRAWING_THRESHOLD_BOUNDS.min)
    .max(DRAWING_THRESHOLD_BOUNDS.max)
    .default(DRAWING_THRESHOLD_BOUNDS.default)
    .meta({
      title: "Drawing sensitivity (%)",
      description: "How much of a page must look different before it is reported: lower finds smaller changes.",
    }),
  includePages: choice(true, "Show changed pages in the report", "The report PDF ends with both versions of each changed page, changes marked."),
});
export type CompareOptions = z.infer<typeof compareOptions>;
