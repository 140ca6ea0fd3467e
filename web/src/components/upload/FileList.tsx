import { Plus, Trash2 } from "lucide-react";
import { lazy, Suspense, useRef, type ReactNode } from "react";
import { useDropzone } from "react-dropzone";
import { fileStore } from "../../lib/file-store.js";
import { acceptFor, type UploadRules } from "../../lib/upload-rules.js";
import { useHandFocusOnExit, useRestoreLostFocus } from "../../lib/use-restore-lost-focus.js";
import { buttonStyles, cardStyles } from "../ui/styles.js";
import { addFiles } from "./add-files.js";
import { fileListStyles, PlainFileRows } from "./FileRow.js";
import { useT } from "../../i18n/use-t.js";

// Reordering (dnd-kit) loads only on screens whose files are sent in order, never with the home page.
const SortableFileList = lazy(() => import("./SortableFileList.js"));

function PlainFileList({ files }: { files: readonly File[] }) {
  return (
    <ul className={fileListStyles} data-testid="file-list">
      <PlainFileRows files={files} />
    </ul>
  );
}

/**
 * The selected files with Remove, Add More Files and Clear All, the process button, and a slot (the home page's
 * tool choice). Add More opens the file dialog under the same rules as the drop area. `sortable`: the order
 * matters (merge, images to PDF), so the rows can be moved.
 */
export function FileList({
  files,
  rules,
  title,
  processLabel,
  onProcess,
  busy,
  sortable = false,
  children,
}: {
  files: readonly File[];
  rules: UploadRules;
  title: string;
  processLabel: string;
  onProcess(): void;
  busy?: boolean;
  sortable?: boolean;
  children?: ReactNode;
}) {
  const { getInputProps, open } = useDropzone({
    accept: acceptFor(rules),
    multiple: rules.maxFiles > 1,
    noDrag: true,
    onDrop: (accepted, rejections) => addFiles([...accepted, ...rejections.map((r) => r.file)], rules),
  });
  const heading = useRef<HTMLHeadingElement>(null);
  const t = useT();
  useRestoreLostFocus(heading, files.length);
  useHandFocusOnExit();
  return (
    <section className={`${cardStyles} p-4 sm:p-6`} aria-labelledby="file-list-title">
      <input {...getInputProps({ "aria-label": t("upload.chooseMoreFiles") })} />
      <h2 id="file-list-title" ref={heading} tabIndex={-1} className="mb-3 focus:outline-none text-lg font-semibold text-slate-900 dark:text-white">
        {title}
      </h2>
      {sortable && files.length > 1 ? (
        <Suspense fallback={<PlainFileList files={files} />}>
          <SortableFileList files={files} />
        </Suspense>
      ) : (
        <PlainFileList files={files} />
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" onClick={open} className={buttonStyles.secondary} disabled={files.length >= rules.maxFiles}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          {t("upload.addMore")}
        </button>
        <button type="button" onClick={fileStore.clear} className={buttonStyles.danger}>
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          {t("upload.clearAll")}
        </button>
      </div>
      {children}
      <button type="button" onClick={onProcess} disabled={busy} className={`${buttonStyles.primary} mt-4 w-full py-3 text-base`}>
        {processLabel}
      </button>
    </section>
  );
}
