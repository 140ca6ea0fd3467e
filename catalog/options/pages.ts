import { z } from "zod";
import { isPageSelectionText } from "../page-ranges.js";
import { MAX_PAGE_LIST_ENTRIES, MAX_PAGE_SELECTION_LENGTH, pageSelection, refusal, requiredText } from "./common.js";

export const SPLIT_MODES = ["every-page", "ranges", "every-n", "selected"] as const;

/** What Split says when the mode's selection is missing; the server says it too, when the selection names no page. */
export const SPLIT_RANGES_MISSING = refusal("splitRangesMissing");
export const SPLIT_PAGES_MISSING = refusal("splitPagesMissing");

export const splitOptions = z
  .object({
    splitMode: z.enum(SPLIT_MODES).default("every-page"),
    /** For "ranges": groups separated by commas, each a page or a range, e.g. "1-3,4-6,7-z". */
    ranges: z
      .string()
      .max(MAX_PAGE_SELECTION_LENGTH)
      .refine(isPageSelectionText, { message: refusal("pageRanges") })
      .default(""),
    /** For "every-n". */
    pagesPerFile: z.number().int().min(1).max(10_000).default(1),
    /** For "selected": these pages go into one file. */
    pages: pageSelection,
  })
  .superRefine((o, ctx) => {
    if (o.splitMode === "ranges" && o.ranges.trim() === "") {
      ctx.addIssue({ code: "custom", path: ["ranges"], message: SPLIT_RANGES_MISSING });
    }
    if (o.splitMode === "selected" && o.pages.trim() === "") {
      ctx.addIssue({ code: "custom", path: ["pages"], message: SPLIT_PAGES_MISSING });
    }
  });
export type SplitOptions = z.infer<typeof splitOptions>;

export const rotateOptions = z.object({
  angle: z.union([z.literal(90), z.literal(180), z.literal(270)]).default(90),
  pages: pageSelection,
});
export type RotateOptions = z.infer<typeof rotateOptions>;

export const NO_PAGES_TO_DELETE = refusal("noPagesToDelete");

export const deletePagesOptions = z.object({
  pages: requiredText(NO_PAGES_TO_DELETE, MAX_PAGE_SELECTION_LENGTH).refine(isPageSelectionText, { message: refusal("pageSelection") }),
  keepBookmarks: z.boolean().default(true),
  optimizePdf: z.boolean().default(false),
  preserveMetadata: z.boolean().default(true),
  createBackup: z.boolean().default(false),
});
export type DeletePagesOptions = z.infer<typeof deletePagesOptions>;

const pageIndexList = z.array(z.number().int().min(0).max(99_999)).max(MAX_PAGE_LIST_ENTRIES);

export const organizeOptions = z.object({
  /** Zero-based page indexes in their new order. Empty keeps the original order. */
  pageOrder: pageIndexList.default([]),
  /** Zero-based indexes of pages to drop. */
  pagesToDelete: pageIndexList.default([]),
  /** Zero-based index to a cumulative rotation in degrees, a multiple of 90 (negative turns left). */
  pageRotations: z
    .record(
      z.string().max(5).regex(/^\d+$/, { message: refusal("pageIndexKeys") }),
      z
        .number()
        .int()
        .min(-3600)
        .max(3600)
        .refine((d) => d % 90 === 0, { message: refusal("quarterTurns") }),
    )
    .refine((r) => Object.keys(r).length <= MAX_PAGE_LIST_ENTRIES, { message: refusal("atMostPages"), params: { max: MAX_PAGE_LIST_ENTRIES } })
    .default({}),
  /** Zero-based indexes of pages to copy into a second, extracted file. */
  pagesToExtract: pageIndexList.default([]),
});
export type OrganizeOptions = z.infer<typeof organizeOptions>;

export const COMPRESSION_LEVELS = ["low", "recommended", "extreme"] as const;
export const compressOptions = z.object({
  compressionLevel: z.enum(COMPRESSION_LEVELS).default("recommended"),
});
export type CompressOptions = z.infer<typeof compressOptions>;
