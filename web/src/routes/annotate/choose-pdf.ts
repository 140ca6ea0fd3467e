import { i18n } from "../../i18n/i18n.js";
import { fileStore } from "../../lib/file-store.js";
import { toast } from "../../lib/toast-store.js";
import { checkDrop, rejectionMessage, type UploadRules } from "../../lib/upload-rules.js";

/** What the screen does to the one PDF it keeps, for the toast when several arrive (tool:choosePdf.kept.<work>). */
export type PdfWork = "annotating" | "redacting";

/**
 * The upload of a screen that works on one PDF's pages (annotate, redact): one PDF, which replaces the one being
 * worked on. Anything else gets the spec's 'Invalid file type' toast; a PDF over the size limit gets the shared size
 * sentence.
 */
export function choosePdf(incoming: readonly File[], rules: UploadRules, work: PdfWork = "annotating"): void {
  const { accepted, rejected } = checkDrop(incoming.slice(0, 1), 0, rules);
  const pdf = accepted[0];
  if (pdf) {
    fileStore.clear();
    fileStore.add([pdf]);
    if (incoming.length > 1) toast({ title: i18n.t("tool:choosePdf.oneFileOnly"), description: i18n.t(`tool:choosePdf.kept.${work}`, { name: pdf.name }) });
  } else if (rejected.some((r) => r.reason === "invalid-type")) {
    toast({ title: i18n.t("tool:choosePdf.invalidType"), description: i18n.t("tool:choosePdf.pdfOnly"), variant: "destructive" });
  } else if (rejected.length > 0) {
    toast({ title: i18n.t("common:upload.errorTitle"), description: rejectionMessage(rejected, rules.maxBytes), variant: "destructive" });
  }
}
