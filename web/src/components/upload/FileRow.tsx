import { File as FileIcon, FileImage, FileSpreadsheet, FileText, Presentation, X, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import type { FileKind } from "../../../../catalog/file-kinds.js";
import { fileStore } from "../../lib/file-store.js";
import { formatBytes } from "../../lib/format-bytes.js";
import { kindOf } from "../../lib/upload-rules.js";
import { Tooltip } from "../ui/Tooltip.js";
import { FilePicture, PageCount } from "./FilePicture.js";
import { useT } from "../../i18n/use-t.js";

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

/** What one selected file shows: its first page (or its kind), name, pages, size and Remove; `handle` is the reordering grip where there is one. */
export function FileRowContent({ file, index, handle }: { file: File; index: number; handle?: ReactNode }) {
  const t = useT();
  return (
    <>
      {handle}
      <FilePicture file={file} icon={<KindIcon file={file} />} />
      <span className="min-w-0 flex-1 truncate text-sm text-slate-800 dark:text-slate-100">{file.name}</span>
      <PageCount file={file} />
      <span className="shrink-0 text-xs text-slate-600 dark:text-slate-400">{formatBytes(file.size, 0)}</span>
      <Tooltip label={t("upload.removeFile")}>
        <button
          type="button"
          onClick={() => fileStore.removeAt(index)}
          aria-label={t("upload.removeFileNamed", { name: file.name })}
          className="rounded-md p-1 text-slate-600 hover:bg-slate-100 hover:text-red-700 dark:text-slate-300 dark:hover:bg-slate-800"
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      </Tooltip>
    </>
  );
}

export const fileListStyles = "divide-y divide-slate-200 dark:divide-slate-700";
export const fileRowStyles = "flex items-center gap-3 py-2";

/** The rows of a list whose order does not matter (or before the reordering code has loaded). */
export function PlainFileRows({ files }: { files: readonly File[] }) {
  return files.map((file, index) => (
    <li key={`${file.name}-${index}`} className={fileRowStyles}>
      <FileRowContent file={file} index={index} />
    </li>
  ));
}
