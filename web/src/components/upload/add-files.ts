import { fileStore } from "../../lib/file-store.js";
import { toast } from "../../lib/toast-store.js";
import { i18n } from "../../i18n/i18n.js";
import { addedMessage, checkDrop, rejectionMessage, type UploadRules } from "../../lib/upload-rules.js";

/** Adds a drop to the selection under the rules, with the spec's toasts for what was added and what was refused. */
export function addFiles(incoming: readonly File[], rules: UploadRules): void {
  const { accepted, rejected } = checkDrop(incoming, fileStore.get().length, rules);
  if (accepted.length > 0) fileStore.add(accepted);
  if (rejected.length > 0) {
    toast({ title: i18n.t("common:upload.errorTitle"), description: rejectionMessage(rejected, rules.maxBytes), variant: "destructive" });
  } else if (accepted.length > 0) {
    toast({ title: i18n.t("common:upload.addedTitle"), description: addedMessage(accepted) });
  }
}
