import fs from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { runProcess } from "./process-runner.js";
import { qpdfFailure } from "./qpdf.js";
import type { EngineContext } from "./context.js";
import type { QpdfJob } from "../../pdf-ops/qpdf-args.js";

/**
 * Runs qpdf from a JSON job file instead of command-line arguments. Used wherever a password is involved:
 * a password on the command line is visible to every local user in the process list, and qpdf 11.3 cannot take
 * a password that starts with "-" as a positional argument. In JSON any string is just a string.
 * The job file lives in the job's work folder (mode 0600) and goes with it.
 */

export type { QpdfJob };

export interface QpdfJobResult {
  exitCode: number;
  stdout: string;
}

export async function runQpdfJob(
  job: QpdfJob,
  ctx: EngineContext,
  okExitCodes: readonly number[] = [0, 3],
): Promise<QpdfJobResult> {
  const jobFile = path.join(ctx.workDir, `qpdf-job-${randomBytes(6).toString("hex")}.json`);
  await fs.writeFile(jobFile, JSON.stringify(job), { mode: 0o600 });
  try {
    const { exitCode, stdout } = await runProcess({
      engine: "qpdf",
      command: "qpdf",
      args: ["--no-warn", `--job-json-file=${jobFile}`],
      cwd: ctx.workDir,
      timeoutMs: ctx.timeoutMs,
      signal: ctx.signal,
      okExitCodes,
    });
    return { exitCode, stdout: stdout.toString("utf8") };
  } catch (err) {
    throw qpdfFailure(err, job.password !== undefined);
  } finally {
    await fs.rm(jobFile, { force: true });
  }
}
