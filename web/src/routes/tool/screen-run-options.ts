import { useMemo } from "react";
import { i18n } from "../../i18n/i18n.js";
import { useT } from "../../i18n/use-t.js";
import type { RunOptions } from "../../lib/use-tool-run.js";

/**
 * A dedicated screen's run options in the page's language, from tool:<screen>.run: success and successText, failure,
 * and where the catalogue has them failed (the failure without a sentence from the server) and partial. `fallback`
 * is the key of the sentence for an unexpected error; the result waits in its card unless `autoDownload` says so.
 * `allowDevice`: the screen shows where it runs and the offer of the server when the device fails (see RunOptions).
 */
export function useScreenRunOptions(
  screen: string,
  { fallback, autoDownload = false, allowDevice = false }: { fallback?: string; autoDownload?: boolean; allowDevice?: boolean } = {},
): RunOptions {
  const t = useT("tool");
  return useMemo(() => {
    const text = (name: string) => (i18n.exists(`tool:${screen}.run.${name}`) ? t(`${screen}.run.${name}`) : undefined);
    const options: RunOptions = {
      success: { title: t(`${screen}.run.success`), description: t(`${screen}.run.successText`) },
      failureTitle: t(`${screen}.run.failure`),
      autoDownload,
      allowDevice,
    };
    const failed = text("failed");
    const partial = text("partial");
    if (failed) options.unexplainedFailure = failed;
    if (partial) options.partialTitle = partial;
    if (fallback) options.failureFallback = t(fallback);
    return options;
  }, [t, screen, fallback, autoDownload, allowDevice]);
}
