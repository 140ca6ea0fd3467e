import { z } from "zod";
import { hexColor, pageSelection } from "./common.js";

export const PAGE_NUMBER_POSITIONS = [
  "top-left",
  "top-center",
  "top-right",
  "bottom-left",
  "bottom-center",
  "bottom-right",
] as const;

export const PAGE_NUMBER_FORMATS = ["{n}", "Page {n}", "{n}/{total}", "Page {n} of {total}", "-{n}-"] as const;

export const pageNumberOptions = z.object({
  startNumber: z.number().int().min(1).max(1_000_000).default(1),
  position: z.enum(PAGE_NUMBER_POSITIONS).default("bottom-center"),
  format: z.enum(PAGE_NUMBER_FORMATS).default("{n}"),
  fontSize: z.number().int().min(8).max(24).default(12),
  fontColor: hexColor.default("#000000"),
  /** Distance from the page edge in points (the spec's "px"). */
  margin: z.number().int().min(10).max(72).default(36),
  pageRange: pageSelection,
  excludePages: pageSelection,
  prefix: z.string().max(100).default(""),
  suffix: z.string().max(100).default(""),
  skipFirstPage: z.boolean().default(false),
});
export type PageNumberOptions = z.infer<typeof pageNumberOptions>;
