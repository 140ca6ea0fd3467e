import { EngineFailure } from "../errors.js";
import { runProcess } from "./process-runner.js";
import { qpdfFailure } from "./qpdf.js";
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
  try {
    const { exitCode, stdout, stderr } = await runProcess({
      engine: "qpdf",
      command: "qpdf",
      args: ["--check", file],
      cwd: ctx.workDir,
      timeoutMs: ctx.timeoutMs,
      signal: ctx.signal,
      okExitCodes: [0, 2, 3],
    });
    // Exit 2 is also how qpdf says that the file needs a password.
    if (exitCode === 2 && /invalid password/.test(stderr)) throw new EngineFailure("encrypted", "qpdf", stderr);
    const lines = `${stdout.toString("utf8")}\n${stderr}`.split("\n").map((l) => l.trim());
    // Only qpdf's own complaints: the report's other lines (encryption, "No syntax or stream encoding errors
    // found") describe a sound file.
    const findings = lines
      .filter((l) => /^(WARNING|ERROR|qpdf):/.test(l) && !/^qpdf: operation succeeded with warnings/.test(l))
      .map((l) => l.replace(/^(WARNING: |qpdf: )/, "").replace(`${file}`, "").replace(/^[:\s]+/, ""));
    return { exitCode, findings };
  } catch (err) {
    throw qpdfFailure(err, false);
  }
}
