import { z } from "zod";
import { pageSelection, refusal } from "./common.js";

export const CROP_UNITS = ["mm", "pt"] as const;
/** 5 metres: beyond any page (PDF's own limit is 200 inches). */
const MAX_MARGIN = 5000;

const margin = (title: string) => z.number().min(0).max(MAX_MARGIN).default(0).meta({ title });

export const cropOptions = z
  .object({
    unit: z.enum(CROP_UNITS).default("mm").meta({ title: "Unit", description: "Millimetres or points (1/72 inch)." }),
    top: margin("Top"),
    right: margin("Right"),
    bottom: margin("Bottom"),
    left: margin("Left"),
    autoCrop: z
      .boolean()
      .default(false)
      .meta({ title: "Crop to content", description: "Cut away the empty border around what is printed; the margins above are then kept around it." }),
    pages: pageSelection.meta({ title: "Pages", description: "Empty for every page, or e.g. 1,3,5-7." }),
  })
  .superRefine((o, ctx) => {
    if (!o.autoCrop && o.top + o.right + o.bottom + o.left === 0) {
      ctx.addIssue({ code: "custom", path: ["top"], message: refusal("cropNothing") });
    }
  });
export type CropOptions = z.infer<typeof cropOptions>;

/** Points in one unit. */
export const POINTS_PER: Record<(typeof CROP_UNITS)[number], number> = { mm: 72 / 25.4, pt: 1 };
