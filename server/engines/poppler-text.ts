import { AbortedError } from "../errors.js";
import { runProcess } from "./process-runner.js";
import type { EngineContext } from "./context.js";

/**
 * How much text poppler's pdftotext finds in a file. Used by repair-pdf as an independent measure of content:
 * poppler decodes damaged streams as far as they go, so a repair that drops what it could not parse shows up as
 * lost text even when its result is structurally sound.
 */
export async function countTextCharacters(file: string, ctx: EngineContext): Promise<number | undefined> {
  try {
    const { stdout } = await runProcess({
      engine: "poppler",
      command: "pdftotext",
      args: ["-q", "-enc", "UTF-8", file, "-"],
      cwd: ctx.workDir,
      timeoutMs: ctx.timeoutMs,
      signal: ctx.signal,
      // pdftotext exits 1 to 3 on files it could not open; that is "no measure", not an error of ours.
      okExitCodes: [0, 1, 2, 3],
      maxStdoutBytes: 8 * 1024 * 1024,
    });
    return stdout.toString("utf8").replace(/\s+/g, "").length;
  } catch (err) {
    // Whatever stopped poppler (not installed, fallen over, out of time) only means there is no measure; a
    // cancelled job stops here too.
    if (err instanceof AbortedError) throw err;
    return undefined;
  }
}
