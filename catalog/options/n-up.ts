import { z } from "zod";

export const NUP_MODES = ["n-up", "booklet"] as const;
export const SHEET_SIZES = ["A4", "A3", "A5", "Letter", "Legal", "Tabloid"] as const;
export const SHEET_ORIENTATIONS = ["auto", "portrait", "landscape"] as const;
export const NUP_ORDERS = ["across-then-down", "down-then-across", "right-to-left"] as const;

/** Sheet sizes in points, portrait. */
export const SHEET_POINTS: Record<(typeof SHEET_SIZES)[number], [number, number]> = {
  A4: [595.28, 841.89],
  A3: [841.89, 1190.55],
  A5: [419.53, 595.28],
  Letter: [612, 792],
  Legal: [612, 1008],
  Tabloid: [792, 1224],
};

export const nUpOptions = z.object({
  mode: z
    .enum(NUP_MODES)
    .default("n-up")
    .meta({ title: "Layout", description: "Several pages on each sheet, or a booklet: pages two to a sheet in the order for folding in the middle." }),
  pagesPerSheet: z
    .union([z.literal(2), z.literal(4), z.literal(6), z.literal(9), z.literal(16)])
    .default(4)
    .meta({ title: "Pages per sheet", description: "A booklet always has two." }),
  sheetSize: z.enum(SHEET_SIZES).default("A4").meta({ title: "Sheet size" }),
  orientation: z
    .enum(SHEET_ORIENTATIONS)
    .default("auto")
    .meta({ title: "Orientation", description: "Auto picks the one where the pages come out largest; a booklet is always landscape." }),
  order: z.enum(NUP_ORDERS).default("across-then-down").meta({ title: "Page order" }),
  margin: z.number().min(0).max(50).default(5).meta({ title: "Margin (mm)", description: "Around the sheet and between pages." }),
  borders: z.boolean().default(false).meta({ title: "Draw borders", description: "A thin line around each page." }),
});
export type NUpOptions = z.infer<typeof nUpOptions>;
