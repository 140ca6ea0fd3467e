import { Download } from "lucide-react";
import { useCallback, useEffect, useMemo, useState } from "react";
import type { ToolDefinition } from "../../../../catalog/index.js";
import { buttonStyles, cardStyles } from "../../components/ui/styles.js";
import { addFiles } from "../../components/upload/add-files.js";
import { DropArea } from "../../components/upload/DropArea.js";
import { FileList } from "../../components/upload/FileList.js";
import { fileStore, useSelectedFiles } from "../../lib/file-store.js";
import { optionDefaults } from "../../lib/option-schema.js";
import { useToolPageMeta } from "../../lib/page-meta.js";
import type { TFunction } from "i18next";
import { useT } from "../../i18n/use-t.js";
import { problemBeforeProcessing } from "../../lib/precheck.js";
import { toast } from "../../lib/toast-store.js";
import { rulesForTool, type UploadRules } from "../../lib/upload-rules.js";
import { useDeviceReady, useToolRun } from "../../lib/use-tool-run.js";
import { isBatchRun, rulesForGenericPage } from "./batch.js";
import { BatchNote } from "./BatchNote.js";
import { ContinueWith } from "./ContinueWith.js";
import { FOCUS_AFTER_RUN, ProgressDialog } from "./ProgressDialog.js";
import { ToolHeader } from "./ToolHeader.js";
import { DeviceFallback } from "./WhereItRuns.js";
import { takesWebAddress, WebAddressForm } from "./WebAddressForm.js";
import { SETTINGS_PANELS } from "./settings/index.js";
import type { Values } from "./settings/types.js";

/** This screen says where each tool runs and offers the server when the device cannot: device tools run here. */
const ON_DEVICE_WHERE_IT_CAN = { allowDevice: true } as const;

export function processLabelOf(tool: ToolDefinition, t: TFunction): string {
  if (tool.processLabel) return t(`tools:${tool.id}.processLabel`);
  return tool.multiple ? t("tool:processFiles") : t("tool:processFile");
}

/** Files chosen elsewhere (on the home page) are checked against this tool's rules when its page opens. */
export function useFilesFitTool(tool: ToolDefinition, rules: UploadRules = rulesForTool(tool)): void {
  const { kinds, maxFiles, maxBytes } = rules;
  useEffect(() => {
    const carried = fileStore.get();
    if (carried.length === 0) return;
    fileStore.clear();
    addFiles(carried, { kinds, maxFiles, maxBytes });
  }, [tool, kinds, maxFiles, maxBytes]);
}

/** The shared screen of every generic tool: upload, settings, a real run with progress, and the download. */
export function ToolPage({ tool }: { tool: ToolDefinition }) {
  const t = useT("tool");
  useToolPageMeta(tool);
  const rules = rulesForGenericPage(tool);
  useFilesFitTool(tool, rules);
  const files = useSelectedFiles();
  const batch = isBatchRun(tool, files);
  const [values, setValuesState] = useState<Values>(() => optionDefaults(tool.options));
  const setValues = useCallback((patch: Values) => setValuesState((current) => ({ ...current, ...patch })), []);
  const { state, run, cancel, runOnServer, prepare } = useToolRun(tool, ON_DEVICE_WHERE_IT_CAN);
  const runValues = useMemo(() => (batch ? { ...values, batch: true } : values), [batch, values]);
  useDeviceReady(prepare, state, files, runValues);
  const Settings = SETTINGS_PANELS[tool.id];

  const process = () => {
    void problemBeforeProcessing(tool, files, values).then((problem) => {
      if (problem) toast({ ...problem, variant: "destructive" });
      else void run(files, runValues);
    });
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <ToolHeader tool={tool} />
      <div className="mt-8">
        {files.length === 0 ? (
          <>
            <DropArea rules={rules} />
            {takesWebAddress(tool) && (
              <WebAddressForm tool={tool} values={values} setValues={setValues} Settings={Settings} busy={state.phase !== "idle"} onPrint={(url) => void run([], { ...values, url })} />
            )}
          </>
        ) : (
          <FileList files={files} rules={rules} title={t("selectedFiles")} processLabel={batch ? t("batch.label") : processLabelOf(tool, t)} onProcess={process} busy={state.phase !== "idle"} sortable={tool.multiple}>
            {batch && <BatchNote tool={tool} count={files.length} />}
            {Settings && <Settings tool={tool} values={values} setValues={setValues} file={files[0]} />}
          </FileList>
        )}
      </div>
      {state.deviceFailure && <DeviceFallback reason={state.deviceFailure} onRunOnServer={runOnServer} />}
      {state.result?.downloadUrl && (
        <section className={`${cardStyles} mt-6 p-4`} aria-live="polite" data-testid="result">
          <p className="text-sm text-slate-800 dark:text-slate-100">{state.result.message ?? t("result.ready")}</p>
          <a href={state.result.downloadUrl} download={state.result.filename} {...FOCUS_AFTER_RUN} className={`${buttonStyles.primary} mt-3`}>
            <Download className="h-4 w-4" aria-hidden="true" />
            {state.result.filename ? t("result.download", { name: state.result.filename }) : t("result.downloadYourFile")}
          </a>
          <ContinueWith reply={state.result} />
        </section>
      )}
      <ProgressDialog state={state} onCancel={cancel} />
    </div>
  );
}
