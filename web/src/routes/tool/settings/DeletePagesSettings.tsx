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

const MODES: ReadonlyArray<{ id: DeleteMode; label: string }> = [
  { id: "individual", label: "Select pages" },
  { id: "range", label: "Page range" },
  { id: "all", label: "Delete all pages (at least one page is kept: the first)" },
];

export function DeletePagesSettings({ tool, values, setValues, file }: SettingsProps) {
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
          label: "Page Selection",
          content: (
            <>
              <fieldset>
                <legend className="text-sm font-semibold text-slate-900 dark:text-white">Which pages to delete</legend>
                <div className="mt-2 space-y-2">
                  {MODES.map(({ id, label }) => (
                    <label key={id} className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-100">
                      <input type="radio" name="delete-mode" value={id} checked={mode === id} onChange={() => setMode(id)} className="h-4 w-4 accent-indigo-600" />
                      {label}
                    </label>
                  ))}
                </div>
              </fieldset>
              {mode === "range" && (
                <div>
                  <label htmlFor={rangeId} className="block text-sm font-medium text-slate-800 dark:text-slate-100">
                    Pages to delete
                  </label>
                  <input id={rangeId} value={rangeText} onChange={(e) => setRangeText(e.target.value)} placeholder="1,3,5-7" className={`${inputStyles} mt-1`} />
                  <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">One-based page numbers and ranges, e.g. 1,3,5-7.</p>
                </div>
              )}
              <PagesStatus state={state}>
                {(doc, count) => (
                  <>
                    <p className="text-sm text-slate-700 dark:text-slate-200">
                      {count} page{count === 1 ? "" : "s"}
                      {mode === "individual" && `; ${picked.length} selected for deletion. Select the pages to delete.`}
                    </p>
                    {mode === "individual" && (
                      <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Pages">
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
                                  Page {index + 1}
                                  {selected && " (delete)"}
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
          label: "Advanced Options",
          content: (
            <>
              {bind.toggle("keepBookmarks", "Keep bookmarks")}
              {bind.toggle("optimizePdf", "Optimize the PDF")}
              {bind.toggle("preserveMetadata", "Preserve metadata")}
              {bind.toggle("createBackup", "Create a backup")}
            </>
          ),
        },
      ]}
    />
  );
}
