import { ChevronDown, ChevronUp } from "lucide-react";
import { useMemo, useRef, useState } from "react";
import type { CompareReport } from "../../../../catalog/compare-report.js";
import { buttonStyles, mutedText } from "../../components/ui/styles.js";
import { usePdfDocument } from "../../lib/use-pdf-document.js";
import { useLocale, useT } from "../../i18n/use-t.js";
import { formatNumber } from "../../i18n/format.js";
import { ComparedPages, scrollToPlace } from "./ComparedPages.js";
import { entryTarget, entryTitle, listEntries, marksBySide, shortened, type ListEntry, type Side } from "./compare-model.js";

/** The list shows this many entries; the report has every one. */
const MAX_LISTED = 1_000;

/**
 * Both documents side by side, their changes marked (deleted words red on the left, inserted words green on the
 * right, drawings outlined in orange), and the list of changes: choosing one scrolls both sides to it.
 */
export function ComparisonView({ report, oldFile, newFile }: { report: CompareReport; oldFile: File; newFile: File }) {
  const t = useT("tool");
  const locale = useLocale();
  const oldDoc = usePdfDocument(oldFile);
  const newDoc = usePdfDocument(newFile);
  const entries = useMemo(() => listEntries(report), [report]);
  const marks = useMemo(() => ({ old: marksBySide(report, "old"), new: marksBySide(report, "new") }), [report]);
  const [selected, setSelected] = useState<string>();
  const view = useRef<HTMLDivElement>(null);
  const oldScroller = useRef<HTMLDivElement>(null);
  const newScroller = useRef<HTMLDivElement>(null);

  const show = (entry: ListEntry) => {
    setSelected(entry.key);
    // The columns come whole into the window first, so that what they scroll to can be seen.
    const box = view.current?.getBoundingClientRect();
    if (box && (box.top < 0 || box.bottom > window.innerHeight)) view.current!.scrollIntoView({ block: "start" });
    const sides: Array<[Side, HTMLDivElement | null]> = [
      ["old", oldScroller.current],
      ["new", newScroller.current],
    ];
    for (const [side, scroller] of sides) {
      if (!scroller) continue;
      const { page, rect } = entryTarget(entry, side);
      const info = report[side].pages.find((p) => p.page === page);
      if (info) scrollToPlace(scroller, page, rect, info.height);
    }
  };
  const sharePercent = (share: number) => {
    const digits = share < 0.01 ? 2 : 1;
    return formatNumber(share, locale, { style: "percent", minimumFractionDigits: digits, maximumFractionDigits: digits });
  };
  const position = entries.findIndex((e) => e.key === selected);
  const step = (by: number) => {
    const next = entries[Math.min(entries.length - 1, Math.max(0, position + by))];
    if (next) show(next);
  };

  const columns = [
    ["old", oldDoc, t("compare.oldTitle", { name: oldFile.name }), oldScroller],
    ["new", newDoc, t("compare.newTitle", { name: newFile.name }), newScroller],
  ] as const;

  return (
    <div ref={view} className="mt-6 grid scroll-mt-20 gap-4 lg:grid-cols-[17rem_minmax(0,1fr)_minmax(0,1fr)]" data-testid="compare-view">
      <nav aria-label={t("compare.changes")} className="min-w-0">
        <div className="mb-2 flex items-center justify-between gap-2">
          <h3 className="text-sm font-semibold text-slate-900 dark:text-white">
            {entries.length === 0 ? t("compare.noChanges") : t("compare.changeCount", { count: entries.length })}
          </h3>
          {entries.length > 0 && (
            <div className="flex gap-1">
              <button type="button" className={`${buttonStyles.secondary} px-2 py-1`} onClick={() => step(-1)} disabled={position <= 0} aria-label={t("compare.previous")}>
                <ChevronUp className="h-4 w-4" aria-hidden="true" />
              </button>
              <button type="button" className={`${buttonStyles.secondary} px-2 py-1`} onClick={() => step(1)} disabled={position >= entries.length - 1} aria-label={t("compare.next")}>
                <ChevronDown className="h-4 w-4" aria-hidden="true" />
              </button>
            </div>
          )}
        </div>
        <ul className="max-h-[70vh] space-y-2 overflow-y-auto pr-1" data-testid="compare-changes">
          {entries.slice(0, MAX_LISTED).map((entry) => (
            <li key={entry.key}>
              <button
                type="button"
                aria-pressed={entry.key === selected}
                onClick={() => show(entry)}
                className="w-full rounded-lg border border-slate-200 p-2 text-left text-xs hover:bg-slate-50 aria-pressed:border-indigo-600 aria-pressed:bg-indigo-50 dark:border-slate-700 dark:hover:bg-slate-800 dark:aria-pressed:bg-indigo-950"
              >
                <span className="block font-semibold text-slate-900 dark:text-white">{entryTitle(entry)}</span>
                {entry.kind === "text" ? (
                  <>
                    {entry.change.old.text && <del className="block break-words text-red-700 dark:text-red-300">{shortened(entry.change.old.text)}</del>}
                    {entry.change.new.text && <ins className="block break-words text-green-700 no-underline dark:text-green-300">{shortened(entry.change.new.text)}</ins>}
                  </>
                ) : (
                  <span className={`block ${mutedText}`}>
                    {entry.sizeChanged ? t("compare.sizeChanged") : t("compare.share", { share: sharePercent(entry.share) })}
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
        {entries.length > MAX_LISTED && <p className={`mt-2 text-xs ${mutedText}`}>{t("compare.firstListed", { count: MAX_LISTED })}</p>}
      </nav>
      {columns.map(([side, doc, title, scroller]) =>
        doc.status === "ready" ? (
          <ComparedPages key={side} side={side} title={title} doc={doc.doc} pages={report[side].pages} marks={marks[side]} selected={selected} scroller={scroller} />
        ) : (
          <p key={side} className={`text-sm ${mutedText}`} role="status">
            {t(doc.status === "error" ? "compare.cannotOpen" : "compare.opening", { title })}
          </p>
        ),
      )}
    </div>
  );
}
