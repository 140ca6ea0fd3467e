import { runProcess } from "./process-runner.js";
import type { EngineContext } from "./context.js";

/**
 * The font families installed on this server, as fontconfig lists them (lower case). LibreOffice can embed only
 * these: a font that exists only inside a PDF cannot be embedded into a rebuilt document, whatever is asked.
 * Read once per process; undefined when fontconfig could not be asked (callers then assume any font might be there).
 */
let installed: Promise<ReadonlySet<string> | undefined> | undefined;

export function installedFontFamilies(ctx: EngineContext): Promise<ReadonlySet<string> | undefined> {
  installed ??= runProcess({ engine: "fontconfig", command: "fc-list", args: [":", "family"], cwd: ctx.workDir, timeoutMs: Math.min(ctx.timeoutMs, 30_000) })
    .then(({ stdout }) => {
      const families = new Set<string>();
      for (const line of stdout.toString("utf8").split("\n")) {
        for (const name of line.split(",")) if (name.trim()) families.add(name.trim().toLowerCase());
      }
      return families;
    })
    .catch(() => {
      // Asked again next time: a missing or failing fc-list is no reason to stop embedding for good.
      installed = undefined;
      return undefined;
    });
  return installed;
}
