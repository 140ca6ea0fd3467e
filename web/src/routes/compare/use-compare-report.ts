import { i18n } from "../../i18n/i18n.js";
import { useEffect, useState } from "react";
import type { CompareReport } from "../../../../catalog/compare-report.js";
import type { ProcessReply } from "../../lib/jobs-api.js";

export type ReportState = { status: "none" } | { status: "loading" } | { status: "ready"; report: CompareReport } | { status: "error"; message: string };

/** The comparison's report.json, fetched by its id: the reply names report.pdf, then report.json. */
export function useCompareReport(result: ProcessReply | undefined): ReportState {
  const jsonId = result?.fileIds?.[1];
  const [state, setState] = useState<ReportState>({ status: "none" });
  useEffect(() => {
    if (!jsonId) {
      setState({ status: "none" });
      return;
    }
    const abort = new AbortController();
    setState({ status: "loading" });
    fetch(`/api/download/${encodeURIComponent(jsonId)}`, { signal: abort.signal, credentials: "include" })
      .then(async (response) => {
        if (!response.ok) throw new Error(i18n.t("tool:compare.loadFailedStatus", { status: response.status }));
        setState({ status: "ready", report: (await response.json()) as CompareReport });
      })
      .catch((error: unknown) => {
        if (!abort.signal.aborted) setState({ status: "error", message: error instanceof Error ? error.message : i18n.t("tool:compare.loadFailed") });
      });
    return () => abort.abort();
  }, [jsonId]);
  return state;
}
