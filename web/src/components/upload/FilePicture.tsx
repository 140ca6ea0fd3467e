import { useEffect, useState, type ReactNode } from "react";
import { filePreview, type FilePreview } from "../../lib/file-preview.js";
import { useT } from "../../i18n/use-t.js";

/** The preview of `file` once made (an empty one until then, or when the file has none). */
function useFilePreview(file: File): FilePreview {
  const [preview, setPreview] = useState<FilePreview>({});
  useEffect(() => {
    let current = true;
    setPreview({});
    void filePreview(file).then((made) => current && setPreview(made));
    return () => {
      current = false;
    };
  }, [file]);
  return preview;
}

/** A small picture of the file's first page or image in place of its kind's icon, and the page count of a PDF. */
export function FilePicture({ file, icon }: { file: File; icon: ReactNode }) {
  const { picture } = useFilePreview(file);
  return (
    <span className="flex h-10 w-8 shrink-0 items-center justify-center overflow-hidden rounded-sm">
      {picture ? <img src={picture} alt="" data-testid="file-picture" className="max-h-full max-w-full border border-slate-200 dark:border-slate-700" /> : icon}
    </span>
  );
}

export function PageCount({ file }: { file: File }) {
  const { pages } = useFilePreview(file);
  const t = useT();
  if (pages === undefined) return null;
  return (
    <span className="shrink-0 text-xs text-slate-600 dark:text-slate-400" data-testid="page-count">
      {t("upload.pages", { count: pages })}
    </span>
  );
}
