import { i18n } from "../../i18n/i18n.js";
import { addFiles } from "../../components/upload/add-files.js";
import { toast } from "../../lib/toast-store.js";
import type { FileKind } from "../../../../catalog/file-kinds.js";
import { isJunkFile, kindOf, type UploadRules } from "../../lib/upload-rules.js";

/** The spec's sentence for a file OCR cannot read, and for Run OCR without a file. */
export const notReadable = () => i18n.t("tool:ocr.notReadable");

/**
 * The OCR drop area's own wording: a file that is neither a PDF nor an image is refused with the spec's sentence;
 * the rest goes through the shared checks (size, count) and their messages.
 */
export function addOcrFiles(files: File[], rules: UploadRules): void {
  const readable = (file: File) => canRead(file, rules.kinds);
  const wrong = files.filter((f) => !isJunkFile(f) && !readable(f));
  const rest = files.filter(readable);
  if (rest.length > 0) addFiles(rest, rules);
  // Said last, so that it is the toast on screen.
  if (wrong.length > 0) toast({ title: i18n.t("tool:choosePdf.invalidType"), description: notReadable(), variant: "destructive" });
}

/** Whether a file is of a kind OCR takes (judged by its name, or its type when the name says nothing). */
export function canRead(file: File, kinds: readonly FileKind[]): boolean {
  const kind = kindOf(file);
  return kind !== undefined && kinds.includes(kind);
}
