import type { ToolSummary } from "../lib/tool-summaries.js";
import { AppLink } from "./layout/AppLink.js";
import { ToolIcon } from "./ToolIcon.js";
import { cardStyles } from "./ui/styles.js";
import { useT } from "../i18n/use-t.js";

/** A tool as a card linking to its screen: icon, name and the catalogue's description. */
export function ToolCard({ tool, className = "" }: { tool: ToolSummary; className?: string }) {
  const t = useT("tools");
  return (
    <AppLink href={`/${tool.id}`} className={`${cardStyles} flex h-full flex-col gap-2 p-5 hover:border-indigo-400 hover:shadow-md ${className}`}>
      <ToolIcon name={tool.icon} className="h-8 w-8 text-indigo-600 dark:text-indigo-400" />
      <span className="font-semibold text-slate-900 dark:text-white">{t(`${tool.id}.name`)}</span>
      <span className="text-sm text-slate-600 dark:text-slate-300">{t(`${tool.id}.description`)}</span>
    </AppLink>
  );
}
