import type { ToolDefinition } from "../../../catalog/index.js";
import { i18n } from "../i18n/i18n.js";

export interface Problem {
  title: string;
  description: string;
}

/** The spec's toast titles for the settings that block processing; other problems get a general title. */
function titleFor(field: string, message: string): string {
  if (field === "userPassword") return i18n.t("common:precheck.passwordRequired");
  if (message === "Please select at least one page to delete.") return i18n.t("common:precheck.noPagesToDelete");
  return i18n.t("common:precheck.checkSettings");
}

/**
 * What stops processing before anything is sent: no files, too few files, or settings the tool's schema refuses.
 * The catalogue's messages are the spec's sentences; the server checks the same schema again.
 */
export function problemBeforeProcessing(
  tool: ToolDefinition,
  files: readonly File[],
  values: Record<string, unknown>,
): Problem | null {
  if (files.length === 0) return { title: i18n.t("common:precheck.noFiles"), description: i18n.t("common:precheck.noFilesText") };
  if (files.length < tool.minFiles) {
    return {
      title: i18n.t("common:precheck.notEnough"),
      description: tool.minFilesMessage
        ? i18n.t(`tools:${tool.id}.minFilesMessage`)
        : i18n.t("common:precheck.atLeast", { count: tool.minFiles }),
    };
  }
  const parsed = tool.options.safeParse(values);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  const field = String(issue.path[0] ?? "");
  const sentence = /^[A-Z]/.test(issue.message) ? issue.message : `${issue.path.join(".")}: ${issue.message}`;
  return { title: titleFor(field, issue.message), description: sentence };
}
