import { useState } from "react";
import { TOOL_CATEGORIES, type ToolCategory } from "../../../../catalog/types.js";
import { ToolCard } from "../../components/ToolCard.js";
import { buttonStyles } from "../../components/ui/styles.js";
import { TOOL_SUMMARIES } from "../../lib/tool-summaries.js";
import { useT } from "../../i18n/use-t.js";

const INITIAL_COUNT = 8;
const TABS: ReadonlyArray<{ id: ToolCategory | "all"; label: string }> = [
  { id: "all", label: "home:grid.all" },
  ...TOOL_CATEGORIES.map((category) => ({ id: category.id, label: `tools:categories.${category.id}` })),
];
const LISTED = TOOL_SUMMARIES.filter((tool) => tool.listed);

export function ToolGrid() {
  const [category, setCategory] = useState<ToolCategory | "all">("all");
  const [expanded, setExpanded] = useState(false);
  const t = useT("home");
  const matching = LISTED.filter((tool) => category === "all" || tool.category === category);
  const shown = expanded ? matching : matching.slice(0, INITIAL_COUNT);

  return (
    <section id="tools" className="mx-auto max-w-7xl scroll-mt-20 px-4 py-12" aria-labelledby="tools-title">
      <h2 id="tools-title" className="text-center text-3xl font-bold text-slate-900 dark:text-white">
        {t("grid.title")}
      </h2>
      <div role="group" aria-label={t("grid.categories")} className="mt-6 flex flex-wrap justify-center gap-2">
        {TABS.map((tab) => (
          <button
            key={tab.id}
            type="button"
            aria-pressed={category === tab.id}
            onClick={() => {
              setCategory(tab.id);
              setExpanded(false);
            }}
            className={`rounded-full px-4 py-2 text-sm font-medium ${
              category === tab.id
                ? "bg-indigo-600 text-white dark:bg-indigo-400 dark:text-slate-950"
                : "bg-slate-100 text-slate-800 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700"
            }`}
          >
            {t(tab.label)}
          </button>
        ))}
      </div>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="tool-grid">
        {shown.map((tool) => (
          <li key={tool.id}>
            <ToolCard tool={tool} />
          </li>
        ))}
      </ul>
      {matching.length > INITIAL_COUNT && (
        <div className="mt-6 text-center">
          <button type="button" onClick={() => setExpanded((e) => !e)} className={buttonStyles.secondary}>
            {expanded ? t("grid.showLess") : t("grid.showAll")}
          </button>
        </div>
      )}
    </section>
  );
}
