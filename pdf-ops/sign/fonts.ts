import type { SignOptions } from "../../catalog/options/sign.js";

export type ScriptSubset = "latin" | "latin-ext";

/**
 * The typed-signature fonts, self-hosted from their npm packages (@fontsource/<name>), with the faces each has, in
 * the order they are tried: Latin, then Latin Extended for names like "Łukasz" (Satisfy has no such face).
 */
export const SCRIPT_FONTS: Record<SignOptions["typedFont"], { pkg: string; subsets: readonly ScriptSubset[] }> = {
  dancingScript: { pkg: "dancing-script", subsets: ["latin", "latin-ext"] },
  sacramento: { pkg: "sacramento", subsets: ["latin", "latin-ext"] },
  caveat: { pkg: "caveat", subsets: ["latin", "latin-ext"] },
  satisfy: { pkg: "satisfy", subsets: ["latin"] },
  parisienne: { pkg: "parisienne", subsets: ["latin", "latin-ext"] },
};
