import type { EngineContext } from "../engines/context.js";
import { EngineError } from "../engines/process-runner.js";
import { checkVerdict } from "../engines/qpdf-check.js";
import { EngineFailure } from "../errors.js";
import type { ProcessorContext } from "../work/types.js";

/** The verdict for a file whose check could not run to the end: its copies answer for themselves. */
const UNCHECKED = 2;

/**
 * The job's check of an upload, for tools whose results are qpdf copies of it: started by the first step that asks
 * for it and recorded in the job's checkedPdfs at once, so that every later step (the careful way after a quick path
 * gave way) takes up the same check rather than running it again. Its verdict (0 sound, 3 warnings, 2 errors or not
 * checked to the end) is where the outputs' soundness takes it, while the tool's own work goes on beside it. A
 * failure meanwhile is no unhandled rejection: whoever awaits it hears of it, and the job awaits every check before
 * it ends.
 */
export function checkOnTheWayIn(file: string, ctx: EngineContext & Pick<ProcessorContext, "checkedPdfs">): Promise<number> {
  const started = ctx.checkedPdfs?.get(file);
  if (started) return started;
  const checking = checkVerdict(file, ctx).catch((err: unknown) => {
    if (err instanceof EngineError || err instanceof EngineFailure) return UNCHECKED;
    throw err;
  });
  checking.catch(() => undefined);
  ctx.checkedPdfs?.set(file, checking);
  return checking;
}
