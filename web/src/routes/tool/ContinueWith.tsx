import { ArrowRight } from "lucide-react";
import { useLocation } from "wouter";
import { TOOLS, type ToolDefinition } from "../../../../catalog/index.js";
import { buttonStyles } from "../../components/ui/styles.js";
import { fileStore } from "../../lib/file-store.js";
import type { ProcessReply } from "../../lib/jobs-api.js";
import { storedResultOf, type StoredResult } from "../../lib/stored-result.js";
import { kindOf } from "../../lib/upload-rules.js";

/** The tools with a screen that take this result's kind, other than the one that made it. */
function nextToolsFor(result: StoredResult, currentId: string): ToolDefinition[] {
  const kind = kindOf(result);
  if (!kind) return [];
  return TOOLS.filter((tool) => tool.listed && tool.screen !== "api-only" && tool.id !== currentId && tool.accepts.includes(kind));
}

/**
 * "Continue with…": the result goes on to another tool as the file selected there, by its id on the server, so
 * it is neither downloaded nor uploaded again.
 */
export function ContinueWith({ reply }: { reply: ProcessReply }) {
  const [location, navigate] = useLocation();
  const result = storedResultOf(reply);
  if (!result) return null;
  const tools = nextToolsFor(result, location.replace(/^\/(tool\/)?/, ""));
  if (tools.length === 0) return null;
  const continueWith = (tool: ToolDefinition) => {
    fileStore.clear();
    fileStore.add([result]);
    navigate(`/${tool.id}`);
  };
  return (
    <nav aria-labelledby="continue-with-title" className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-700" data-testid="continue-with">
      <h3 id="continue-with-title" className="text-sm font-semibold text-slate-900 dark:text-white">
        Continue with…
      </h3>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">Use {result.name} in another tool without uploading it again.</p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {tools.map((tool) => (
          <li key={tool.id}>
            <button type="button" onClick={() => continueWith(tool)} className={`${buttonStyles.secondary} px-3 py-1 text-xs`}>
              {tool.name}
              <ArrowRight className="h-3 w-3" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
