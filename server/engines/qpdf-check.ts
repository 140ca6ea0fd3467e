import { EngineFailure } from "../errors.js";
import { EngineError } from "./process-runner.js";
import { qpdfReading } from "./qpdf.js";
import type { EngineContext } from "./context.js";

/**
 * qpdf --check with its findings kept: the repair tool reports them, where other tools only need to know that a
 * file is readable. Exit 0: sound; 3: readable with warnings (qpdf repaired something on the way); 2: errors.
 */
export interface CheckReport {
  exitCode: number;
  /** qpdf's warning and error lines, without the file name prefix. */
  findings: string[];
}

export async function checkReport(file: string, ctx: EngineContext): Promise<CheckReport> {
  const { exitCode, stdout, stderr } = await qpdfReading(["--check", file], ctx);
  const lines = `${stdout.toString("utf8")}\n${stderr}`.split("\n").map((l) => l.trim());
  // Only qpdf's own complaints: the report's other lines (encryption, "No syntax or stream encoding errors
  // found") describe a sound file.
  const findings = lines
    .filter((l) => /^(WARNING|ERROR|qpdf):/.test(l) && !/^qpdf: operation succeeded with warnings/.test(l))
    .map((l) => l.replace(/^(WARNING: |qpdf: )/, "").replace(`${file}`, "").replace(/^[:\s]+/, ""));
  return { exitCode, findings };
}

/**
 * What `qpdf --check` would answer (0 sound, 3 warnings, 2 errors), found cheaply for the usual, sound file. qpdf
 * 11's --check writes the whole file to nowhere with every stream decoded, and then compresses each decoded stream
 * again for nothing: on pages of photos or scans that zlib work is ten to a hundred times the decoding itself (later
 * qpdf releases dropped it). The same walk with the decoded streams left uncompressed, written to /dev/null, with
 * every page's content parsed (here to find its resources, as --check parses it to find errors), reads all that
 * --check reads and decodes more: flate streams too, which --check copies without decoding. Where it finds nothing
 * the file is sound; where it finds anything, qpdf --check itself gives the verdict, so that a damaged file is
 * judged exactly as before. Not looked at: a linearized file's hint tables, which only help a viewer show the first
 * page sooner (Repair, which can linearize, reports its own --check).
 *
 * Every object the file lists is written (--preserve-unreferenced), not only those reachable from its trailer: it
 * reads all --check reads (resources a page names but never uses, which parsing the content leaves out of what is
 * written, among them) and the few objects nothing refers to besides, and spares the writer its walk of the
 * references. An unreferenced object that does not read is a finding like any other, and qpdf --check then judges
 * the file.
 */
export async function checkVerdict(file: string, ctx: EngineContext): Promise<number> {
  const args = [...VERDICT_WRITING, "--decrypt", "--preserve-unreferenced", file, "--pages", ".", "--", "/dev/null"];
  const run = await qpdfReading(args, ctx);
  if (run.exitCode === 0) return 0;
  return (await checkReport(file, ctx)).exitCode;
}

/** Written to nowhere with every stream decoded and every page's content parsed (see checkVerdict). */
const VERDICT_WRITING = ["--no-warn", "--decode-level=all", "--compress-streams=n", "--remove-unreferenced-resources=yes"];

/**
 * Whether qpdf's merge of `files` (mergeArgs: every page of each, in order, on an empty base) comes out sound, found
 * in one run beside the merge itself rather than a check of each file: the same merge, written to nowhere the way
 * checkVerdict writes one file. It reads what the merge copies, which is what the merged file holds, and decodes and
 * parses it as checkVerdict does: 0 where it found nothing, so that the merged file passes qpdf --check; anything
 * else (a finding, a warning, a file it could not read) is no verdict, and the merged file is then checked itself.
 * One thing the merge may copy is not written here: resources a page names but its content never uses, which
 * parsing the content leaves out; qpdf --check does not decode a picture's data, and an unused form whose
 * data does not decode fails the parse, so is no verdict.
 */
export async function mergeVerdict(files: readonly string[], ctx: EngineContext): Promise<number | undefined> {
  const args = [...VERDICT_WRITING, "--empty", "--pages", ...files.flatMap((file) => [file, "1-z"]), "--", "/dev/null"];
  try {
    return (await qpdfReading(args, ctx)).exitCode === 0 ? 0 : undefined;
  } catch (err) {
    if (err instanceof EngineError || err instanceof EngineFailure) return undefined;
    throw err;
  }
}

