import type { SignOptions } from "../../catalog/options/sign.js";

/** The typed-signature fonts, self-hosted from their npm packages (@fontsource/<name>, Latin and Latin Extended). */
export const SCRIPT_FONT_PACKAGES: Record<SignOptions["typedFont"], string> = {
  dancingScript: "dancing-script",
  sacramento: "sacramento",
  caveat: "caveat",
  satisfy: "satisfy",
  parisienne: "parisienne",
};
