import { ArrowLeft, ArrowRight, FileOutput, RotateCcw, RotateCw, Trash2, Undo2 } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { PageThumbnail } from "../../../components/PageThumbnail.js";
import { buttonStyles } from "../../../components/ui/styles.js";
import type { PdfDocument } from "../../../lib/pdf-preview.js";
import { usePdfDocument } from "../../../lib/use-pdf-document.js";
import { initialOrder, movePage, rotatePage, togglePage, type Rotations } from "./organize-state.js";
import { PagesStatus } from "./PagesStatus.js";
import type { SettingsProps, Values } from "./types.js";
import { Tooltip } from "../../../components/ui/Tooltip.js";
import { useT } from "../../../i18n/use-t.js";

function IconButton({ label, onClick, pressed, children }: { label: string; onClick(): void; pressed?: boolean; children: ReactNode }) {
  return (
    <Tooltip label={label}>
      <button
        type="button"
        aria-label={label}
        aria-pressed={pressed}
        onClick={onClick}
        className={`rounded-md p-1.5 ${pressed ? "bg-indigo-100 text-indigo-800 dark:bg-indigo-900 dark:text-indigo-100" : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"}`}
      >
        {children}
      </button>
    </Tooltip>
  );
}

interface OrganizeValues {
  pageOrder: number[];
  pagesToDelete: number[];
  pagesToExtract: number[];
  pageRotations: Rotations;
}

function PageGrid({ doc, values, setValues }: { doc: PdfDocument; values: OrganizeValues; setValues(patch: Values): void }) {
  const t = useT("tool");
  // A ref, not state: a quick drag can drop before a re-render would have given onDrop the position it started at.
  const dragged = useRef<number | null>(null);
  const { pageOrder: order, pagesToDelete: deleted, pagesToExtract: extracted, pageRotations: rotations } = values;
  const move = (from: number, to: number) => setValues({ pageOrder: movePage(order, from, to) });
  return (
    <ol className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label={t("pages.label")} data-testid="page-grid">
      {order.map((page, position) => {
        const isDeleted = deleted.includes(page);
        const isExtracted = extracted.includes(page);
        return (
          <li
            key={page}
            draggable
            data-testid="page-card"
            data-page={page + 1}
            onDragStart={(e) => {
              dragged.current = position;
              e.dataTransfer.effectAllowed = "move";
            }}
            onDragEnd={() => {
              dragged.current = null;
            }}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => {
              e.preventDefault();
              if (dragged.current !== null) move(dragged.current, position);
            }}
            className={`flex flex-col items-center gap-2 rounded-lg border p-2 ${
              isDeleted ? "border-red-400 opacity-60 dark:border-red-700" : isExtracted ? "border-indigo-500" : "border-slate-200 dark:border-slate-700"
            }`}
          >
            <PageThumbnail doc={doc} pageNumber={page + 1} rotation={rotations[page] ?? 0} />
            <span className="text-xs font-medium text-slate-700 dark:text-slate-200">
              {t("page.label", { page: page + 1 })}
              {isDeleted && ` ${t("organize.deleted")}`}
              {isExtracted && ` ${t("organize.extracted")}`}
            </span>
            <div className="flex flex-wrap justify-center gap-0.5">
              <IconButton label={t("organize.earlier", { page: page + 1 })} onClick={() => move(position, position - 1)}>
                <ArrowLeft className="h-4 w-4" aria-hidden="true" />
              </IconButton>
              <IconButton label={t("organize.rotateLeft", { page: page + 1 })} onClick={() => setValues({ pageRotations: rotatePage(rotations, page, -90) })}>
                <RotateCcw className="h-4 w-4" aria-hidden="true" />
              </IconButton>
              <IconButton label={t("organize.rotateRight", { page: page + 1 })} onClick={() => setValues({ pageRotations: rotatePage(rotations, page, 90) })}>
                <RotateCw className="h-4 w-4" aria-hidden="true" />
              </IconButton>
              <IconButton
                label={t(isDeleted ? "organize.undelete" : "organize.delete", { page: page + 1 })}
                onClick={() => setValues({ pagesToDelete: togglePage(deleted, page) })}
              >
                {isDeleted ? <Undo2 className="h-4 w-4" aria-hidden="true" /> : <Trash2 className="h-4 w-4" aria-hidden="true" />}
              </IconButton>
              <IconButton
                label={t(isExtracted ? "organize.unextract" : "organize.extract", { page: page + 1 })}
                pressed={isExtracted}
                onClick={() => setValues({ pagesToExtract: togglePage(extracted, page) })}
              >
                <FileOutput className="h-4 w-4" aria-hidden="true" />
              </IconButton>
              <IconButton label={t("organize.later", { page: page + 1 })} onClick={() => move(position, position + 1)}>
                <ArrowRight className="h-4 w-4" aria-hidden="true" />
              </IconButton>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * organize-pdf: the real pages of the PDF as thumbnails; reorder by dragging (or the arrow buttons, by
 * keyboard), rotate, delete and extract per page, and the four bulk actions.
 */
export function OrganizeSettings({ values, setValues, file }: SettingsProps) {
  const t = useT("tool");
  const state = usePdfDocument(file);
  const pageCount = state.status === "ready" ? state.pageCount : 0;
  const organize = values as unknown as OrganizeValues;

  useEffect(() => {
    // A new document starts from its own pages in their order, with no edits.
    setValues({ pageOrder: initialOrder(pageCount), pagesToDelete: [], pagesToExtract: [], pageRotations: {} });
  }, [pageCount, setValues]);

  return (
    <PagesStatus state={state}>
      {(doc, count) => (
        <div className="mt-4">
          <p className="text-sm text-slate-700 dark:text-slate-200">
            {t("organize.summary", { count })}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="button" className={buttonStyles.secondary} onClick={() => setValues({ pageOrder: [...organize.pageOrder].sort((a, b) => a - b) })}>
              {t("organize.resetOrder")}
            </button>
            <button type="button" className={buttonStyles.secondary} onClick={() => setValues({ pageOrder: [...organize.pageOrder].reverse() })}>
              {t("organize.reverseOrder")}
            </button>
            <button type="button" className={buttonStyles.secondary} disabled={organize.pagesToDelete.length === 0} onClick={() => setValues({ pagesToDelete: [] })}>
              {t("organize.cancelDeletions")}
            </button>
            <button
              type="button"
              className={buttonStyles.secondary}
              disabled={Object.keys(organize.pageRotations).length === 0}
              onClick={() => setValues({ pageRotations: {} })}
            >
              {t("organize.resetRotations")}
            </button>
          </div>
          {organize.pageOrder.length === count && <PageGrid doc={doc} values={organize} setValues={setValues} />}
        </div>
      )}
    </PagesStatus>
  );
}
