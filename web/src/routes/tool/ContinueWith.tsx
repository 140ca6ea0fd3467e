import { ArrowRight } from "lucide-react";
import { useLocation } from "wouter";
import { TOOLS, type ToolDefinition } from "../../../../catalog/index.js";
import { buttonStyles } from "../../components/ui/styles.js";
import { fileStore } from "../../lib/file-store.js";
import type { ProcessReply } from "../../lib/jobs-api.js";
import { useStoredResults } from "../../lib/use-stored-results.js";
import { kindOf } from "../../lib/upload-rules.js";
import { canBatch } from "./batch.js";
import { useT } from "../../i18n/use-t.js";

/**
 * The tools with a screen that take every one of these results, as many at once (or each in turn, as a batch),
 * other than the one that made them.
 */
function nextToolsFor(results: readonly File[], currentId: string): ToolDefinition[] {
  const kinds = results.map(kindOf);
  if (kinds.some((kind) => !kind)) return [];
  const takesAll = (tool: ToolDefinition) => tool.maxFiles >= results.length || canBatch(tool);
  return TOOLS.filter(
    (tool) => tool.listed && tool.screen !== "api-only" && tool.id !== currentId && takesAll(tool) && kinds.every((kind) => tool.accepts.includes(kind!)),
  );
}

/**
 * "Continue with…": the result goes on to another tool as the file selected there, by its id on the server, so
 * it is neither downloaded nor uploaded again. Several outputs (split pages) go on together.
 */
export function ContinueWith({ reply }: { reply: ProcessReply & { localFiles?: File[] } }) {
  const [location, navigate] = useLocation();
  const stored = useStoredResults(reply);
  const t = useT("tool");
  // Results made on the device are files in this browser already: they go on as they are.
  const results = reply.localFiles ?? stored;
  const tools = results.length > 0 ? nextToolsFor(results, location.replace(/^\/(tool\/)?/, "")) : [];
  if (tools.length === 0) return null;
  const continueWith = (tool: ToolDefinition) => {
    fileStore.clear();
    fileStore.add(results);
    navigate(`/${tool.id}`);
  };
  return (
    <nav aria-labelledby="continue-with-title" className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-700" data-testid="continue-with">
      <h3 id="continue-with-title" className="text-sm font-semibold text-slate-900 dark:text-white">
        {t("continue.title")}
      </h3>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
        {reply.localFiles
          ? results.length === 1
            ? t("continue.localOne", { name: results[0]!.name })
            : t("continue.localMany", { count: results.length })
          : results.length === 1
            ? t("continue.textOne", { name: results[0]!.name })
            : t("continue.textMany", { count: results.length })}
      </p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {tools.map((tool) => (
          <li key={tool.id}>
            <button type="button" onClick={() => continueWith(tool)} className={`${buttonStyles.secondary} px-3 py-1 text-xs`}>
              {t(`tools:${tool.id}.name`)}
              <ArrowRight className="h-3 w-3 rtl:-scale-x-100" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
