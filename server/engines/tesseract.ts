import type { EngineContext } from "./context.js";
import { EngineError, runProcess } from "./process-runner.js";

/**
 * Tesseract itself (OCRmyPDF drives it for recognition): which language models this machine has, and which
 * script a page is written in (its orientation and script detection, `--psm 0`).
 */

/** Models that are not languages to read a document in: osd only detects orientation and script. */
const NOT_LANGUAGES = new Set(["osd"]);

let installed: Promise<Set<string>> | undefined;

/**
 * The Tesseract language models installed on this machine, read once: set-up installs them before the server
 * starts, so the first answer stays right until the next start.
 */
export function installedOcrLanguages(): Promise<Set<string>> {
  installed ??= runProcess({
    // A fixed command that reads no visitor's file: it runs as the engine probes do, outside the sandbox, from /.
    engine: "probe",
    command: "tesseract",
    args: ["--list-langs"],
    cwd: "/",
    timeoutMs: 30_000,
  }).then(
    ({ stdout, stderr }) => {
      // Tesseract 5 prints the list on stdout; older builds used stderr.
      const lines = (stdout.toString("utf8") + "\n" + stderr).split("\n").map((l) => l.trim());
      return new Set(lines.filter((l) => /^[A-Za-z0-9_]+$/.test(l) && !NOT_LANGUAGES.has(l)));
    },
    (err: unknown) => {
      installed = undefined;
      throw err instanceof EngineError ? err : new EngineError("tesseract", null, String(err));
    },
  );
  return installed;
}

export interface DetectedScript {
  /** Tesseract's script name: Latin, Cyrillic, Han, Japanese, Hangul, Arabic, Devanagari... */
  script: string;
  confidence: number;
}

/**
 * The script of the text on one page picture, or undefined when there is too little text to tell (Tesseract
 * then says "Too few characters" and exits with 1).
 */
export async function detectScript(image: string, ctx: EngineContext): Promise<DetectedScript | undefined> {
  const { exitCode, stdout } = await runProcess({
    engine: "tesseract",
    command: "tesseract",
    args: [image, "-", "--psm", "0"],
    cwd: ctx.workDir,
    timeoutMs: 60_000,
    signal: ctx.signal,
    env: { OMP_THREAD_LIMIT: "1" },
    okExitCodes: [0, 1],
  });
  if (exitCode !== 0) return undefined;
  const text = stdout.toString("utf8");
  const script = /^Script: (\w+)$/m.exec(text)?.[1];
  const confidence = Number(/^Script confidence: ([\d.]+)$/m.exec(text)?.[1] ?? "0");
  return script ? { script, confidence } : undefined;
}
