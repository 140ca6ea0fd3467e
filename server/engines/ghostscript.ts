import { EngineFailure } from "../errors.js";
import { classifyRunFailure, runProcess } from "./process-runner.js";
import type { EngineContext } from "./context.js";
import { rewrittenByQpdf } from "./plain-pdf.js";

/**
 * Ghostscript: re-distils PDFs (the heaviest repair, and the comparison point for compression). Always -dSAFER, so
 * that a hostile PostScript or PDF program cannot read or write files outside what the command line names.
 * Visitors' documents are passed apart from Ghostscript's own arguments, and reach it only as qpdf rewrote them
 * (see plain-pdf.ts): what Ghostscript runs as PostScript is only ever ours. Ghostscript 10.0 has no switch that
 * limits its input to PDF (the PDF-only `gpdf` program is not part of Debian's package).
 */

const FIXED_ARGS = ["-dSAFER", "-dBATCH", "-dNOPAUSE", "-dQUIET", "-sstdout=%stderr"] as const;

export async function ghostscript(args: readonly string[], documents: readonly string[], ctx: EngineContext): Promise<string> {
  const plain: string[] = [];
  for (const document of documents) plain.push(await rewrittenByQpdf(document, ctx));
  try {
    const { stderr } = await runProcess({
      engine: "ghostscript",
      command: "gs",
      args: [...FIXED_ARGS, ...args, ...plain],
      cwd: ctx.workDir,
      timeoutMs: ctx.timeoutMs,
      signal: ctx.signal,
    });
    return stderr;
  } catch (err) {
    // Ghostscript stops with an error only on input it cannot interpret.
    throw classifyRunFailure(err, () => "damaged");
  }
}

/** Ghostscript reports some files it could not interpret in its log and still exits 0. */
export function failOnUnrecoverable(log: string): void {
  if (/Unrecoverable error|No pages will be processed/i.test(log)) throw new EngineFailure("damaged", "ghostscript", log.slice(-2000));
}

/**
 * Rewrites a PDF through Ghostscript's pdfwrite device. Ghostscript prints "error" and "**** " lines for what it
 * had to skip or could not read; they are returned so that the caller can report them.
 */
export async function pdfwrite(
  input: string,
  output: string,
  ctx: EngineContext,
  extraArgs: readonly string[] = [],
): Promise<{ warnings: string[] }> {
  const log = await ghostscript(["-sDEVICE=pdfwrite", ...extraArgs, `-sOutputFile=${output}`], [input], ctx);
  const warnings = log
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => /^\*\*\*\*|error/i.test(l));
  failOnUnrecoverable(log);
  return { warnings };
}
