import { CheckCircle2, Download, Files, RotateCcw, Sparkles } from "lucide-react";
import type { ToolDefinition } from "../../../../catalog/index.js";
import { buttonStyles, cardStyles, mutedText } from "../../components/ui/styles.js";
import { DropArea } from "../../components/upload/DropArea.js";
import { FileList } from "../../components/upload/FileList.js";
import { fileStore, useSelectedFiles } from "../../lib/file-store.js";
import { optionDefaults } from "../../lib/option-schema.js";
import { useT } from "../../i18n/use-t.js";
import { useToolPageMeta } from "../../lib/page-meta.js";
import { problemBeforeProcessing } from "../../lib/precheck.js";
import { toast } from "../../lib/toast-store.js";
import { rulesForTool } from "../../lib/upload-rules.js";
import { useToolRun, type RunOptions } from "../../lib/use-tool-run.js";
import { OptionSections } from "../convert/OptionSections.js";
import { targetName } from "../convert/format-groups.js";
import { ScanNote } from "../convert/ScanNote.js";
import { useOptionValues } from "../convert/use-option-values.js";
import { ProgressDialog } from "../tool/ProgressDialog.js";
import { ToolHeader } from "../tool/ToolHeader.js";
import { processLabelOf, useFilesFitTool } from "../tool/ToolPage.js";

/** The result waits on the Processing Complete screen, where Download opens it. */
const RUN_OPTIONS: RunOptions = { autoDownload: false };

const PRESERVED = [
  "Paragraphs flow as real paragraphs, not one text box per line, so the text can be edited and reflows.",
  "Headings, lists and tables are rebuilt as Word headings, lists and tables.",
  "Fonts, sizes, bold, italic and colours are kept; pictures keep their place in the text.",
];

/** /pdf-to-word: the generic upload, settings, processing, Processing Complete flow, for up to 20 PDFs at once. */
export default function PdfToWordScreen({ tool }: { tool: ToolDefinition }) {
  useToolPageMeta(tool);
  const t = useT("tool");
  useFilesFitTool(tool);
  const files = useSelectedFiles();
  const rules = rulesForTool(tool);
  const { values, setValues, replaceValues } = useOptionValues(() => optionDefaults(tool.options));
  const { state, run, cancel, reset } = useToolRun(tool, RUN_OPTIONS);
  const result = state.result?.downloadUrl ? state.result : undefined;

  const process = () => {
    const problem = problemBeforeProcessing(tool, files, values);
    if (problem) toast({ ...problem, variant: "destructive" });
    else void run(files, values);
  };

  const processAnother = () => {
    fileStore.clear();
    reset();
    replaceValues(optionDefaults(tool.options));
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <ToolHeader tool={tool} />
      <div className="mt-8">
        {result ? (
          <section className={`${cardStyles} p-6 text-center sm:p-10`} aria-live="polite" data-testid="processing-complete">
            <CheckCircle2 className="mx-auto h-12 w-12 text-green-600 dark:text-green-400" aria-hidden="true" />
            <h2 className="mt-3 text-2xl font-bold text-slate-900 dark:text-white">Processing Complete</h2>
            <p className={`mx-auto mt-2 max-w-2xl text-sm ${mutedText}`}>{result.message}</p>
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              <a href={result.downloadUrl} download={result.filename} target="_blank" rel="noopener" className={buttonStyles.primary}>
                <Download className="h-4 w-4" aria-hidden="true" />
                Download
              </a>
              <button type="button" onClick={processAnother} className={buttonStyles.secondary}>
                <RotateCcw className="h-4 w-4" aria-hidden="true" />
                Process Another File
              </button>
            </div>
            <p className={`mt-3 text-xs ${mutedText}`}>{result.filename}</p>
          </section>
        ) : files.length === 0 ? (
          <DropArea rules={rules} />
        ) : (
          <FileList files={files} rules={rules} title={t("selectedFiles")} processLabel={processLabelOf(tool, t)} onProcess={process} busy={state.phase !== "idle"}>
            <OptionSections tool={tool} target={targetName(tool)} values={values} setValues={setValues} />
          </FileList>
        )}
      </div>

      <div className="mt-10 grid gap-6 md:grid-cols-2">
        <section className={`${cardStyles} p-4 sm:p-6`} aria-labelledby="word-preservation">
          <h2 id="word-preservation" className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
            <Sparkles className="h-5 w-5 text-indigo-600 dark:text-indigo-400" aria-hidden="true" />
            Intelligent content preservation
          </h2>
          <ul className={`mt-3 list-disc space-y-1 ps-5 text-sm ${mutedText}`}>
            {PRESERVED.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <ScanNote toolId={tool.id} />
        </section>
        <section className={`${cardStyles} p-4 sm:p-6`} aria-labelledby="word-batch">
          <h2 id="word-batch" className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
            <Files className="h-5 w-5 text-indigo-600 dark:text-indigo-400" aria-hidden="true" />
            Batch processing
          </h2>
          <p className={`mt-3 text-sm ${mutedText}`}>
            Add up to {tool.maxFiles} PDFs at once. Each becomes its own Word document, and several come together in one ZIP
            file, named after the PDFs they came from.
          </p>
        </section>
      </div>
      <ProgressDialog state={state} onCancel={cancel} />
    </div>
  );
}
