import { createRequire } from "node:module";
import type { SignOptions } from "../../catalog/options/sign.js";

/** The typed-signature fonts, self-hosted from their npm packages (Latin and Latin Extended faces). */
const PACKAGES: Record<SignOptions["typedFont"], string> = {
  dancingScript: "dancing-script",
  sacramento: "sacramento",
  caveat: "caveat",
  satisfy: "satisfy",
  parisienne: "parisienne",
};

const require = createRequire(import.meta.url);

/** The font files to try in order: the Latin face first, then Latin Extended for names like "Łukasz". */
export function scriptFontFiles(font: SignOptions["typedFont"]): string[] {
  const pkg = PACKAGES[font];
  return ["latin", "latin-ext"].map((subset) => require.resolve(`@fontsource/${pkg}/files/${pkg}-${subset}-400-normal.woff`));
}
