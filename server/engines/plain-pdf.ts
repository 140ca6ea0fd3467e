import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { EngineContext } from "./context.js";
import { failedWith } from "../errors.js";
import { qpdf } from "./qpdf.js";

/**
 * Ghostscript (and OCRmyPDF, which runs it) reads PostScript as readily as PDF: a PostScript program that carries
 * "%PDF-" in a comment and a valid PDF after it passes every PDF check, and Ghostscript would run the program.
 * So a visitor's document reaches them as qpdf wrote it: qpdf copies the PDF objects it finds into a new file
 * that begins with its own header and holds nothing else. Rewriting costs a fraction of the Ghostscript run.
 *
 * A file qpdf cannot read at all (a truncated one, with no trailer) reaches Ghostscript only if it begins with
 * "%PDF-" at its first byte: Ghostscript's `run` (pdf_main.ps) sends such a file to its PDF interpreter, which
 * runs no PostScript, and recovers pages from files no other engine reads. Anything else never reaches it.
 */
export async function rewrittenByQpdf(document: string, ctx: EngineContext): Promise<string> {
  const output = path.join(ctx.workDir, `plain-${randomBytes(6).toString("hex")}.pdf`);
  try {
    await qpdf([document, output], ctx);
    return output;
  } catch (err) {
    if (failedWith(err, "damaged") && (await beginsWithPdfHeader(document))) return document;
    throw err;
  }
}

async function beginsWithPdfHeader(file: string): Promise<boolean> {
  const handle = await fs.open(file, "r");
  try {
    const head = Buffer.alloc(5);
    const { bytesRead } = await handle.read(head, 0, 5, 0);
    return bytesRead === 5 && head.toString("latin1") === "%PDF-";
  } finally {
    await handle.close();
  }
}
