import { ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useState } from "react";
import { Trans } from "react-i18next";
import { buttonStyles } from "../../components/ui/styles.js";
import { useT } from "../../i18n/use-t.js";

/** Previous, next, and a page number to type, so that every page of a long document is a few keys away. */
export function PageNavigator({ pageIndex, pageCount, onChange }: { pageIndex: number; pageCount: number; onChange(index: number): void }) {
  const t = useT("tool");
  // What is typed may be blank or out of range for a moment; the page changes when it is a page.
  const [typed, setTyped] = useState(String(pageIndex + 1));
  useEffect(() => setTyped(String(pageIndex + 1)), [pageIndex]);
  const go = (text: string) => {
    setTyped(text);
    const n = Number.parseInt(text, 10);
    if (n >= 1 && n <= pageCount) onChange(n - 1);
  };
  return (
    <nav className="my-4 flex items-center justify-center gap-2" aria-label={t("pageNav.label")}>
      <button type="button" className={buttonStyles.secondary} aria-label={t("pageNav.previous")} disabled={pageIndex === 0} onClick={() => onChange(pageIndex - 1)}>
        <ChevronLeft className="h-4 w-4" aria-hidden="true" />
      </button>
      <label className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-100">
        {/* The field sits inside the sentence, where each language puts it ("Page [3] of 10", "[3] / 10 ページ"). */}
        <Trans
          t={t}
          i18nKey="pageNav.field"
          values={{ total: pageCount }}
          components={{
            field: (
              <input
                type="number"
                min={1}
                max={pageCount}
                value={typed}
                onChange={(e) => go(e.target.value)}
                onBlur={() => setTyped(String(pageIndex + 1))}
                className="w-16 rounded-md border border-slate-300 bg-white px-2 py-1 text-center dark:border-slate-600 dark:bg-slate-800"
              />
            ),
          }}
        />
      </label>
      <span className="sr-only" aria-live="polite" data-testid="page-position">
        {t("pageNav.position", { page: pageIndex + 1, total: pageCount })}
      </span>
      <button type="button" className={buttonStyles.secondary} aria-label={t("pageNav.next")} disabled={pageIndex >= pageCount - 1} onClick={() => onChange(pageIndex + 1)}>
        <ChevronRight className="h-4 w-4" aria-hidden="true" />
      </button>
    </nav>
  );
}
