import path from "node:path";
import type { RepairOptions } from "../../catalog/options/repair.js";
import type { EngineContext } from "../engines/context.js";
import { pdfwrite } from "../engines/ghostscript.js";
import { runMupdf } from "../engines/mupdf/pool.js";
import { qpdf } from "../engines/qpdf.js";
import { msg, type Message } from "../i18n/message.js";

/**
 * The three ways of rewriting a damaged PDF, lightest first. qpdf keeps every object and rebuilds the structure
 * around them; MuPDF's repairing parser recovers objects qpdf gives up on and can rewrite content streams;
 * Ghostscript interprets every page and writes a new document from what it drew, which recovers the most but
 * loses what it does not draw (form field logic, document-level JavaScript, some metadata).
 */

export type Rung = "qpdf" | "mupdf" | "ghostscript";


/** Which rungs each mode may use, in the order they are tried. */
export function ladderFor(options: RepairOptions): Rung[] {
  switch (options.repairMode) {
    case "basic":
      return ["qpdf"];
    case "conservative":
      // Never re-creates pages: what is kept is the file's own objects.
      return ["qpdf", "mupdf"];
    case "aggressive":
      return ["ghostscript", "mupdf", "qpdf"];
    case "auto":
      // Without content recovery only the structural repair is allowed.
      return options.recoverContent ? ["qpdf", "mupdf", "ghostscript"] : ["qpdf"];
  }
}

/** qpdf arguments for the structural rewrite, from the Structure and Output settings. */
function qpdfRewriteArgs(options: RepairOptions): string[] {
  const keepAsIs = options.repairMode === "conservative";
  const args: string[] = [];
  if (keepAsIs || !options.fixStructure) args.push("--object-streams=preserve");
  else if (options.optimizeSize) args.push("--object-streams=generate");
  if (keepAsIs || !options.fixStreamObjects) args.push("--stream-data=preserve");
  else if (options.optimizeSize) args.push("--recompress-flate", "--compression-level=9");
  return args;
}

export interface RungResult {
  output: string;
  /** Something this rung did beyond rewriting, for the reply. */
  note?: Message;
}

export async function runRung(rung: Rung, input: string, options: RepairOptions, ctx: EngineContext): Promise<RungResult> {
  const output = path.join(ctx.workDir, `repair-${rung}.pdf`);
  if (rung === "qpdf") {
    await qpdf([input, ...qpdfRewriteArgs(options), output], ctx);
  } else if (rung === "mupdf") {
    const conservative = options.repairMode === "conservative";
    const { rebuiltPages } = await runMupdf(
      "rewriteWithMupdf",
      {
        input,
        output,
        garbage: conservative ? "none" : options.optimizeSize ? "deduplicate" : "compact",
        // Rewriting content streams drops their syntax errors; conservative repair keeps them byte for byte.
        clean: !conservative && options.fixStreamObjects,
        // A lost page tree is the index of the pages: rebuilt from the page objects when both settings allow.
        rebuildPageTree: options.rebuildIndex && options.recoverContent,
      },
      ctx,
    );
    if (rebuiltPages > 0) {
      return { output, note: msg("repair.pageTreeRebuilt", { count: rebuiltPages }) };
    }
  } else {
    await pdfwrite(input, output, ctx, [
      "-dPDFSETTINGS=/prepress",
      // Fonts the file names but does not carry are embedded from the system's when fixFonts asks for it.
      `-dEmbedAllFonts=${options.fixFonts}`,
      "-dSubsetFonts=true",
      // Images are passed through as they are unless fixImages asks for them to be decoded and re-encoded.
      `-dPassThroughJPEGImages=${!options.fixImages}`,
      "-dAutoRotatePages=/None",
    ]);
  }
  return { output };
}

/** linearize and saveAsVersion, applied last so that no later rewrite undoes them. */
export async function finish(input: string, options: RepairOptions, ctx: EngineContext): Promise<string> {
  const args: string[] = [];
  if (options.linearize) args.push("--linearize");
  if (options.saveAsVersion !== "auto") {
    args.push(`--force-version=${options.saveAsVersion}`);
    // Object streams do not exist before PDF 1.5.
    if (options.saveAsVersion === "1.4") args.push("--object-streams=disable");
  }
  if (args.length === 0) return input;
  const output = path.join(ctx.workDir, "repair-finished.pdf");
  await qpdf([input, ...args, output], ctx);
  return output;
}
