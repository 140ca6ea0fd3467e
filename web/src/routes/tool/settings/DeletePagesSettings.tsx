import { useEffect, useId, useState } from "react";
import { SettingsTabs } from "../../../components/form/SettingsTabs.js";
import { PageThumbnail } from "../../../components/PageThumbnail.js";
import { inputStyles } from "../../../components/ui/styles.js";
import { usePdfDocument } from "../../../lib/use-pdf-document.js";
import { bindings } from "./bindings.js";
import { deleteSelection, type DeleteMode } from "./delete-selection.js";
import { togglePage } from "./organize-state.js";
import { PagesStatus } from "./PagesStatus.js";
import type { SettingsProps } from "./types.js";
import { useT } from "../../../i18n/use-t.js";

const MODES: readonly DeleteMode[] = ["individual", "range", "all"];

export function DeletePagesSettings({ tool, values, setValues, file }: SettingsProps) {
  const t = useT(["tool", "common"]);
  const state = usePdfDocument(file);
  const pageCount = state.status === "ready" ? state.pageCount : 0;
  const [mode, setMode] = useState<DeleteMode>("individual");
  const [picked, setPicked] = useState<number[]>([]);
  const [rangeText, setRangeText] = useState("");
  const rangeId = useId();
  const bind = bindings(tool.options, values, setValues);

  useEffect(() => setPicked([]), [pageCount]);
  useEffect(() => {
    setValues({ pages: deleteSelection(mode, picked, rangeText, pageCount) });
  }, [mode, picked, rangeText, pageCount, setValues]);

  return (
    <SettingsTabs
      tabs={[
        {
          label: t("deletePages.tab"),
          content: (
            <>
              <fieldset>
                <legend className="text-sm font-semibold text-slate-900 dark:text-white">{t("deletePages.which")}</legend>
                <div className="mt-2 space-y-2">
                  {MODES.map((id) => (
                    <label key={id} className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-100">
                      <input type="radio" name="delete-mode" value={id} checked={mode === id} onChange={() => setMode(id)} className="h-4 w-4 accent-indigo-600" />
                      {t(`deletePages.modes.${id}`)}
                    </label>
                  ))}
                </div>
              </fieldset>
              {mode === "range" && (
                <div>
                  <label htmlFor={rangeId} className="block text-sm font-medium text-slate-800 dark:text-slate-100">
                    {t("deletePages.rangeLabel")}
                  </label>
                  <input id={rangeId} value={rangeText} onChange={(e) => setRangeText(e.target.value)} placeholder="1,3,5-7" className={`${inputStyles} mt-1`} />
                  <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{t("deletePages.rangeHint")}</p>
                </div>
              )}
              <PagesStatus state={state}>
                {(doc, count) => (
                  <>
                    <p className="text-sm text-slate-700 dark:text-slate-200">
                      {mode === "individual"
                        ? t("deletePages.selected", { pages: t("common:upload.pages", { count }), count: picked.length })
                        : t("common:upload.pages", { count })}
                    </p>
                    {mode === "individual" && (
                      <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label={t("pages.label")}>
                        {Array.from({ length: count }, (_, index) => {
                          const selected = picked.includes(index);
                          return (
                            <li key={index}>
                              <button
                                type="button"
                                aria-pressed={selected}
                                onClick={() => setPicked((p) => togglePage(p, index))}
                                className={`flex w-full flex-col items-center gap-1 rounded-lg border-2 p-2 ${selected ? "border-red-600 bg-red-50 dark:bg-red-950" : "border-slate-200 dark:border-slate-700"}`}
                              >
                                <PageThumbnail doc={doc} pageNumber={index + 1} />
                                <span className="text-xs text-slate-800 dark:text-slate-100">
                                  {t(selected ? "deletePages.pageToDelete" : "page.label", { page: index + 1 })}
                                </span>
                              </button>
                            </li>
                          );
                        })}
                      </ol>
                    )}
                  </>
                )}
              </PagesStatus>
            </>
          ),
        },
        {
          label: t("tabs.advanced"),
          content: (
            <>
              {bind.toggle("keepBookmarks", t("deletePages.keepBookmarks"))}
              {bind.toggle("optimizePdf", t("deletePages.optimizePdf"))}
              {bind.toggle("preserveMetadata", t("deletePages.preserveMetadata"))}
              {bind.toggle("createBackup", t("deletePages.createBackup"))}
            </>
          ),
        },
      ]}
    />
  );
}
