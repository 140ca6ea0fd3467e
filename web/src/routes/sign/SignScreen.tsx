import { PenLine } from "lucide-react";
import { useMemo, useState } from "react";
import { findTool, type ToolDefinition } from "../../../../catalog/index.js";
import { SettingsTabs } from "../../components/form/SettingsTabs.js";
import { buttonStyles, cardStyles } from "../../components/ui/styles.js";
import { DropArea } from "../../components/upload/DropArea.js";
import { numberBounds } from "../../lib/option-schema.js";
import { useToolPageMeta } from "../../lib/page-meta.js";
import { toast } from "../../lib/toast-store.js";
import { rulesForTool } from "../../lib/upload-rules.js";
import { usePdfDocument } from "../../lib/use-pdf-document.js";
import type { RunOptions } from "../../lib/use-tool-run.js";
import { bindings } from "../tool/settings/bindings.js";
import { ChosenFileHeader } from "../tool/ChosenFileHeader.js";
import { HowItWorks } from "../tool/HowItWorks.js";
import { ProgressDialog } from "../tool/ProgressDialog.js";
import { ResultCard } from "../tool/ResultCard.js";
import { ToolHeader } from "../tool/ToolHeader.js";
import { useFileTool } from "../tool/use-file-tool.js";
import { AppearanceTab } from "./AppearanceTab.js";
import { PlacementTab } from "./PlacementTab.js";
import { SignatureTab } from "./SignatureTab.js";
import { cssColor } from "./signature-colors.js";
import { missingInput, requestValues } from "./sign-request.js";
import { strokesToPng, type Stroke } from "./strokes.js";
import { useObjectUrl } from "./use-object-url.js";
import { useTimeStampAvailable } from "./use-time-stamp.js";

const STEPS = [
  "Upload the PDF to sign.",
  "Draw, type or upload your signature, or choose your certificate (.pfx or .p12).",
  "Choose the page and drag the signature where it belongs.",
  "Sign, then download the signed PDF.",
];

/** The spec's wording for this screen's outcome; the result waits in its card. */
const RUN_OPTIONS: RunOptions = {
  success: { title: "PDF Signed Successfully", description: "Your signed PDF is ready to download." },
  failureTitle: "Signing failed",
  unexplainedFailure: "Failed to sign PDF",
  failureFallback: "An unknown error occurred",
  autoDownload: false,
};

/** /pdf-sign: sign one PDF with a drawn, typed or image signature or a certificate, placed on a preview of the page. */
export default function SignScreen({ tool }: { tool: ToolDefinition }) {
  useToolPageMeta(tool);
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  // The screen posts to sign-pdf, as the spec's call does; pdf-sign is the same tool under its page's name.
  const fileTool = useFileTool(tool, RUN_OPTIONS, (tool.sameAs && findTool(tool.sameAs)) || tool);
  const { file, values, setValues, state, run, cancel, busy } = fileTool;
  const pdf = usePdfDocument(file);
  const timeStampAvailable = useTimeStampAvailable();
  const bind = bindings(tool.options, values, setValues);
  const bounds = { width: numberBounds(tool.options, "signatureWidth"), height: numberBounds(tool.options, "signatureHeight") };

  const color = cssColor(values.signatureColor);
  const drawing = useMemo(() => (strokes.length > 0 ? strokesToPng(strokes, color) : undefined), [strokes, color]);
  const imageUrl = useObjectUrl(values.signatureImage);
  const markUrl = values.signatureType === "draw" ? drawing : values.signatureType === "image" ? imageUrl : undefined;

  const sign = () => {
    if (!file) {
      toast({ title: "No file selected", description: "Please upload a PDF file to sign", variant: "destructive" });
      return;
    }
    const missing = missingInput(values, strokes.length > 0);
    if (missing) {
      toast({ ...missing, variant: "destructive" });
      return;
    }
    void run([file], requestValues({ ...values, drawSignatureData: drawing }, timeStampAvailable));
  };

  // Changing the file starts over: no file, no result, no drawing, default options.
  const changeFile = () => {
    fileTool.changeFile();
    setStrokes([]);
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <ToolHeader tool={tool} />

      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          {!file ? (
            <DropArea rules={rulesForTool(tool)} />
          ) : (
            <section className={`${cardStyles} p-4 sm:p-6`} aria-labelledby="sign-file">
              <ChosenFileHeader
                file={file}
                headingId="sign-file"
                detail={pdf.status === "ready" ? `${pdf.pageCount} page${pdf.pageCount === 1 ? "" : "s"}` : undefined}
                onChangeFile={changeFile}
                disabled={busy}
              />
              <SettingsTabs
                tabs={[
                  {
                    label: "Signature",
                    content: <SignatureTab tool={tool} values={values} setValues={setValues} bind={bind} strokes={strokes} setStrokes={setStrokes} />,
                  },
                  {
                    label: "Placement",
                    content: <PlacementTab values={values} setValues={setValues} bind={bind} pdf={pdf} bounds={bounds} markUrl={markUrl} />,
                  },
                  {
                    label: "Appearance",
                    content: <AppearanceTab values={values} setValues={setValues} bind={bind} timeStampAvailable={timeStampAvailable} />,
                  },
                ]}
              />
              <button type="button" className={`${buttonStyles.primary} mt-6 w-full`} onClick={sign} disabled={busy}>
                <PenLine className="h-4 w-4" aria-hidden="true" />
                {busy ? "Signing..." : "Sign PDF"}
              </button>
            </section>
          )}

          {state.result?.downloadUrl && <ResultCard title="Signed Document" result={state.result} linkLabel="Download Signed PDF" testId="sign-results" />}
        </div>

        <aside>
          <HowItWorks steps={STEPS} headingId="sign-how" />
        </aside>
      </div>
      <ProgressDialog state={state} onCancel={cancel} />
    </div>
  );
}
