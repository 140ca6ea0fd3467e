import { z } from "zod";

const side = (title: string) =>
  z.number().int().min(1).max(10_000).default(16).meta({ title, description: "Smaller images (icons, specks, rules) are left out." });

export const extractImagesOptions = z.object({
  minWidth: side("Smallest width (pixels)"),
  minHeight: side("Smallest height (pixels)"),
});
export type ExtractImagesOptions = z.infer<typeof extractImagesOptions>;
