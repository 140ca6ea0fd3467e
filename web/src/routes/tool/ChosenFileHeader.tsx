import { FileText, RefreshCw, type LucideIcon } from "lucide-react";
import { buttonStyles, mutedText } from "../../components/ui/styles.js";
import { useLocale, useT } from "../../i18n/use-t.js";
import { formatNumber } from "../../i18n/format.js";

/**
 * The top of a single-file tool's card (repair, OCR, sign): the file's icon, name and size in MB, anything the
 * screen adds (a page count), and Change file.
 */
export function ChosenFileHeader({
  file,
  headingId,
  detail,
  onChangeFile,
  disabled = false,
  Icon = FileText,
}: {
  file: File;
  /** The id the card's aria-labelledby points at. */
  headingId: string;
  detail?: string;
  onChangeFile(): void;
  disabled?: boolean;
  Icon?: LucideIcon;
}) {
  const t = useT("tool");
  const size = formatNumber(file.size / (1024 * 1024), useLocale(), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const sizeInMb = t("chosenFile.megabytes", { size });
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Icon className="h-6 w-6 shrink-0 text-red-600 dark:text-red-400" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <h2 id={headingId} className="truncate font-semibold text-slate-900 dark:text-white">
          {file.name}
        </h2>
        <p className={`text-sm ${mutedText}`}>
          {detail ? t("chosenFile.sizeAndDetail", { size: sizeInMb, detail }) : sizeInMb}
        </p>
      </div>
      <button type="button" className={buttonStyles.secondary} onClick={onChangeFile} disabled={disabled}>
        <RefreshCw className="h-4 w-4" aria-hidden="true" />
        {t("chosenFile.change")}
      </button>
    </div>
  );
}
