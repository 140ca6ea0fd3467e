import fs from "node:fs/promises";
import path from "node:path";
import { EngineError, runProcess } from "./process-runner.js";
import type { EngineContext } from "./context.js";
import { CONFIDENCE_PLUGIN_SOURCE } from "./ocr-confidence-plugin.js";

/**
 * OCRmyPDF with Tesseract. Tesseract runs with OMP_THREAD_LIMIT=1: its own OpenMP threads fight each other on a
 * small machine (several times slower per page), so OCRmyPDF recognises pages in parallel instead (--jobs).
 */

export interface OcrRun {
  input: string;
  output: string;
  /** Tesseract's language argument, "eng+fra". */
  languages: string;
  /** Writes the recognised text here, pages separated by form feeds. */
  sidecar?: string;
  jobs: number;
  /** Extra OCRmyPDF arguments (cleaning, deskew, output type...). */
  args: readonly string[];
  /** Words below this confidence (0-100) are left out. */
  minWordConfidence: number;
  /** How many pages are to be recognised, for progress. */
  pagesToRecognise: number;
  timeoutMs: number;
}

/** OCRmyPDF's exit codes that a visitor's file can cause (see ocrmypdf.exceptions.ExitCode). */
export const OCRMYPDF_EXIT = { inputFile: 2, encrypted: 8, pdfaFailed: 10, other: 15 } as const;

const PROGRESS_POLL_MS = 500;

/**
 * Runs OCRmyPDF and reports page-by-page progress. OCRmyPDF keeps its temporary files in a folder under TMPDIR;
 * Tesseract leaves one hOCR file there per page it has finished, so counting them is real progress without
 * OCRmyPDF's verbose log (which would push the error lines out of the kept stderr).
 */
export async function runOcrmypdf(run: OcrRun, ctx: EngineContext, onProgress: (fraction: number) => void): Promise<{ pdfaFailed: boolean }> {
  const tmp = await fs.mkdtemp(path.join(ctx.workDir, "ocr-"));
  const plugin = path.join(tmp, "confidence_plugin.py");
  await fs.writeFile(plugin, CONFIDENCE_PLUGIN_SOURCE);
  const args = [
    "--quiet",
    "--plugin", plugin,
    "--min-word-confidence", String(Math.round(run.minWordConfidence)),
    // The hOCR renderer is the one whose per-page text the plugin can filter.
    "--pdf-renderer", "hocr",
    "--jobs", String(run.jobs),
    "-l", run.languages,
    ...(run.sidecar ? ["--sidecar", run.sidecar] : []),
    ...run.args,
    "--",
    run.input,
    run.output,
  ];
  const poller = setInterval(() => {
    void countFinishedPages(tmp).then((done) => {
      if (run.pagesToRecognise > 0) onProgress(Math.min(1, done / run.pagesToRecognise));
    });
  }, PROGRESS_POLL_MS);
  try {
    const { exitCode } = await runProcess({
      engine: "ocrmypdf",
      command: "ocrmypdf",
      args,
      cwd: tmp,
      timeoutMs: run.timeoutMs,
      signal: ctx.signal,
      env: { OMP_THREAD_LIMIT: "1", TMPDIR: tmp },
      // 10: the output was written but did not pass OCRmyPDF's PDF/A check; the caller says so.
      okExitCodes: [0, OCRMYPDF_EXIT.pdfaFailed],
    });
    return { pdfaFailed: exitCode === OCRMYPDF_EXIT.pdfaFailed };
  } finally {
    clearInterval(poller);
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

async function countFinishedPages(tmp: string): Promise<number> {
  try {
    let done = 0;
    for (const entry of await fs.readdir(tmp)) {
      if (!entry.startsWith("ocrmypdf.io.")) continue;
      const files = await fs.readdir(path.join(tmp, entry));
      done += files.filter((f) => /^\d{6}_ocr_hocr\.hocr$/.test(f)).length;
    }
    return done;
  } catch {
    // The folder went away as the run ended.
    return 0;
  }
}

let installed: Promise<Set<string>> | undefined;

/** The Tesseract language models installed on this machine (read once; set-up installs them before the server starts). */
export function installedOcrLanguages(ctx: EngineContext): Promise<Set<string>> {
  installed ??= runProcess({
    engine: "tesseract",
    command: "tesseract",
    args: ["--list-langs"],
    cwd: ctx.workDir,
    timeoutMs: 30_000,
  }).then(
    ({ stdout, stderr }) => {
      // Tesseract 5 prints the list on stdout; older builds used stderr.
      const lines = (stdout.toString("utf8") + "\n" + stderr).split("\n").map((l) => l.trim());
      return new Set(lines.filter((l) => /^[A-Za-z0-9_]+$/.test(l)));
    },
    (err: unknown) => {
      installed = undefined;
      throw err instanceof EngineError ? err : new EngineError("tesseract", null, String(err));
    },
  );
  return installed;
}
