import { ArrowLeft } from "lucide-react";
import type { ToolDefinition } from "../../../../catalog/index.js";
import { AppLink } from "../../components/layout/AppLink.js";
import { ToolIcon } from "../../components/ToolIcon.js";
import { buttonStyles } from "../../components/ui/styles.js";
import { useT } from "../../i18n/use-t.js";
import { WhereItRuns } from "./WhereItRuns.js";

/**
 * Back to Home, then the tool's icon, name and description, and where it runs (with the screen's settings where
 * they decide it): the top of every tool screen.
 */
export function ToolHeader({ tool, values }: { tool: ToolDefinition; values?: Readonly<Record<string, unknown>> }) {
  const t = useT("tool");
  return (
    <>
      <AppLink href="/" className={`${buttonStyles.ghost} -ms-4`}>
        <ArrowLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" />
        {t("common:notFound.backHome")}
      </AppLink>
      <header className="mt-4 flex items-start gap-4">
        <span className="rounded-xl bg-indigo-100 p-3 dark:bg-indigo-950">
          <ToolIcon name={tool.icon} className="h-8 w-8 text-indigo-700 dark:text-indigo-300" />
        </span>
        <div>
          <h1 className="text-3xl font-bold text-slate-900 dark:text-white">{t(`tools:${tool.id}.name`)}</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">{t(`tools:${tool.id}.description`)}</p>
        </div>
      </header>
      <WhereItRuns tool={tool} values={values} />
    </>
  );
}
