import { z } from "zod";

export const REPAIR_MODES = ["auto", "basic", "aggressive", "conservative"] as const;
export const REPAIR_VERSIONS = ["auto", "1.4", "1.5", "1.6", "1.7", "2.0"] as const;

export const repairOptions = z.object({
  repairMode: z.enum(REPAIR_MODES).default("auto"),
  optimizeSize: z.boolean().default(true),
  fixStructure: z.boolean().default(true),
  recoverContent: z.boolean().default(true),
  rebuildIndex: z.boolean().default(true),
  fixFonts: z.boolean().default(true),
  fixImages: z.boolean().default(true),
  fixMetadata: z.boolean().default(true),
  fixFormFields: z.boolean().default(true),
  fixAnnotations: z.boolean().default(true),
  fixStreamObjects: z.boolean().default(true),
  fixXrefTable: z.boolean().default(true),
  linearize: z.boolean().default(false),
  saveAsVersion: z.enum(REPAIR_VERSIONS).default("auto"),
  sanitize: z.boolean().default(false),
});
export type RepairOptions = z.infer<typeof repairOptions>;
