import type { ToolDefinition } from "../../../catalog/index.js";
import { NO_PAGES_TO_DELETE } from "../../../catalog/options/pages.js";
import { describeIssue } from "../../../pdf-ops/options.js";
import { i18n } from "../i18n/i18n.js";
import { sayOnPage } from "../i18n/say.js";

export interface Problem {
  title: string;
  description: string;
}

/** The spec's toast titles for the settings that block processing; other problems get a general title. */
function titleFor(field: string, message: string): string {
  if (field === "userPassword") return i18n.t("common:precheck.passwordRequired");
  if (message === NO_PAGES_TO_DELETE) return i18n.t("common:precheck.noPagesToDelete");
  return i18n.t("common:precheck.checkSettings");
}

/**
 * What stops processing before anything is sent: no files, too few files, or settings the tool's schema refuses.
 * A refused setting is said as the server says it (the shared catalogue's sentence, in the page's language, fetched
 * the first time one is shown); the server checks the same schema again.
 */
export async function problemBeforeProcessing(
  tool: ToolDefinition,
  files: readonly File[],
  values: Record<string, unknown>,
): Promise<Problem | null> {
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
  return { title: titleFor(String(issue.path[0] ?? ""), issue.message), description: await sayOnPage(describeIssue(issue, values)) };
}
