import { Check, Trash2 } from "lucide-react";
import { NumberField } from "../../components/form/fields.js";
import { buttonStyles } from "../../components/ui/styles.js";
import { describeAnnotation, isLine, type Annotation } from "./annotation-model.js";
import { useT } from "../../i18n/use-t.js";

/** The largest size a visitor may type, in points (A0 is 2384 points tall). */
const MAX_EXTENT = 2400;

/**
 * The heading, size and buttons of the annotation being edited; its settings are edited in the tabs below.
 * Lines run from their start by a signed distance, so they may go left or up.
 */
export function SelectedAnnotation({ annotation, onChange, onDelete, onDone }: { annotation: Annotation; onChange(a: Annotation): void; onDelete(): void; onDone(): void }) {
  const t = useT("tool");
  const line = isLine(annotation);
  const resize = (patch: Partial<Annotation["position"]>) => onChange({ ...annotation, position: { ...annotation.position, ...patch } });
  const { width, height } = annotation.position;
  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-900 dark:text-white" data-testid="selected-annotation">
          {t("annotate.editing", { name: describeAnnotation(annotation) })}
        </h3>
        <button type="button" className={buttonStyles.ghost} onClick={onDone}>
          <Check className="h-4 w-4" aria-hidden="true" />
          {t("annotate.done")}
        </button>
      </div>
      {annotation.type !== "draw" && annotation.type !== "comment" && (
        <div className="grid grid-cols-2 gap-3">
          <NumberField label={t(line ? "annotate.runsAcross" : "annotate.width")} hint={t("annotate.points")} value={Math.round(width)} min={line ? -MAX_EXTENT : 1} max={MAX_EXTENT} fallback={line ? 0 : 1} onChange={(w) => resize({ width: w })} />
          <NumberField label={t(line ? "annotate.runsDown" : "annotate.height")} hint={t("annotate.points")} value={Math.round(height)} min={line ? -MAX_EXTENT : 1} max={MAX_EXTENT} fallback={line ? 0 : 1} onChange={(h) => resize({ height: h })} />
        </div>
      )}
      <button type="button" className={`${buttonStyles.danger} w-full border border-red-300 dark:border-red-800`} onClick={onDelete}>
        <Trash2 className="h-4 w-4" aria-hidden="true" />
        {t("annotate.delete")}
      </button>
    </div>
  );
}
