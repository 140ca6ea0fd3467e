import { AlertTriangle, Wrench } from "lucide-react";
import type { ToolDefinition } from "../../../../catalog/index.js";
import { SettingsTabs } from "../../components/form/SettingsTabs.js";
import { buttonStyles, cardStyles } from "../../components/ui/styles.js";
import { DropArea } from "../../components/upload/DropArea.js";
import { useToolPageMeta } from "../../lib/page-meta.js";
import { toast } from "../../lib/toast-store.js";
import { rulesForTool } from "../../lib/upload-rules.js";
import type { RunOptions } from "../../lib/use-tool-run.js";
import { bindings, humanize } from "../tool/settings/bindings.js";
import { ChosenFileHeader } from "../tool/ChosenFileHeader.js";
import { HowItWorks } from "../tool/HowItWorks.js";
import { ProgressDialog } from "../tool/ProgressDialog.js";
import { ResultCard } from "../tool/ResultCard.js";
import { ToolHeader } from "../tool/ToolHeader.js";
import { useFileTool } from "../tool/use-file-tool.js";

const STEPS = [
  "Upload the damaged PDF.",
  "Choose a repair mode and what to fix (the defaults suit most files).",
  "We rebuild the file, trying the gentlest repair first, and check the result.",
  "Download the repaired PDF and read what was found and fixed.",
];

const MODE_NAMES: Record<string, string> = {
  auto: "Auto: lightest repair that works",
  basic: "Basic: rebuild the structure only",
  aggressive: "Aggressive: rewrite everything (severe damage)",
  conservative: "Conservative: change as little as possible",
};

/** The spec's wording for this screen's outcome; the result waits in its card instead of downloading by itself. */
const RUN_OPTIONS: RunOptions = {
  success: { title: "PDF Repaired Successfully", description: "Your repaired PDF is ready to download." },
  partialTitle: "PDF Partly Repaired",
  failureTitle: "Repair failed",
  unexplainedFailure: "Failed to repair PDF",
  failureFallback: "An unknown error occurred",
  autoDownload: false,
};

/** /repair-pdf: upload one PDF, choose how to repair it, and read what the repair found and did. */
export default function RepairScreen({ tool }: { tool: ToolDefinition }) {
  useToolPageMeta(tool);
  const { file, values, setValues, state, run, cancel, changeFile, busy } = useFileTool(tool, RUN_OPTIONS);
  const bind = bindings(tool.options, values, setValues);

  const repair = () => {
    if (!file) {
      toast({ title: "No file selected", description: "Please upload a PDF file to repair", variant: "destructive" });
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
                    label: "Basic",
                    content: (
                      <>
                        {bind.select("repairMode", "Repair mode", (m) => MODE_NAMES[String(m)] ?? humanize(m))}
                        {bind.toggle("optimizeSize", "Optimize size", "Drop unused objects and compress the structure.")}
                      </>
                    ),
                  },
                  {
                    label: "Structure",
                    content: (
                      <>
                        {bind.toggle("fixStructure", "Fix document structure", "Rebuild a lost page tree from the pages found.")}
                        {bind.toggle("rebuildIndex", "Rebuild the object index")}
                        {bind.toggle("fixXrefTable", "Fix the cross-reference table")}
                        {bind.toggle("fixStreamObjects", "Fix stream objects", "Recover streams with wrong lengths.")}
                      </>
                    ),
                  },
                  {
                    label: "Advanced",
                    content: (
                      <>
                        {bind.toggle("recoverContent", "Recover content", "Prefer repairs that keep the most text.")}
                        {bind.toggle("fixFonts", "Check fonts")}
                        {bind.toggle("fixImages", "Check images")}
                        {bind.toggle("fixMetadata", "Fix metadata")}
                        {bind.toggle("fixFormFields", "Fix form fields")}
                        {bind.toggle("fixAnnotations", "Fix annotations")}
                      </>
                    ),
                  },
                  {
                    label: "Output",
                    content: (
                      <>
                        {bind.select("saveAsVersion", "Save as PDF version", (v) => (v === "auto" ? "Keep as it is" : `PDF ${v}`))}
                        {bind.toggle("linearize", "Linearize", "Fast web view: the first page shows before the whole file arrives.")}
                        {bind.toggle("sanitize", "Sanitize", "Remove JavaScript, embedded files and actions.")}
                      </>
                    ),
                  },
                ]}
              />
              <button type="button" className={`${buttonStyles.primary} mt-6 w-full`} onClick={repair} disabled={busy}>
                <Wrench className="h-4 w-4" aria-hidden="true" />
                {busy ? "Repairing..." : "Repair PDF"}
              </button>
            </section>
          )}

          {state.result?.downloadUrl && (
            <ResultCard title="Repair Results" result={state.result} linkLabel="Download Repaired PDF" testId="repair-results" />
          )}
        </div>

        <aside className="space-y-4">
          <HowItWorks steps={STEPS} headingId="repair-how" />
          <section className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100" role="note">
            <p className="flex items-center gap-2 font-semibold">
              <AlertTriangle className="h-4 w-4" aria-hidden="true" />
              Important
            </p>
            <p className="mt-1">Try Auto mode first. If the result still misses pages or content, use Aggressive mode for severe damage.</p>
          </section>
        </aside>
      </div>
      <ProgressDialog state={state} onCancel={cancel} />
    </div>
  );
}
