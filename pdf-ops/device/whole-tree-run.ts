import { EngineFailure } from "../errors.js";
import { sessionWith } from "./open.js";
import type { DeviceContext, DeviceInput } from "./operation.js";
import { inputPath, type QpdfOutcome, type QpdfRun, type QpdfSession } from "./qpdf-wasm.js";

/**
 * One qpdf run over every page of a visitor's file that also checks its page tree, as the server's
 * everyPageInOneRun does: the run rebuilds the tree from the pages it walks (`--pages . 1-z`), so that a tree which
 * loops, lists a page twice or states a wrong /Count makes qpdf fail or warn. This spares the separate look at the
 * page tree that openOnDevice takes, a pass over every page that the tool's own run makes anyway. `use` reads the
 * outcome; where qpdf said anything at all (or fails in `use`), the answer is undefined and the caller opens the file
 * the careful way, which answers with the server's sentences.
 */
export async function wholeTreeRun<T>(
  file: DeviceInput,
  ctx: DeviceContext,
  run: (input: string) => Omit<QpdfRun, "warnings">,
  use: (outcome: QpdfOutcome, session: QpdfSession) => Promise<T | undefined>,
): Promise<T | undefined> {
  const { session, inputs } = await sessionWith([file], ctx);
  try {
    const outcome = await session.run({ ...run(inputPath((await inputs[0]!).key)), warnings: true });
    if (outcome.exitCode !== 0 || outcome.stderr.trim() !== "") return undefined;
    return await use(outcome, session);
  } catch (err) {
    if (err instanceof EngineFailure) return undefined;
    throw err;
  }
}
