import { File as FileIcon, FileImage, FileSpreadsheet, FileText, Plus, Presentation, Trash2, X, type LucideIcon } from "lucide-react";
import type { FileKind } from "../../../../catalog/file-kinds.js";
import type { ReactNode } from "react";
import { useDropzone } from "react-dropzone";
import { fileStore } from "../../lib/file-store.js";
import { formatBytes } from "../../lib/format-bytes.js";
import { acceptFor, kindOf, type UploadRules } from "../../lib/upload-rules.js";
import { buttonStyles, cardStyles } from "../ui/styles.js";
import { addFiles } from "./add-files.js";

/** The row icon by kind of document; kinds not named here get a plain file. */
const ICON_BY_KIND: Partial<Record<FileKind, LucideIcon>> = {
  pdf: FileText,
  doc: FileText,
  docx: FileText,
  odt: FileText,
  xls: FileSpreadsheet,
  xlsx: FileSpreadsheet,
  ppt: Presentation,
  pptx: Presentation,
  jpeg: FileImage,
  png: FileImage,
  gif: FileImage,
  bmp: FileImage,
  tiff: FileImage,
};

function KindIcon({ file }: { file: File }) {
  const kind = kindOf(file);
  const Icon = (kind && ICON_BY_KIND[kind]) ?? FileIcon;
  const colour = kind === "pdf" ? "text-red-600 dark:text-red-400" : "text-indigo-600 dark:text-indigo-400";
  return <Icon className={`h-5 w-5 shrink-0 ${colour}`} aria-hidden="true" />;
}

/**
 * The selected files with Remove, Add More Files and Clear All, the process button, and a slot (the home page's
 * tool choice). Add More opens the file dialog under the same rules as the drop area.
 */
export function FileList({
  files,
  rules,
  title,
  processLabel,
  onProcess,
  busy,
  children,
}: {
  files: readonly File[];
  rules: UploadRules;
  title: string;
  processLabel: string;
  onProcess(): void;
  busy?: boolean;
  children?: ReactNode;
}) {
  const { getInputProps, open } = useDropzone({
    accept: acceptFor(rules),
    multiple: rules.maxFiles > 1,
    noDrag: true,
    onDrop: (accepted, rejections) => addFiles([...accepted, ...rejections.map((r) => r.file)], rules),
  });
  return (
    <section className={`${cardStyles} p-4 sm:p-6`} aria-labelledby="file-list-title">
      <input {...getInputProps({ "aria-label": "Choose more files" })} />
      <h2 id="file-list-title" className="mb-3 text-lg font-semibold text-slate-900 dark:text-white">
        {title}
      </h2>
      <ul className="divide-y divide-slate-200 dark:divide-slate-700" data-testid="file-list">
        {files.map((file, index) => (
          <li key={`${file.name}-${index}`} className="flex items-center gap-3 py-2">
            <KindIcon file={file} />
            <span className="min-w-0 flex-1 truncate text-sm text-slate-800 dark:text-slate-100">{file.name}</span>
            <span className="shrink-0 text-xs text-slate-600 dark:text-slate-400">{formatBytes(file.size, 0)}</span>
            <button
              type="button"
              onClick={() => fileStore.removeAt(index)}
              aria-label={`Remove file ${file.name}`}
              title="Remove file"
              className="rounded-md p-1 text-slate-600 hover:bg-slate-100 hover:text-red-700 dark:text-slate-300 dark:hover:bg-slate-800"
            >
              <X className="h-4 w-4" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" onClick={open} className={buttonStyles.secondary} disabled={files.length >= rules.maxFiles}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add More Files
        </button>
        <button type="button" onClick={fileStore.clear} className={buttonStyles.danger}>
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          Clear All
        </button>
      </div>
      {children}
      <button type="button" onClick={onProcess} disabled={busy} className={`${buttonStyles.primary} mt-4 w-full py-3 text-base`}>
        {processLabel}
      </button>
    </section>
  );
}
