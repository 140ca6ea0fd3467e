import type { ToolDefinition } from "../../../../catalog/index.js";
import { useT } from "../../i18n/use-t.js";

/** Says what happens when a one-file tool gets several files: each is processed on its own, into one ZIP. */
export function BatchNote({ tool, count }: { tool: ToolDefinition; count: number }) {
  const t = useT("tool");
  return (
    <p className="mt-4 rounded-md bg-indigo-50 p-3 text-sm text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100" data-testid="batch-note">
      {t("batch.note", { tool: t(`tools:${tool.id}.name`), count })}
    </p>
  );
}
