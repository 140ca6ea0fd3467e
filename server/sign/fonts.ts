import fs from "node:fs/promises";
import { createRequire } from "node:module";
import { SCRIPT_FONTS } from "../../pdf-ops/sign/fonts.js";
import type { SignatureFonts } from "../../pdf-ops/sign/appearance.js";
import { serverUnicodeFont } from "../pdf/stamp.js";

const require = createRequire(import.meta.url);

/** The typed-signature fonts, read from their npm packages' files, and DejaVu Sans from Debian's. */
export const serverSignatureFonts: SignatureFonts = {
  script: async (font, subset) => {
    const { pkg } = SCRIPT_FONTS[font];
    return fs.readFile(require.resolve(`@fontsource/${pkg}/files/${pkg}-${subset}-400-normal.woff`));
  },
  unicode: serverUnicodeFont,
};
