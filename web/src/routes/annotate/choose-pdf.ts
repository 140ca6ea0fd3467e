import { fileStore } from "../../lib/file-store.js";
import { toast } from "../../lib/toast-store.js";
import { checkDrop, rejectionMessage, type UploadRules } from "../../lib/upload-rules.js";

/**
 * The annotate screen's upload: one PDF, which replaces the one being annotated. Anything else gets the spec's
 * 'Invalid file type' toast; a PDF over the size limit gets the shared size sentence.
 */
export function choosePdf(incoming: readonly File[], rules: UploadRules): void {
  const { accepted, rejected } = checkDrop(incoming.slice(0, 1), 0, rules);
  const pdf = accepted[0];
  if (pdf) {
    fileStore.clear();
    fileStore.add([pdf]);
    if (incoming.length > 1) toast({ title: "One file only", description: `Annotating ${pdf.name}; the other files were left out.` });
  } else if (rejected.some((r) => r.reason === "invalid-type")) {
    toast({ title: "Invalid file type", description: "Please upload a PDF file", variant: "destructive" });
  } else if (rejected.length > 0) {
    toast({ title: "Error adding files", description: rejectionMessage(rejected, rules.maxBytes), variant: "destructive" });
  }
}
