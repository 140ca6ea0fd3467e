import fs from "node:fs/promises";
import path from "node:path";
import { DEFAULT_LOCALE, type Locale } from "../../catalog/locales.js";
import { AbortedError, EngineFailure, replyForFailure, UserError } from "../errors.js";
import { say } from "../i18n/i18n.js";
import { msg, type Message, type Said, type Text } from "../i18n/message.js";
import type { OutputFile, Processor, ProcessorContext, ProcessorInput, ToolResult } from "../work/types.js";

/**
 * A one-file tool applied to each of several files (`batch=true`): each file runs on its own, in a folder of its own
 * inside the job's, so that one file's failure costs only that file. The outputs come back as one ZIP with a
 * report.txt (in the visitor's language) saying what became of each file; the reply names the files that failed.
 * Only when every file fails does the job fail, with the first file's sentence.
 */

interface Outcome {
  name: string;
  outputs: OutputFile[];
  message?: Said;
  error?: Text;
}

/** What a visitor is told of a file's failure: the sentence of a fault in the file; anything else is ours. */
function sentenceFor(err: unknown, fileName: string): Text | undefined {
  if (err instanceof EngineFailure) return replyForFailure(err, fileName).text;
  if (err instanceof UserError) return err.text;
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

function report(outcomes: readonly Outcome[], locale: Locale): string {
  const lines = outcomes.map((o) => {
    const outputs = o.outputs.map((f) => f.name).join(", ");
    if (o.error) return msg("batch.reportFailed", { name: o.name, error: say(o.error, locale) });
    return o.message ? msg("batch.reportDoneSaid", { name: o.name, outputs, message: say(o.message, locale) }) : msg("batch.reportDone", { name: o.name, outputs });
  });
  return `${lines.map((line) => say(line, locale)).join("\n")}\n`;
}

/** The files that failed, each with its reason, one after the other: "a.pdf (…); b.pdf (…)". */
function failures(failed: readonly Outcome[]): Message {
  const [first, ...rest] = failed.map((o) => msg("batch.failedFile", { name: o.name, error: o.error! }));
  return rest.reduce((earlier, next) => msg("batch.failedFiles", { earlier, next }), first!);
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
      outcomes.push({ name: file.name, outputs: [...result.files, ...(result.extraction?.files ?? [])], message: result.message });
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
    throw new UserError([msg("batch.noneProcessed", { count: total }), msg("batch.firstFailure", { name: failed[0]!.name }), failed[0]!.error!], 422, "batch_failed");
  }
  const reportPath = path.join(ctx.workDir, "report.txt");
  await fs.writeFile(reportPath, report(outcomes, ctx.locale ?? DEFAULT_LOCALE));
  const outputs = uniqueNames(outcomes.flatMap((o) => o.outputs));
  const said: Said[] = [msg("batch.processed", { done: total - failed.length, count: total })];
  if (failed.length > 0) said.push(msg("batch.notProcessed", { files: failures(failed) }));
  said.push(msg("batch.seeReport"));
  return {
    files: [...outputs, { path: reportPath, name: "report.txt" }],
    zipName: `${toolId}-batch.zip`,
    message: said,
    ...(failed.length > 0 ? { warning: msg("batch.someFailed", { failed: failed.length, count: total }) } : {}),
  };
}
