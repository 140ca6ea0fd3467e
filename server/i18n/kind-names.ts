import { FILE_KINDS, type FileKind } from "../../catalog/file-kinds.js";
import { msg, type Message } from "./message.js";

/** A kind of file as sentences name it: formats by their own names ("PDF", "Word"), a certificate in words. */
export function kindName(kind: FileKind): string | Message {
  return kind === "pkcs12" ? msg("fileKinds.certificate") : FILE_KINDS[kind].label;
}

/** The names of these kinds, each once (".docx" and ".doc" are both "Word"). */
export function kindNames(kinds: readonly FileKind[]): Array<string | Message> {
  const seen = new Set<string>();
  return kinds.filter((kind) => !seen.has(FILE_KINDS[kind].label) && seen.add(FILE_KINDS[kind].label)).map(kindName);
}
