import fs from "node:fs/promises";
import path from "node:path";
import { classifyRunFailure, runProcess } from "./process-runner.js";
import type { EngineContext } from "./context.js";
import { CONFIDENCE_PLUGIN_SOURCE } from "./ocr-confidence-plugin.js";
import { rewrittenByQpdf } from "./plain-pdf.js";

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
export const OCRMYPDF_EXIT = { inputFile: 2, invalidOutput: 4, childProcess: 7, encrypted: 8, pdfaFailed: 10, other: 15 } as const;

const PROGRESS_POLL_MS = 500;

/** Python exceptions raised by malformed page data, as OCRmyPDF's traceback names them (a list of words: linear). */
const READING_FAULT = /\b(?:UnidentifiedImageError|IndexError|KeyError|UnicodeDecodeError|PdfError|DataDecodingError)\b|'NoneType' object has no attribute/;

/**
 * Runs OCRmyPDF and reports page-by-page progress. OCRmyPDF keeps its temporary files in a folder under TMPDIR;
 * Tesseract leaves one hOCR file there per page it has finished, so counting them is real progress without
 * OCRmyPDF's verbose log (which would push the error lines out of the kept stderr).
 */
export async function runOcrmypdf(run: OcrRun, ctx: EngineContext, onProgress: (fraction: number) => void): Promise<{ pdfaFailed: boolean }> {
  // OCRmyPDF hands its input to Ghostscript: only as qpdf rewrote it.
  const input = await rewrittenByQpdf(run.input, ctx);
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
    input,
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
      // Inside the job's folder, which the sandbox binds: the input and output are there too.
      cwd: tmp,
      workDir: ctx.workDir,
      timeoutMs: run.timeoutMs,
      signal: ctx.signal,
      env: { OMP_THREAD_LIMIT: "1", TMPDIR: tmp },
      // 10: the output was written but did not pass OCRmyPDF's PDF/A check; the caller says so.
      okExitCodes: [0, OCRMYPDF_EXIT.pdfaFailed],
    });
    return { pdfaFailed: exitCode === OCRMYPDF_EXIT.pdfaFailed };
  } catch (err) {
    // OCRmyPDF names the input's faults by exit code; its other failures stay server errors.
    throw classifyRunFailure(err, (e) => {
      if (e.exitCode === OCRMYPDF_EXIT.encrypted) return "encrypted";
      if (e.exitCode === OCRMYPDF_EXIT.inputFile) return "damaged";
      // The PDF it wrote from the upload's pages would not validate, or Ghostscript or Tesseract fell over on a page.
      if (e.exitCode === OCRMYPDF_EXIT.invalidOutput) return "damaged";
      if (e.exitCode === OCRMYPDF_EXIT.childProcess) return "crashed";
      // OCRmyPDF's "other error" ends with the Python exception that stopped it. The ones that come from reading a
      // page's data (an image Pillow cannot identify, a page pikepdf reads as null, a MediaBox with too few numbers,
      // a content stream operator that is not text, a missing key) are damage in the upload; any other stays ours.
      return e.exitCode === OCRMYPDF_EXIT.other && READING_FAULT.test(e.stderr) ? "damaged" : undefined;
    });
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
