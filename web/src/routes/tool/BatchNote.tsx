import type { ToolDefinition } from "../../../../catalog/index.js";

/** Says what happens when a one-file tool gets several files: each is processed on its own, into one ZIP. */
export function BatchNote({ tool, count }: { tool: ToolDefinition; count: number }) {
  return (
    <p className="mt-4 rounded-md bg-indigo-50 p-3 text-sm text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100" data-testid="batch-note">
      {tool.name} works on one file at a time. It will be applied to each of your {count} files with the same settings, and you
      will get one ZIP with the results and a report.
    </p>
  );
}
