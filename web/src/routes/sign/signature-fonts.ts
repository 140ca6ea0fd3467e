// The five typed-signature faces, self-hosted from the same @fontsource packages the server draws with; each
// browser downloads only the subsets a name needs (unicode-range).
import "@fontsource/caveat/400.css";
import "@fontsource/dancing-script/400.css";
import "@fontsource/parisienne/400.css";
import "@fontsource/sacramento/400.css";
import "@fontsource/satisfy/400.css";
import type { CSSProperties } from "react";
import type { SignOptions } from "../../../../catalog/options/sign.js";

export const FONT_NAMES: Record<SignOptions["typedFont"], string> = {
  dancingScript: "Dancing Script",
  sacramento: "Sacramento",
  caveat: "Caveat",
  satisfy: "Satisfy",
  parisienne: "Parisienne",
};

/** The typed name's look: the chosen face, slanted for cursive, underlined for formal (as the server draws it). */
export function typedNameStyle(font: unknown, style: unknown): CSSProperties {
  const family = FONT_NAMES[font as SignOptions["typedFont"]] ?? FONT_NAMES.dancingScript;
  return {
    fontFamily: `'${family}', cursive`,
    display: "inline-block",
    transform: style === "cursive" ? "skewX(-12deg)" : undefined,
    textDecoration: style === "formal" ? "underline" : undefined,
    textDecorationThickness: style === "formal" ? "0.05em" : undefined,
  };
}
