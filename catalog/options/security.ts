import { z } from "zod";
import { PASSWORD_MAX_CHARS, refusal, requiredText } from "./common.js";

export const permissionsOptions = z.object({
  printing: z.boolean().default(true),
  modifying: z.boolean().default(false),
  copying: z.boolean().default(false),
  annotating: z.boolean().default(true),
  fillingForms: z.boolean().default(true),
  contentAccessibility: z.boolean().default(true),
  documentAssembly: z.boolean().default(false),
});
export type Permissions = z.infer<typeof permissionsOptions>;

export const PDF_VERSIONS = ["1.5", "1.6", "1.7", "2.0"] as const;

export const advancedSecurityOptions = z.object({
  encryptMetadata: z.boolean().default(true),
  encryptAttachments: z.boolean().default(true),
  requireCertificate: z.boolean().default(false),
  pdfVersion: z.enum(PDF_VERSIONS).default("1.7"),
  /** Placeholder in the spec; PDF encryption cannot demand a signature, so the reply says so when it is on. */
  digitalSignature: z.boolean().default(false),
  /** 0 means no expiry. PDF cannot enforce an expiry date; the reply says so when it is set. */
  expirationDays: z.number().int().min(0).max(3650).default(0),
});
export type AdvancedSecurityOptions = z.infer<typeof advancedSecurityOptions>;

/** protect-pdf and encrypt-pdf share these fields and the spec gives them the same blank-password sentence. */
export const protectOptions = z.object({
    userPassword: requiredText(refusal("protectPassword"), PASSWORD_MAX_CHARS),
    /** Sent only when not blank; the user password serves otherwise. */
    ownerPassword: z.string().max(PASSWORD_MAX_CHARS).optional(),
    encryptionLevel: z.union([z.literal(128), z.literal(256)]).default(256),
    encryptionAlgorithm: z.enum(["aes", "rc4"]).default("aes"),
    permissions: permissionsOptions.prefault({}),
  advancedOptions: advancedSecurityOptions.prefault({}),
});
export type ProtectOptions = z.infer<typeof protectOptions>;

export const unlockBehaviour = z.object({
  removeRestrictions: z.boolean().default(true),
  preserveMetadata: z.boolean().default(true),
  attemptRecovery: z.boolean().default(false),
  forceDecode: z.boolean().default(false),
});

function unlockOptionsFor(verb: "unlock" | "decrypt") {
  return z.object({
    userPassword: requiredText(refusal(`${verb}Password`), PASSWORD_MAX_CHARS),
    unlockOptions: unlockBehaviour.prefault({}),
  });
}
export const unlockOptions = unlockOptionsFor("unlock");
export const decryptOptions = unlockOptionsFor("decrypt");
export type UnlockOptions = z.infer<typeof unlockOptions>;

export interface SecurityPreset {
  id: "read-only" | "maximum-security" | "interactive-forms" | "legacy";
  name: string;
  description: string;
  encryptionLevel: 128 | 256;
  encryptionAlgorithm: "aes" | "rc4";
  permissions: Permissions;
  advancedOptions: AdvancedSecurityOptions;
}

const noExpiry = { requireCertificate: false, expirationDays: 0 } as const;

/** Read, print, copy, annotate and fill in, but not change: the read-only preset, and legacy's too. */
const READ_ONLY: Permissions = {
  printing: true,
  modifying: false,
  copying: true,
  annotating: true,
  fillingForms: true,
  contentAccessibility: true,
  documentAssembly: false,
};

/** The spec's four presets. Every preset turns document assembly off and sets no expiry. */
export const SECURITY_PRESETS: readonly SecurityPreset[] = [
  {
    id: "read-only",
    name: "Read-Only Documents",
    description: "People can read, print, copy and annotate, but not change the document.",
    encryptionLevel: 256,
    encryptionAlgorithm: "aes",
    permissions: READ_ONLY,
    advancedOptions: { ...noExpiry, encryptMetadata: true, encryptAttachments: true, pdfVersion: "1.7", digitalSignature: false },
  },
  {
    id: "maximum-security",
    name: "Maximum Security",
    description: "Opening needs the password; nothing may be printed, copied or changed.",
    encryptionLevel: 256,
    encryptionAlgorithm: "aes",
    permissions: {
      printing: false,
      modifying: false,
      copying: false,
      annotating: false,
      fillingForms: false,
      contentAccessibility: true,
      documentAssembly: false,
    },
    advancedOptions: { ...noExpiry, encryptMetadata: true, encryptAttachments: true, pdfVersion: "2.0", digitalSignature: false },
  },
  {
    id: "interactive-forms",
    name: "Interactive Forms",
    description: "People can fill in forms, print and annotate, but not change the document.",
    encryptionLevel: 256,
    encryptionAlgorithm: "aes",
    permissions: {
      printing: true,
      modifying: false,
      copying: false,
      annotating: true,
      fillingForms: true,
      contentAccessibility: true,
      documentAssembly: false,
    },
    advancedOptions: { ...noExpiry, encryptMetadata: true, encryptAttachments: true, pdfVersion: "1.7", digitalSignature: true },
  },
  {
    id: "legacy",
    name: "Legacy Compatibility",
    description: "128-bit RC4 for very old PDF readers; weaker than AES.",
    encryptionLevel: 128,
    encryptionAlgorithm: "rc4",
    permissions: READ_ONLY,
    advancedOptions: { ...noExpiry, encryptMetadata: false, encryptAttachments: true, pdfVersion: "1.5", digitalSignature: false },
  },
];
