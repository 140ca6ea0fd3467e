import { z } from "zod";
import { hexColor, pageSelection, refusal } from "./common.js";
import { PAGE_NUMBER_POSITIONS } from "./page-numbers.js";

/** The page-number corners and edges, plus the page centre and a tiling over the whole page. */
export const WATERMARK_POSITIONS = ["center", ...PAGE_NUMBER_POSITIONS, "tiled"] as const;

export const watermarkOptions = z.object({
  watermarkText: z
    .string()
    .max(200)
    .refine((s) => s.trim().length > 0, { message: refusal("watermarkText") })
    .default("CONFIDENTIAL"),
  /** Percent, as the spec's slider. */
  opacity: z.number().int().min(10).max(100).default(30),
  fontSize: z.number().int().min(8).max(200).default(60),
  fontColor: hexColor.default("#808080"),
  /** Degrees counter-clockwise; 45 is the classic diagonal. */
  rotation: z.number().int().min(-360).max(360).default(45),
  position: z.enum(WATERMARK_POSITIONS).default("center"),
  pages: pageSelection,
});
export type WatermarkOptions = z.infer<typeof watermarkOptions>;
