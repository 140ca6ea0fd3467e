import { Cloud, FolderOpen, Upload } from "lucide-react";
import { useRef } from "react";
import { useDropzone } from "react-dropzone";
import { FILE_KINDS } from "../../../../catalog/file-kinds.js";
import { formatBytes } from "../../lib/format-bytes.js";
import { acceptFor, type UploadRules } from "../../lib/upload-rules.js";
import { buttonStyles } from "../ui/styles.js";
import { Tooltip } from "../ui/Tooltip.js";
import { useTakeHandedFocus } from "../../lib/use-restore-lost-focus.js";
import { addFiles } from "./add-files.js";
import { useT } from "../../i18n/use-t.js";

/** The format chips: one per label among the accepted kinds (Word once for .doc and .docx); JPEG and PNG are "Images". */
function formatChips(rules: UploadRules, images: string): string[] {
  const labels = rules.kinds.map((kind) => FILE_KINDS[kind].label);
  return [...new Set(labels.map((l) => (l === "JPEG" || l === "PNG" ? images : l)))];
}

/** Cloud imports are in the spec's screen but not built; they are shown as such rather than as dead buttons. */
const CLOUD_SOURCES = ["Drive", "Dropbox", "OneDrive"] as const;

/**
 * The shared drop area. Dropping anywhere on it adds files; only the Select Files button opens the file dialog
 * (a click or Enter on the area itself does nothing, so that text in it can be selected). A screen with its own
 * upload rules and wording (annotate) passes `onFiles`.
 */
export function DropArea({ rules, onFiles = addFiles }: { rules: UploadRules; onFiles?: (files: File[], rules: UploadRules) => void }) {
  const { getRootProps, getInputProps, isDragActive, isDragAccept, isDragReject, open } = useDropzone({
    accept: acceptFor(rules),
    multiple: rules.maxFiles > 1,
    noClick: true,
    noKeyboard: true,
    // Every file goes through the same checks and messages, whether the browser thought it acceptable or not.
    onDrop: (accepted, rejections) => onFiles([...accepted, ...rejections.map((r) => r.file)], rules),
  });
  // The drop area comes back when the last file is removed: its Select Files button takes the focus the list had.
  const selectButton = useRef<HTMLButtonElement>(null);
  const t = useT();
  useTakeHandedFocus(selectButton);
  const state = isDragReject ? "reject" : isDragAccept ? "accept" : isDragActive ? "active" : "idle";
  const border = {
    idle: "border-slate-300 dark:border-slate-600",
    active: "border-indigo-500 bg-indigo-50 dark:bg-indigo-950/40",
    accept: "border-indigo-500 bg-indigo-50 dark:bg-indigo-950/40",
    reject: "border-red-600 bg-red-50 dark:bg-red-950/40",
  }[state];

  const rootProps = getRootProps({
    className: `rounded-2xl border-2 border-dashed p-6 text-center transition-colors sm:p-10 ${border}`,
    "data-testid": "drop-area",
    "data-drag-state": state,
  });
  return (
    <div {...rootProps}>
      <input {...getInputProps({ "aria-label": t("upload.chooseFiles") })} />
      <Upload className="mx-auto mb-4 h-12 w-12 text-indigo-600 dark:text-indigo-400" aria-hidden="true" />
      <h2 className="text-xl font-semibold text-slate-900 dark:text-white">
        {isDragAccept ? t("upload.dropHere") : t("upload.dragHere")}
      </h2>
      {isDragReject && <p className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">{t("upload.notAccepted")}</p>}
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t("upload.orOptions")}</p>
      <div className="mt-5 flex flex-wrap items-center justify-center gap-2">
        <button type="button" ref={selectButton} onClick={open} className={buttonStyles.primary}>
          <FolderOpen className="h-4 w-4" aria-hidden="true" />
          {t("upload.selectFiles")}
        </button>
        {CLOUD_SOURCES.map((source) => (
          // aria-disabled rather than disabled: a disabled button takes no focus or hover, so it could not say why.
          <Tooltip key={source} label={t("upload.notAvailableYet")}>
            <button type="button" aria-disabled="true" className={`${buttonStyles.secondary} cursor-not-allowed opacity-50`}>
              <Cloud className="h-4 w-4" aria-hidden="true" />
              {source}
              <span className="sr-only">{t("upload.notAvailableYetHidden")}</span>
            </button>
          </Tooltip>
        ))}
      </div>
      <ul className="mt-5 flex flex-wrap justify-center gap-2" aria-label={t("upload.acceptedFormats")}>
        {formatChips(rules, t("upload.images")).map((chip) => (
          <li key={chip} className="rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">
            {chip}
          </li>
        ))}
      </ul>
      <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">
        {rules.maxFiles > 1
          ? t("upload.limitMany", { size: formatBytes(rules.maxBytes), count: rules.maxFiles })
          : t("upload.limitOne", { size: formatBytes(rules.maxBytes) })}
      </p>
    </div>
  );
}
