import fs from "node:fs/promises";
import path from "node:path";
import type { EngineContext } from "./context.js";
import { failOnUnrecoverable, ghostscript } from "./ghostscript.js";

/**
 * PDF/A through Ghostscript's pdfwrite device. Ghostscript embeds every font (substituting the URW clones for
 * unembedded standard fonts), converts colours to sRGB, writes the XMP pdfaid identification, and takes the
 * output intent from a small PostScript prefix that names the sRGB profile Debian's libgs-common ships. Always
 * -dSAFER; the only file the prefix may read is that profile, allowed by name.
 */

export type PdfaPart = 1 | 2 | 3;

/** sRGB IEC61966-2.1, installed with Ghostscript (libgs-common). */
export const SRGB_PROFILE = "/usr/share/color/icc/ghostscript/srgb.icc";

/** The document's own title and other information pass through; only the output intent is added. */
const PREFIX = `%!
[/_objdef {icc_PDFA} /type /stream /OBJ pdfmark
[{icc_PDFA} << /N 3 >> /PUT pdfmark
[{icc_PDFA} (${SRGB_PROFILE}) (r) file /PUT pdfmark
[/_objdef {OutputIntent_PDFA} /type /dict /OBJ pdfmark
[{OutputIntent_PDFA} <<
  /Type /OutputIntent /S /GTS_PDFA1
  /DestOutputProfile {icc_PDFA}
  /OutputConditionIdentifier (sRGB IEC61966-2.1)
  /Info (sRGB IEC61966-2.1)
>> /PUT pdfmark
[{Catalog} << /OutputIntents [ {OutputIntent_PDFA} ] >> /PUT pdfmark
`;

export interface PdfaResult {
  /** Lines where Ghostscript reports what it had to drop or change to conform. */
  warnings: string[];
}

export async function writePdfa(
  input: string,
  output: string,
  options: { part: PdfaPart; pages?: string },
  ctx: EngineContext,
): Promise<PdfaResult> {
  const prefixFile = path.join(ctx.workDir, "pdfa-prefix.ps");
  await fs.writeFile(prefixFile, PREFIX);
  // Through the adapter, which adds -dSAFER; the colour profile is the one file outside the job it may read.
  const stderr = await ghostscript(
    [
      `--permit-file-read=${SRGB_PROFILE}`,
      "-sDEVICE=pdfwrite",
      `-dPDFA=${options.part}`,
      // 1: where something cannot be made conformant (an annotation, a transparency group in PDF/A-1), drop it and
      // go on, rather than writing a file that is not PDF/A.
      "-dPDFACompatibilityPolicy=1",
      "-sColorConversionStrategy=RGB",
      "-dEmbedAllFonts=true",
      ...(options.pages ? [`-sPageList=${options.pages}`] : []),
      `-sOutputFile=${output}`,
      // Our own PostScript, before the visitor's document.
      prefixFile,
    ],
    [input],
    ctx,
  );
  failOnUnrecoverable(stderr);
  const warnings = stderr
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => /^\*\*\*\*|error|PDFA|PDF\/A/i.test(l));
  return { warnings };
}
