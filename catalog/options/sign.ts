import { z } from "zod";
import { PASSWORD_MAX_CHARS, refusal } from "./common.js";

export const SIGNATURE_TYPES = ["draw", "type", "image", "certificate"] as const;
export const SIGNATURE_FONTS = ["dancingScript", "sacramento", "caveat", "satisfy", "parisienne"] as const;
export const SIGNATURE_STYLES = ["standard", "cursive", "formal"] as const;
export const CERTIFICATE_LEVELS = ["basic", "advanced", "qualified"] as const;
export const SIGNATURE_COLORS = ["black", "blue", "green", "purple", "red", "orange", "brown", "grey"] as const;

export const signOptions = z
  .object({
    signatureType: z.enum(SIGNATURE_TYPES).default("draw"),
    /** A PNG data URL from the 500x150 drawing canvas (even uncompressed, under half a megabyte). */
    drawSignatureData: z.string().max(1_000_000).optional(),
    typedName: z.string().max(200).optional(),
    typedFont: z.enum(SIGNATURE_FONTS).default("dancingScript"),
    typedStyle: z.enum(SIGNATURE_STYLES).default("standard"),
    certificatePassword: z.string().max(PASSWORD_MAX_CHARS).default(""),
    certificateLevel: z.enum(CERTIFICATE_LEVELS).default("basic"),
    signaturePage: z.union([z.literal("last"), z.number().int().min(1)]).default("last"),
    /** Percent of the page width and height, measured from the top left corner. */
    signatureX: z.number().min(0).max(100).default(50),
    signatureY: z.number().min(0).max(100).default(80),
    signatureWidth: z.number().min(50).max(500).default(200),
    signatureHeight: z.number().min(20).max(200).default(80),
    signatureColor: z.union([z.enum(SIGNATURE_COLORS), z.string().regex(/^#[0-9a-fA-F]{6}$/)]).default("black"),
    signatureOpacity: z.number().min(0.1).max(1).default(1),
    signatureBorder: z.boolean().default(true),
    signatureBackground: z.boolean().default(false),
    signatureDate: z.boolean().default(true),
    signatureLabel: z.string().max(200).default("Signed by"),
    signatureReason: z.string().max(500).default("I approve this document"),
    visibleSignature: z.boolean().default(true),
    lockPdfAfterSigning: z.boolean().default(true),
    timeStamp: z.boolean().default(false),
  })
  .superRefine((o, ctx) => {
    if (o.signatureType === "draw" && !o.drawSignatureData?.startsWith("data:image/png;base64,")) {
      ctx.addIssue({ code: "custom", path: ["drawSignatureData"], message: refusal("drawSignature") });
    }
    if (o.signatureType === "type" && !o.typedName?.trim()) {
      ctx.addIssue({ code: "custom", path: ["typedName"], message: refusal("typedName") });
    }
  });
export type SignOptions = z.infer<typeof signOptions>;
