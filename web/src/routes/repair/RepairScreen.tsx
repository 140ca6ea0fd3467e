import { AlertTriangle, Wrench } from "lucide-react";
import type { ToolDefinition } from "../../../../catalog/index.js";
import { SettingsTabs } from "../../components/form/SettingsTabs.js";
import { buttonStyles, cardStyles } from "../../components/ui/styles.js";
import { DropArea } from "../../components/upload/DropArea.js";
import { useToolPageMeta } from "../../lib/page-meta.js";
import { toast } from "../../lib/toast-store.js";
import { rulesForTool } from "../../lib/upload-rules.js";
import { bindings, humanize } from "../tool/settings/bindings.js";
import { ChosenFileHeader } from "../tool/ChosenFileHeader.js";
import { HowItWorks, stepsOf } from "../tool/HowItWorks.js";
import { ProgressDialog } from "../tool/ProgressDialog.js";
import { ResultCard } from "../tool/ResultCard.js";
import { ToolHeader } from "../tool/ToolHeader.js";
import { useFileTool } from "../tool/use-file-tool.js";
import { useT } from "../../i18n/use-t.js";
import { useScreenRunOptions } from "../tool/screen-run-options.js";

const STEPS = 4;

/** /repair-pdf: upload one PDF, choose how to repair it, and read what the repair found and did. */
export default function RepairScreen({ tool }: { tool: ToolDefinition }) {
  useToolPageMeta(tool);
  const t = useT("tool");
  // The spec's wording for this screen's outcome; the result waits in its card instead of downloading by itself.
  const runOptions = useScreenRunOptions("repair", { fallback: "sign.run.unknown" });
  const { file, values, setValues, state, run, cancel, changeFile, busy } = useFileTool(tool, runOptions);
  const bind = bindings(tool.options, values, setValues);

  const repair = () => {
    if (!file) {
      toast({ title: t("sign.noFile"), description: t("repair.noFileText"), variant: "destructive" });
      return;
    }
    void run([file], values);
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <ToolHeader tool={tool} />

      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          {!file ? (
            <DropArea rules={rulesForTool(tool)} />
          ) : (
            <section className={`${cardStyles} p-4 sm:p-6`} aria-labelledby="repair-file">
              <ChosenFileHeader file={file} headingId="repair-file" onChangeFile={changeFile} disabled={busy} />
              <SettingsTabs
                tabs={[
                  {
                    label: t("repair.tabs.basic"),
                    content: (
                      <>
                        {bind.select("repairMode", t("repair.mode"), (m) => t(`repair.modes.${m}`, { defaultValue: humanize(m) }))}
                        {bind.toggle("optimizeSize", t("repair.optimizeSize"), t("repair.optimizeSizeHint"))}
                      </>
                    ),
                  },
                  {
                    label: t("repair.tabs.structure"),
                    content: (
                      <>
                        {bind.toggle("fixStructure", t("repair.fixStructure"), t("repair.fixStructureHint"))}
                        {bind.toggle("rebuildIndex", t("repair.rebuildIndex"))}
                        {bind.toggle("fixXrefTable", t("repair.fixXrefTable"))}
                        {bind.toggle("fixStreamObjects", t("repair.fixStreamObjects"), t("repair.fixStreamObjectsHint"))}
                      </>
                    ),
                  },
                  {
                    label: t("repair.tabs.advanced"),
                    content: (
                      <>
                        {bind.toggle("recoverContent", t("repair.recoverContent"), t("repair.recoverContentHint"))}
                        {bind.toggle("fixFonts", t("repair.fixFonts"))}
                        {bind.toggle("fixImages", t("repair.fixImages"))}
                        {bind.toggle("fixMetadata", t("repair.fixMetadata"))}
                        {bind.toggle("fixFormFields", t("repair.fixFormFields"))}
                        {bind.toggle("fixAnnotations", t("repair.fixAnnotations"))}
                      </>
                    ),
                  },
                  {
                    label: t("repair.tabs.output"),
                    content: (
                      <>
                        {bind.select("saveAsVersion", t("repair.saveAsVersion"), (v) => (v === "auto" ? t("repair.keepVersion") : `PDF ${v}`))}
                        {bind.toggle("linearize", t("repair.linearize"), t("repair.linearizeHint"))}
                        {bind.toggle("sanitize", t("repair.sanitize"), t("repair.sanitizeHint"))}
                      </>
                    ),
                  },
                ]}
              />
              <button type="button" className={`${buttonStyles.primary} mt-6 w-full`} onClick={repair} disabled={busy}>
                <Wrench className="h-4 w-4" aria-hidden="true" />
                {busy ? t("repair.busy") : t("repair.button")}
              </button>
            </section>
          )}

          {state.result?.downloadUrl && (
            <ResultCard title={t("repair.resultTitle")} result={state.result} linkLabel={t("repair.download")} testId="repair-results" />
          )}
        </div>

        <aside className="space-y-4">
          <HowItWorks steps={stepsOf(t, "repair.how", STEPS)} headingId="repair-how" />
          <section className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100" role="note">
            <p className="flex items-center gap-2 font-semibold">
              <AlertTriangle className="h-4 w-4" aria-hidden="true" />
              {t("repair.important")}
            </p>
            <p className="mt-1">{t("repair.importantText")}</p>
          </section>
        </aside>
      </div>
      <ProgressDialog state={state} onCancel={cancel} />
    </div>
  );
}
