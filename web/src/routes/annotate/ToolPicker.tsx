import { Highlighter, Link, MessageSquare, Pencil, Shapes, Strikethrough, Type, Underline, type LucideIcon } from "lucide-react";
import { TOOL_TYPES, type AnnotationType } from "./annotation-model.js";
import { useT } from "../../i18n/use-t.js";

const ICONS: Record<AnnotationType, LucideIcon> = {
  text: Type,
  highlight: Highlighter,
  comment: MessageSquare,
  link: Link,
  shape: Shapes,
  underline: Underline,
  strikethrough: Strikethrough,
  draw: Pencil,
};

/** The tool buttons: the chosen one says so to screen readers (aria-pressed) as well as by its colour. */
export function ToolPicker({ value, onChange }: { value: AnnotationType; onChange(type: AnnotationType): void }) {
  const t = useT("tool");
  return (
    <div role="group" aria-label={t("annotate.toolGroup")} className="grid grid-cols-4 gap-2">
      {TOOL_TYPES.map((type) => {
        const Icon = ICONS[type];
        const active = type === value;
        return (
          <button
            key={type}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(type)}
            className={`flex flex-col items-center gap-1 rounded-lg border px-1 py-2 text-xs font-medium transition-colors ${
              active
                ? "border-indigo-600 bg-indigo-50 text-indigo-800 dark:border-indigo-400 dark:bg-indigo-950 dark:text-indigo-200"
                : "border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800"
            }`}
          >
            <Icon className="h-5 w-5" aria-hidden="true" />
            {t(`annotate.tools.${type}`)}
          </button>
        );
      })}
    </div>
  );
}
