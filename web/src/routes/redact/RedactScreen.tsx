import { EyeOff, Trash2, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { RedactionArea, ToolDefinition } from "../../../../catalog/index.js";
import { buttonStyles, cardStyles, mutedText } from "../../components/ui/styles.js";
import { DropArea } from "../../components/upload/DropArea.js";
import { fileStore, useSelectedFiles } from "../../lib/file-store.js";
import { optionDefaults } from "../../lib/option-schema.js";
import { usePageMeta } from "../../lib/page-meta.js";
import { useT } from "../../i18n/use-t.js";
import { problemBeforeProcessing } from "../../lib/precheck.js";
import { toast } from "../../lib/toast-store.js";
import { kindOf, rulesForTool, type UploadRules } from "../../lib/upload-rules.js";
import { usePdfDocument } from "../../lib/use-pdf-document.js";
import { useToolRun } from "../../lib/use-tool-run.js";
import { choosePdf } from "../annotate/choose-pdf.js";
import { PdfPages } from "../annotate/PdfPages.js";
import { ChosenFileHeader } from "../tool/ChosenFileHeader.js";
import { HowItWorks, stepsOf } from "../tool/HowItWorks.js";
import { ProgressDialog } from "../tool/ProgressDialog.js";
import { ResultCard } from "../tool/ResultCard.js";
import { ToolHeader } from "../tool/ToolHeader.js";
import { RedactionPage } from "./RedactionPage.js";
import { describeArea, toRequest, type Area } from "./redaction-areas.js";
import { SearchSettings, type SearchValues } from "./SearchSettings.js";
import { useScreenRunOptions } from "../tool/screen-run-options.js";

const HOW_TO_STEPS = 4;

const chooseOnePdf = (files: readonly File[], rules: UploadRules) => choosePdf(files, rules, "redacting");

/** /redact-pdf: search terms, presets and areas drawn on the real pages, taken out of the PDF for good. */
export default function RedactScreen({ tool }: { tool: ToolDefinition }) {
  const t = useT("tool");
  usePageMeta({ title: t(`tools:${tool.id}.name`), description: t(`tools:${tool.id}.description`), path: `/${tool.id}` });
  // The result waits in its card, with the summary of what was found where.
  const runOptions = useScreenRunOptions("redact", { fallback: "redact.run.failed" });
  const file = useSelectedFiles().find((f) => kindOf(f) === "pdf");
  const pdf = usePdfDocument(file);
  const [search, setSearch] = useState(() => optionDefaults(tool.options) as SearchValues);
  const [areas, setAreas] = useState<Area[]>([]);
  const nextId = useRef(1);
  const [pageIndex, setPageIndex] = useState(0);
  const { state, run, cancel, reset } = useToolRun(tool, runOptions);
  const busy = state.phase !== "idle";

  // A new file starts over: no areas, no result, first page; the search stays, as it may suit the next file too.
  useEffect(() => {
    setAreas([]);
    reset();
    setPageIndex(0);
  }, [file, reset]);

  const addArea = (area: RedactionArea) => {
    setAreas((list) => [...list, { ...area, id: nextId.current++ }]);
    toast({ title: t("redact.areaAdded"), description: describeArea(area) });
  };
  const removeArea = (id: number) => setAreas((list) => list.filter((a) => a.id !== id));

  const redact = () => {
    const values = { ...search, terms: search.terms.filter((t) => t.trim() !== ""), areas: areas.map(toRequest) };
    void problemBeforeProcessing(tool, file ? [file] : [], values).then((problem) => {
      if (problem) toast({ ...problem, variant: "destructive" });
      else void run([file!], values);
    });
  };

  const result = state.result?.downloadUrl ? state.result : undefined;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <ToolHeader tool={tool} />

      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          {!file ? (
            <DropArea rules={rulesForTool(tool)} onFiles={chooseOnePdf} />
          ) : (
            <section className={`${cardStyles} p-3 sm:p-5`} aria-labelledby="redact-file">
              <ChosenFileHeader
                file={file}
                headingId="redact-file"
                detail={t("redact.areasMarked", { count: areas.length })}
                onChangeFile={() => fileStore.clear()}
                disabled={busy}
              />

              <PdfPages pdf={pdf} pageIndex={pageIndex} onPageChange={setPageIndex}>
                {(doc) => <RedactionPage doc={doc} pageIndex={pageIndex} areas={areas.filter((a) => a.page === pageIndex + 1)} onAdd={addArea} disabled={busy} />}
              </PdfPages>
              {pdf.status === "error" && <p className={`mt-2 text-center text-sm ${mutedText}`}>{t("redact.searchStillWorks")}</p>}

              {areas.length > 0 && (
                <div className="mt-4">
                  <div className="flex items-center justify-between gap-2">
                    <h3 className="text-sm font-semibold text-slate-900 dark:text-white">{t("redact.areasTitle")}</h3>
                    <button type="button" className={buttonStyles.ghost} onClick={() => setAreas([])} disabled={busy}>
                      <Trash2 className="h-4 w-4" aria-hidden="true" />
                      {t("redact.removeAll")}
                    </button>
                  </div>
                  <ul className="mt-2 flex flex-wrap gap-2" data-testid="redact-area-list">
                    {areas.map((a) => (
                      <li key={a.id} className="flex items-center rounded-full border border-slate-300 text-xs text-slate-800 dark:border-slate-600 dark:text-slate-100">
                        <button type="button" className="rounded-l-full px-3 py-1 hover:bg-slate-100 dark:hover:bg-slate-800" onClick={() => setPageIndex(a.page - 1)}>
                          {describeArea(a)}
                        </button>
                        <button
                          type="button"
                          className="rounded-r-full px-2 py-1 hover:bg-red-50 hover:text-red-700 dark:hover:bg-red-950 dark:hover:text-red-300"
                          aria-label={t("redact.removeArea", { area: describeArea(a) })}
                          onClick={() => removeArea(a.id)}
                          disabled={busy}
                        >
                          <X className="h-3 w-3" aria-hidden="true" />
                        </button>
                      </li>
                    ))}
                  </ul>
                </div>
              )}

              <button type="button" className={`${buttonStyles.primary} mt-6 w-full`} onClick={redact} disabled={busy}>
                <EyeOff className="h-4 w-4" aria-hidden="true" />
                {busy ? t("redact.busy") : t("redact.button")}
              </button>
            </section>
          )}

          {result && <ResultCard title={t("redact.resultTitle")} result={result} linkLabel={t("redact.download")} testId="redact-result" />}
        </div>

        <aside className="space-y-4">
          <section className={`${cardStyles} p-4`} aria-labelledby="redact-search">
            <h2 id="redact-search" className="mb-4 font-semibold text-slate-900 dark:text-white">
              {t("redact.whatToRemove")}
            </h2>
            <SearchSettings values={search} onChange={(patch) => setSearch((current) => ({ ...current, ...patch }))} />
          </section>
          <HowItWorks steps={stepsOf(t, "redact.how", HOW_TO_STEPS)} headingId="redact-how" />
        </aside>
      </div>
      <ProgressDialog state={state} onCancel={cancel} />
    </div>
  );
}
