import { ArrowLeftRight, FileText, X } from "lucide-react";
import { buttonStyles, mutedText } from "../../components/ui/styles.js";
import { formatBytes } from "../../lib/format-bytes.js";
import { useT } from "../../i18n/use-t.js";

/** The two chosen PDFs, old then new, each with Remove, and Swap between them. */
export function FileSlots({
  files,
  onRemove,
  onSwap,
  disabled,
}: {
  files: readonly [File | undefined, File | undefined];
  onRemove(slot: 0 | 1): void;
  onSwap(): void;
  disabled: boolean;
}) {
  const t = useT("tool");
  const slot = (index: 0 | 1) => {
    const file = files[index];
    return (
      <div className="min-w-0 flex-1 rounded-lg border border-slate-200 p-3 dark:border-slate-700" data-testid={`compare-slot-${index === 0 ? "old" : "new"}`}>
        <p className={`text-xs font-semibold uppercase tracking-wide ${index === 0 ? "text-red-700 dark:text-red-300" : "text-green-700 dark:text-green-300"}`}>{t(index === 0 ? "compare.oldVersion" : "compare.newVersion")}</p>
        {file ? (
          <div className="mt-1 flex items-center gap-2">
            <FileText className="h-5 w-5 shrink-0 text-slate-500" aria-hidden="true" />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-slate-900 dark:text-white">{file.name}</p>
              <p className={`text-xs ${mutedText}`}>{formatBytes(file.size)}</p>
            </div>
            <button type="button" className={`${buttonStyles.ghost} px-2`} onClick={() => onRemove(index)} disabled={disabled} aria-label={t("compare.remove", { name: file.name })}>
              <X className="h-4 w-4" aria-hidden="true" />
            </button>
          </div>
        ) : (
          <p className={`mt-1 text-sm ${mutedText}`}>{t(index === 0 ? "compare.addOld" : "compare.addNew")}</p>
        )}
      </div>
    );
  };
  return (
    <div className="flex flex-col items-stretch gap-2 sm:flex-row sm:items-center">
      {slot(0)}
      <button type="button" className={`${buttonStyles.secondary} self-center`} onClick={onSwap} disabled={disabled || !files[0] || !files[1]} aria-label={t("compare.swapLabel")}>
        <ArrowLeftRight className="h-4 w-4" aria-hidden="true" />
        <span className="sm:sr-only">{t("compare.swap")}</span>
      </button>
      {slot(1)}
    </div>
  );
}
