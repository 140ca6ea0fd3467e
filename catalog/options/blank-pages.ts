import { z } from "zod";

export const blankPagesOptions = z.object({
  threshold: z
    .number()
    .min(0)
    .max(10)
    .default(0.1)
    .meta({
      title: "Tolerance (%)",
      description: "How much of a page may be marked (specks, scanner noise) and still count as blank. Pages with any text are always kept.",
    }),
  keepBookmarks: z.boolean().default(true).meta({ title: "Keep bookmarks", description: "Bookmarks to the pages that stay are kept." }),
});
export type BlankPagesOptions = z.infer<typeof blankPagesOptions>;
