import { z } from "zod";

/** What Flatten PDF turns into page content. */
export const FLATTEN_TARGETS = ["both", "forms", "annotations"] as const;

export const flattenOptions = z.object({
  flatten: z.enum(FLATTEN_TARGETS).default("both").meta({ title: "Flatten", description: "Form fields, annotations, or both become part of the page." }),
  keepLinks: z.boolean().default(true).meta({ title: "Keep links working", description: "Links have no look of their own: off removes them too." }),
});
export type FlattenOptions = z.infer<typeof flattenOptions>;
