import fs from "node:fs/promises";
import { inEnglish } from "../i18n/i18n.js";
import path from "node:path";
import { AbortedError, EngineFailure, replyForFailure, UserError } from "../errors.js";
import type { OutputFile, Processor, ProcessorContext, ProcessorInput, ToolResult } from "../tools/types.js";

/**
 * A one-file tool applied to each of several files (`batch=true`): each file runs on its own, in a folder of its own
 * inside the job's, so that one file's failure costs only that file. The outputs come back as one ZIP with a
 * report.txt saying what became of each file; the reply names the files that failed. Only when every file fails
 * does the job fail, with the first file's sentence.
 */

interface Outcome {
  name: string;
  outputs: OutputFile[];
  message?: string;
  error?: string;
}

/** What a visitor is told of a file's failure: the sentence of a fault in the file; anything else is ours. */
function sentenceFor(err: unknown, fileName: string): string | undefined {
  if (err instanceof EngineFailure) return replyForFailure(err, fileName).message;
  if (err instanceof UserError) return err.message;
  return undefined;
}

/** Names unique within the ZIP: a second "a-rotated.pdf" becomes "a-rotated (2).pdf". */
function uniqueNames(files: readonly OutputFile[]): OutputFile[] {
  const seen = new Map<string, number>();
  return files.map((file) => {
    const key = file.name.toLowerCase();
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    if (count === 1) return file;
    const ext = path.extname(file.name);
    return { ...file, name: `${file.name.slice(0, file.name.length - ext.length)} (${count})${ext}` };
  });
}

function report(outcomes: readonly Outcome[]): string {
  const lines = outcomes.map((o) =>
    o.error ? `FAILED  ${o.name}: ${o.error}` : `OK      ${o.name} -> ${o.outputs.map((f) => f.name).join(", ")}${o.message ? ` (${o.message})` : ""}`,
  );
  return `${lines.join("\n")}\n`;
}

export async function runBatch<O>(processor: Processor<O>, input: ProcessorInput<O>, ctx: ProcessorContext, toolId: string): Promise<ToolResult> {
  const outcomes: Outcome[] = [];
  const total = input.files.length;
  for (const [i, file] of input.files.entries()) {
    if (ctx.signal?.aborted) throw new AbortedError();
    const workDir = path.join(ctx.workDir, `batch-${i + 1}`);
    await fs.mkdir(workDir);
    const own: ProcessorContext = { ...ctx, workDir, progress: (f) => ctx.progress((i + Math.min(1, Math.max(0, f))) / total) };
    try {
      const result = await processor({ ...input, files: [file] }, own);
      outcomes.push({ name: file.name, outputs: [...result.files, ...(result.extraction?.files ?? [])], message: result.message && inEnglish(result.message) });
    } catch (err) {
      const sentence = sentenceFor(err, file.name);
      // Our own mistakes and a cancel or the job's deadline end the whole job, as they would a single file.
      if (sentence === undefined || ctx.signal?.aborted) throw err;
      outcomes.push({ name: file.name, outputs: [], error: sentence });
    }
    ctx.progress((i + 1) / total);
  }
  const failed = outcomes.filter((o) => o.error);
  if (failed.length === total) {
    throw new UserError(`None of the ${total} files could be processed. ${failed[0]!.name}: ${failed[0]!.error}`, 422, "batch_failed");
  }
  const reportPath = path.join(ctx.workDir, "report.txt");
  await fs.writeFile(reportPath, report(outcomes));
  const outputs = uniqueNames(outcomes.flatMap((o) => o.outputs));
  const done = `Processed ${total - failed.length} of ${total} files one by one.`;
  const notes = failed.length > 0 ? ` Not processed: ${failed.map((o) => `${o.name} (${o.error})`).join("; ")}` : "";
  return {
    files: [...outputs, { path: reportPath, name: "report.txt" }],
    zipName: `${toolId}-batch.zip`,
    message: `${done}${notes} See report.txt in the ZIP.`,
    ...(failed.length > 0 ? { warning: `${failed.length} of ${total} files could not be processed: see report.txt.` } : {}),
  };
}
