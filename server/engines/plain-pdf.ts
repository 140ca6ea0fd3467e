import { randomBytes } from "node:crypto";
import path from "node:path";
import type { EngineContext } from "./context.js";
import { qpdf } from "./qpdf.js";

/**
 * Ghostscript (and OCRmyPDF, which runs it) reads PostScript as readily as PDF: a PostScript program that carries
 * "%PDF-" in a comment and a valid PDF after it passes every PDF check, and Ghostscript would run the program.
 * So a visitor's document reaches them only as qpdf wrote it: qpdf copies the PDF objects it finds into a new
 * file that begins with its own header and holds nothing else. A file qpdf cannot read at all never reaches them.
 * Rewriting costs a fraction of what the Ghostscript run that follows does.
 */
export async function rewrittenByQpdf(document: string, ctx: EngineContext): Promise<string> {
  const output = path.join(ctx.workDir, `plain-${randomBytes(6).toString("hex")}.pdf`);
  await qpdf([document, output], ctx);
  return output;
}
