import { PenLine } from "lucide-react";
import { useMemo, useState } from "react";
import { findTool, type ToolDefinition } from "../../../../catalog/index.js";
import { SettingsTabs } from "../../components/form/SettingsTabs.js";
import { buttonStyles, cardStyles } from "../../components/ui/styles.js";
import { DropArea } from "../../components/upload/DropArea.js";
import { numberBounds } from "../../lib/option-schema.js";
import { useToolPageMeta } from "../../lib/page-meta.js";
import { useT } from "../../i18n/use-t.js";
import { toast } from "../../lib/toast-store.js";
import { rulesForTool } from "../../lib/upload-rules.js";
import { usePdfDocument } from "../../lib/use-pdf-document.js";
import { bindings } from "../tool/settings/bindings.js";
import { ChosenFileHeader } from "../tool/ChosenFileHeader.js";
import { HowItWorks, stepsOf } from "../tool/HowItWorks.js";
import { ProgressDialog } from "../tool/ProgressDialog.js";
import { ResultCard } from "../tool/ResultCard.js";
import { ToolHeader } from "../tool/ToolHeader.js";
import { DeviceFallback } from "../tool/WhereItRuns.js";
import { useFileTool } from "../tool/use-file-tool.js";
import { AppearanceTab } from "./AppearanceTab.js";
import { PlacementTab } from "./PlacementTab.js";
import { SignatureTab } from "./SignatureTab.js";
import { cssColor } from "./signature-colors.js";
import { missingInput, requestValues } from "./sign-request.js";
import { strokesToPng, type Stroke } from "./strokes.js";
import { useObjectUrl } from "./use-object-url.js";
import { useTimeStampAvailable } from "./use-time-stamp.js";
import { useScreenRunOptions } from "../tool/screen-run-options.js";

const STEPS = 4;

/** /pdf-sign: sign one PDF with a drawn, typed or image signature or a certificate, placed on a preview of the page. */
export default function SignScreen({ tool }: { tool: ToolDefinition }) {
  useToolPageMeta(tool);
  const t = useT("tool");
  // The spec's wording for this screen's outcome; the result waits in its card.
  const runOptions = useScreenRunOptions("sign", { fallback: "sign.run.unknown", allowDevice: true });
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  // The screen posts to sign-pdf, as the spec's call does; pdf-sign is the same tool under its page's name.
  const fileTool = useFileTool(tool, runOptions, (tool.sameAs && findTool(tool.sameAs)) || tool);
  const { file, values, setValues, state, run, cancel, runOnServer, busy } = fileTool;
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
      toast({ title: t("sign.noFile"), description: t("sign.noFileText"), variant: "destructive" });
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
      {/* A certificate signature is made on the server: the notice follows the chosen method. */}
      <ToolHeader tool={tool} values={values} />

      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          {!file ? (
            <DropArea rules={rulesForTool(tool)} />
          ) : (
            <section className={`${cardStyles} p-4 sm:p-6`} aria-labelledby="sign-file">
              <ChosenFileHeader
                file={file}
                headingId="sign-file"
                detail={pdf.status === "ready" ? t("common:upload.pages", { count: pdf.pageCount }) : undefined}
                onChangeFile={changeFile}
                disabled={busy}
              />
              <SettingsTabs
                tabs={[
                  {
                    label: t("sign.tabs.signature"),
                    content: <SignatureTab tool={tool} values={values} setValues={setValues} bind={bind} strokes={strokes} setStrokes={setStrokes} />,
                  },
                  {
                    label: t("sign.tabs.placement"),
                    content: <PlacementTab values={values} setValues={setValues} bind={bind} pdf={pdf} bounds={bounds} markUrl={markUrl} />,
                  },
                  {
                    label: t("tabs.appearance"),
                    content: <AppearanceTab values={values} setValues={setValues} bind={bind} timeStampAvailable={timeStampAvailable} />,
                  },
                ]}
              />
              <button type="button" className={`${buttonStyles.primary} mt-6 w-full`} onClick={sign} disabled={busy}>
                <PenLine className="h-4 w-4" aria-hidden="true" />
                {busy ? t("sign.busy") : t("sign.button")}
              </button>
            </section>
          )}

          {state.deviceFailure && <DeviceFallback reason={state.deviceFailure} onRunOnServer={runOnServer} />}
          {state.result?.downloadUrl && <ResultCard title={t("sign.resultTitle")} result={state.result} linkLabel={t("sign.download")} testId="sign-results" />}
        </div>

        <aside>
          <HowItWorks steps={stepsOf(t, "sign.how", STEPS)} headingId="sign-how" />
        </aside>
      </div>
      <ProgressDialog state={state} onCancel={cancel} />
    </div>
  );
}
