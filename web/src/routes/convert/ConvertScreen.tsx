import { RefreshCw } from "lucide-react";
import { useState } from "react";
import type { FormatKey, ToolDefinition } from "../../../../catalog/index.js";
import { buttonStyles, cardStyles } from "../../components/ui/styles.js";
import { DropArea } from "../../components/upload/DropArea.js";
import { FileList } from "../../components/upload/FileList.js";
import { fileStore, useSelectedFiles } from "../../lib/file-store.js";
import { useToolPageMeta } from "../../lib/page-meta.js";
import { problemBeforeProcessing } from "../../lib/precheck.js";
import { toast } from "../../lib/toast-store.js";
import { rulesForTool } from "../../lib/upload-rules.js";
import { useToolRun, type RunOptions } from "../../lib/use-tool-run.js";
import { ProgressDialog } from "../tool/ProgressDialog.js";
import { ResultCard } from "../tool/ResultCard.js";
import { ToolHeader } from "../tool/ToolHeader.js";
import { useFilesFitTool } from "../tool/ToolPage.js";
import { DEFAULT_FORMAT, formatTool, targetName } from "./format-groups.js";
import { FormatPicker } from "./FormatPicker.js";
import { OptionSections } from "./OptionSections.js";
import { ScanNote } from "./ScanNote.js";
import { valuesForFormat } from "./option-fields.js";
import { useOptionValues } from "./use-option-values.js";

/** The spec's wording; the result downloads by itself half a second after the server is done. */
const RUN_OPTIONS: RunOptions = {
  success: { title: "Conversion complete", description: "Your download starts by itself." },
  failureTitle: "Conversion failed",
  failureFallback: "An unexpected error occurred",
};

/**
 * /convert-pdf: pick one of the formats, add the files that format takes, set its options, convert. Each format
 * is its own catalogue tool, posted to its own key; the accepted files, how many, and the options all follow
 * the chosen format.
 */
export default function ConvertScreen({ tool }: { tool: ToolDefinition }) {
  useToolPageMeta(tool);
  const [format, setFormat] = useState<FormatKey>(DEFAULT_FORMAT);
  const target = formatTool(format);
  useFilesFitTool(target);
  const files = useSelectedFiles();
  const rules = rulesForTool(target);
  const { values, setValues, replaceValues } = useOptionValues(() => valuesForFormat(target, {}));
  const { state, run, cancel, reset } = useToolRun(target, RUN_OPTIONS);
  const convertLabel = `Convert to ${targetName(target)}`;

  // Another format takes other files, so the list starts empty; settings both formats have are kept.
  const chooseFormat = (next: FormatKey) => {
    if (next === format) return;
    fileStore.clear();
    reset();
    setFormat(next);
    replaceValues((current) => valuesForFormat(formatTool(next), current, target));
  };

  const convert = () => {
    if (files.length === 0) {
      toast({ title: "No files selected", description: "Please upload at least one file to convert.", variant: "destructive" });
      return;
    }
    const problem = problemBeforeProcessing(target, files, values);
    if (problem) toast({ ...problem, variant: "destructive" });
    else void run(files, values);
  };

  const options = <OptionSections tool={target} target={targetName(target)} values={values} setValues={setValues} />;
  const busy = state.phase !== "idle";

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <ToolHeader tool={tool} />

      <section className={`${cardStyles} mt-8 p-4 sm:p-6`} aria-labelledby="convert-format">
        <h2 id="convert-format" className="mb-4 text-lg font-semibold text-slate-900 dark:text-white">
          Choose a format
        </h2>
        <FormatPicker value={format} onChange={chooseFormat} />
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-300" data-testid="format-description">
          <span className="font-medium text-slate-900 dark:text-white">{target.name}:</span> {target.description}
        </p>
        {target.accepts.includes("pdf") && <ScanNote toolId={target.id} />}
      </section>

      <div className="mt-6">
        {files.length === 0 ? (
          <>
            <DropArea rules={rules} />
            <section className={`${cardStyles} mt-6 p-4 sm:p-6`} aria-labelledby="convert-options">
              <h2 id="convert-options" className="text-lg font-semibold text-slate-900 dark:text-white">
                Options
              </h2>
              {options}
              <button type="button" onClick={convert} disabled={busy} className={`${buttonStyles.primary} mt-4 w-full py-3 text-base`}>
                <RefreshCw className="h-4 w-4" aria-hidden="true" />
                {convertLabel}
              </button>
            </section>
          </>
        ) : (
          <FileList files={files} rules={rules} title="Selected Files" processLabel={convertLabel} onProcess={convert} busy={busy} sortable={target.multiple}>
            {options}
          </FileList>
        )}
      </div>

      {state.result?.downloadUrl && (
        <ResultCard title="Conversion complete" result={state.result} linkLabel={`Download ${state.result.filename ?? "again"}`} testId="convert-result" />
      )}
      <ProgressDialog state={state} onCancel={cancel} />
    </div>
  );
}
