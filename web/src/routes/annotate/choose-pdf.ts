import { fileStore } from "../../lib/file-store.js";
import { toast } from "../../lib/toast-store.js";
import { checkDrop, rejectionMessage, type UploadRules } from "../../lib/upload-rules.js";

/**
 * The upload of a screen that works on one PDF's pages (annotate, redact): one PDF, which replaces the one being
 * worked on. Anything else gets the spec's 'Invalid file type' toast; a PDF over the size limit gets the shared size
 * sentence. `working` says what is done to the file kept when several arrive.
 */
export function choosePdf(incoming: readonly File[], rules: UploadRules, working = "Annotating"): void {
  const { accepted, rejected } = checkDrop(incoming.slice(0, 1), 0, rules);
  const pdf = accepted[0];
  if (pdf) {
    fileStore.clear();
    fileStore.add([pdf]);
    if (incoming.length > 1) toast({ title: "One file only", description: `${working} ${pdf.name}; the other files were left out.` });
  } else if (rejected.some((r) => r.reason === "invalid-type")) {
    toast({ title: "Invalid file type", description: "Please upload a PDF file", variant: "destructive" });
  } else if (rejected.length > 0) {
    toast({ title: "Error adding files", description: rejectionMessage(rejected, rules.maxBytes), variant: "destructive" });
  }
}
