import { FileImage, FileText, Loader2, ScanText } from "lucide-react";
import type { ToolDefinition } from "../../../../catalog/index.js";
import { buttonStyles, cardStyles } from "../../components/ui/styles.js";
import { DropArea } from "../../components/upload/DropArea.js";
import { usePageMeta } from "../../lib/page-meta.js";
import { toast } from "../../lib/toast-store.js";
import { kindOf, rulesForTool } from "../../lib/upload-rules.js";
import type { RunOptions } from "../../lib/use-tool-run.js";
import { ChosenFileHeader } from "../tool/ChosenFileHeader.js";
import { HowItWorks } from "../tool/HowItWorks.js";
import { ProgressDialog } from "../tool/ProgressDialog.js";
import { ResultCard } from "../tool/ResultCard.js";
import { ToolHeader } from "../tool/ToolHeader.js";
import { useFileTool } from "../tool/use-file-tool.js";
import { addOcrFiles, canRead, NOT_READABLE } from "./add-ocr-files.js";
import { OcrSettings } from "./OcrSettings.js";
import { ocrRequestValues } from "./ocr-request.js";

/** The spec's wording for this screen's outcome; the result waits in its card instead of downloading by itself. */
const RUN_OPTIONS: RunOptions = {
  success: { title: "OCR Completed Successfully", description: "Your document is ready to download." },
  failureTitle: "OCR failed",
  unexplainedFailure: "Failed to process OCR",
  failureFallback: "An unknown error occurred",
  autoDownload: false,
};

const STEPS = [
  "Upload a scanned PDF or an image (PDF, JPG, PNG, TIFF, BMP or GIF).",
  "Choose every language the document is written in, and the output you want.",
  "Tesseract reads the pages one by one; pages that already carry text are kept as they are.",
  "Download the result and read what was recognised.",
];

/** /ocr-pdf: upload a PDF or an image, choose languages and output, and download the recognised document. */
export default function OcrScreen({ tool }: { tool: ToolDefinition }) {
  usePageMeta({ title: tool.name, description: tool.description, path: `/${tool.id}` });
  const { file, values, setValues, state, run, cancel, changeFile, busy } = useFileTool(tool, RUN_OPTIONS);

  const runOcr = () => {
    // A file chosen on the home page may be of a kind OCR cannot read.
    if (!file || !canRead(file, tool.accepts)) {
      toast({ title: file ? "Invalid file type" : "No file selected", description: NOT_READABLE, variant: "destructive" });
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
                {busy ? "Running OCR..." : "Run OCR"}
              </button>
            </section>
          )}

          {state.result?.downloadUrl && (
            <ResultCard title="OCR Results" result={state.result} linkLabel="Download OCR Result" testId="ocr-results" />
          )}
        </div>

        <aside>
          <HowItWorks steps={STEPS} headingId="ocr-how" />
        </aside>
      </div>
      <ProgressDialog state={state} onCancel={cancel} />
    </div>
  );
}
