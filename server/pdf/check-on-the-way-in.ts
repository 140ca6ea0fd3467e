import type { EngineContext } from "../engines/context.js";
import { EngineError } from "../engines/process-runner.js";
import { checkVerdict } from "../engines/qpdf-check.js";
import { EngineFailure } from "../errors.js";

/** The verdict for a file whose check could not run to the end: its copies answer for themselves. */
const UNCHECKED = 2;

/**
 * Starts qpdf's check of an upload, for tools whose results are qpdf copies of it: its verdict (0 sound, 3 warnings,
 * 2 errors or not checked to the end) goes into the job's checkedPdfs, where the outputs' soundness takes it, while
 * the tool's own work goes on beside it. A failure meanwhile is no unhandled rejection: whoever awaits it hears of it,
 * and the job awaits every check before it ends.
 */
export function checkOnTheWayIn(file: string, ctx: EngineContext): Promise<number> {
  const checking = checkVerdict(file, ctx).catch((err: unknown) => {
    if (err instanceof EngineError || err instanceof EngineFailure) return UNCHECKED;
    throw err;
  });
  checking.catch(() => undefined);
  return checking;
}
