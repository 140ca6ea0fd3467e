import { FileImage, FileText, Loader2, ScanText } from "lucide-react";
import type { ToolDefinition } from "../../../../catalog/index.js";
import { buttonStyles, cardStyles } from "../../components/ui/styles.js";
import { DropArea } from "../../components/upload/DropArea.js";
import { usePageMeta } from "../../lib/page-meta.js";
import { toast } from "../../lib/toast-store.js";
import { kindOf, rulesForTool } from "../../lib/upload-rules.js";
import { ChosenFileHeader } from "../tool/ChosenFileHeader.js";
import { HowItWorks, stepsOf } from "../tool/HowItWorks.js";
import { ProgressDialog } from "../tool/ProgressDialog.js";
import { ResultCard } from "../tool/ResultCard.js";
import { ToolHeader } from "../tool/ToolHeader.js";
import { useFileTool } from "../tool/use-file-tool.js";
import { addOcrFiles, canRead, notReadable } from "./add-ocr-files.js";
import { OcrSettings } from "./OcrSettings.js";
import { ocrRequestValues } from "./ocr-request.js";
import { useT } from "../../i18n/use-t.js";
import { useScreenRunOptions } from "../tool/screen-run-options.js";

const STEPS = 4;

/** /ocr-pdf: upload a PDF or an image, choose languages and output, and download the recognised document. */
export default function OcrScreen({ tool }: { tool: ToolDefinition }) {
  const t = useT("tool");
  usePageMeta({ title: t(`tools:${tool.id}.name`), description: t(`tools:${tool.id}.description`), path: `/${tool.id}` });
  // The spec's wording for this screen's outcome; the result waits in its card instead of downloading by itself.
  const runOptions = useScreenRunOptions("ocr", { fallback: "sign.run.unknown" });
  const { file, values, setValues, state, run, cancel, changeFile, busy } = useFileTool(tool, runOptions);

  const runOcr = () => {
    // A file chosen on the home page may be of a kind OCR cannot read.
    if (!file || !canRead(file, tool.accepts)) {
      toast({ title: file ? t("choosePdf.invalidType") : t("sign.noFile"), description: notReadable(), variant: "destructive" });
      return;
    }
    void run([file], ocrRequestValues(values));
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <ToolHeader tool={tool} />

      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          {!file ? (
            <DropArea rules={rulesForTool(tool)} onFiles={addOcrFiles} />
          ) : (
            <section className={`${cardStyles} p-4 sm:p-6`} aria-labelledby="ocr-file">
              <ChosenFileHeader file={file} headingId="ocr-file" onChangeFile={changeFile} disabled={busy} Icon={kindOf(file) === "pdf" ? FileText : FileImage} />
              <OcrSettings values={values} setValues={setValues} />
              <button type="button" className={`${buttonStyles.primary} mt-6 w-full`} onClick={runOcr} disabled={busy}>
                {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <ScanText className="h-4 w-4" aria-hidden="true" />}
                {busy ? t("ocr.busy") : t("ocr.button")}
              </button>
            </section>
          )}

          {state.result?.downloadUrl && (
            <ResultCard title={t("ocr.resultTitle")} result={state.result} linkLabel={t("ocr.download")} testId="ocr-results" />
          )}
        </div>

        <aside>
          <HowItWorks steps={stepsOf(t, "ocr.how", STEPS)} headingId="ocr-how" />
        </aside>
      </div>
      <ProgressDialog state={state} onCancel={cancel} />
    </div>
  );
}
