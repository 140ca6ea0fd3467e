import { Download, FileDiff } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import type { ToolDefinition } from "../../../../catalog/index.js";
import { buttonStyles, cardStyles, mutedText } from "../../components/ui/styles.js";
import { DropArea } from "../../components/upload/DropArea.js";
import { fileStore, useSelectedFiles } from "../../lib/file-store.js";
import { optionDefaults } from "../../lib/option-schema.js";
import { usePageMeta } from "../../lib/page-meta.js";
import { useT } from "../../i18n/use-t.js";
import { toast } from "../../lib/toast-store.js";
import { kindOf, rulesForTool } from "../../lib/upload-rules.js";
import { useToolRun } from "../../lib/use-tool-run.js";
import { HowItWorks, stepsOf } from "../tool/HowItWorks.js";
import { FOCUS_AFTER_RUN, ProgressDialog } from "../tool/ProgressDialog.js";
import { SchemaSettings } from "../tool/settings/SchemaSettings.js";
import type { Values } from "../tool/settings/types.js";
import { ToolHeader } from "../tool/ToolHeader.js";
import { ComparisonView } from "./ComparisonView.js";
import { FileSlots } from "./FileSlots.js";
import { useCompareReport } from "./use-compare-report.js";
import { useScreenRunOptions } from "../tool/screen-run-options.js";

const STEPS = 4;

/** /compare-pdf: two PDFs, old and new, compared on the server and shown side by side with their changes marked. */
export default function CompareScreen({ tool }: { tool: ToolDefinition }) {
  const t = useT("tool");
  usePageMeta({ title: t(`tools:${tool.id}.name`), description: t(`tools:${tool.id}.description`), path: `/${tool.id}` });
  const runOptions = useScreenRunOptions("compare");
  // The selection is shared with the home page: its PDFs, in order, are the old and the new version.
  const selected = useSelectedFiles();
  const slots = selected.map((file, index) => ({ file, index })).filter(({ file }) => kindOf(file) === "pdf");
  const oldFile = slots[0]?.file;
  const newFile = slots[1]?.file;
  const [values, setValuesState] = useState<Values>(() => optionDefaults(tool.options));
  const setValues = useCallback((patch: Values) => setValuesState((current) => ({ ...current, ...patch })), []);
  const { state, run, cancel, reset } = useToolRun(tool, runOptions);
  const busy = state.phase !== "idle";
  // The files the shown result was made from: other files, or the same ones swapped, make it stale.
  const [compared, setCompared] = useState<{ old: File; new: File }>();
  const report = useCompareReport(compared?.old === oldFile && compared?.new === newFile ? state.result : undefined);

  useEffect(() => {
    if (compared && (compared.old !== oldFile || compared.new !== newFile)) {
      setCompared(undefined);
      reset();
    }
  }, [compared, oldFile, newFile, reset]);

  const compare = () => {
    if (!oldFile || !newFile) {
      toast({ title: t("compare.twoNeeded"), description: t(`tools:${tool.id}.minFilesMessage`), variant: "destructive" });
      return;
    }
    setCompared({ old: oldFile, new: newFile });
    void run([oldFile, newFile], values);
  };

  const result = state.result;
  const [pdfId, jsonId] = result?.fileIds ?? [];

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <ToolHeader tool={tool} />

      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <section className={`${cardStyles} space-y-4 p-4 sm:p-6 lg:col-span-2`} aria-labelledby="compare-files">
          <h2 id="compare-files" className="font-semibold text-slate-900 dark:text-white">
            {t("compare.files")}
          </h2>
          <FileSlots
            files={[oldFile, newFile]}
            disabled={busy}
            onRemove={(slot) => fileStore.removeAt(slots[slot]!.index)}
            onSwap={() => fileStore.move(slots[1]!.index, slots[0]!.index)}
          />
          {slots.length < 2 && <DropArea rules={rulesForTool(tool)} />}
          <SchemaSettings tool={tool} values={values} setValues={setValues} file={oldFile} />
          <button type="button" className={`${buttonStyles.primary} w-full`} onClick={compare} disabled={busy || !oldFile || !newFile}>
            <FileDiff className="h-4 w-4" aria-hidden="true" />
            {busy ? t("compare.busy") : t("compare.button")}
          </button>
        </section>
        <aside>
          <HowItWorks steps={stepsOf(t, "compare.how", STEPS)} headingId="compare-how" />
        </aside>
      </div>

      {result?.success && compared && report.status !== "none" && (
        <section className={`${cardStyles} mt-6 p-4 sm:p-6`} aria-labelledby="compare-result" data-testid="compare-result">
          <h2 id="compare-result" className="text-lg font-semibold text-slate-900 dark:text-white">
            {t("compare.resultTitle")}
          </h2>
          <p className="mt-2 text-sm text-slate-800 dark:text-slate-100" aria-live="polite">
            {result.message}
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            {pdfId && (
              <a href={`/api/download/${encodeURIComponent(pdfId)}`} download="report.pdf" className={buttonStyles.primary} {...FOCUS_AFTER_RUN}>
                <Download className="h-4 w-4" aria-hidden="true" />
                {t("compare.downloadPdf")}
              </a>
            )}
            {jsonId && (
              <a href={`/api/download/${encodeURIComponent(jsonId)}`} download="report.json" className={buttonStyles.secondary}>
                <Download className="h-4 w-4" aria-hidden="true" />
                {t("compare.downloadJson")}
              </a>
            )}
            {result.downloadUrl && (
              <a href={result.downloadUrl} download={result.filename} className={buttonStyles.secondary}>
                <Download className="h-4 w-4" aria-hidden="true" />
                {t("compare.downloadZip")}
              </a>
            )}
          </div>
          {report.status === "loading" && <p className={`mt-4 text-sm ${mutedText}`}>{t("compare.loading")}</p>}
          {report.status === "error" && <p className="mt-4 text-sm text-red-700 dark:text-red-300">{report.message}</p>}
          {report.status === "ready" && <ComparisonView report={report.report} oldFile={compared.old} newFile={compared.new} />}
        </section>
      )}
      <ProgressDialog state={state} onCancel={cancel} />
    </div>
  );
}
