import { FILE_KINDS, MAX_FILE_BYTES, MAX_FILES, acceptMap, kindFromName, type FileKind } from "../../../catalog/file-kinds.js";
import type { ToolDefinition } from "../../../catalog/types.js";
import { i18n } from "../i18n/i18n.js";
import { formatBytes } from "./format-bytes.js";

/** What one drop area takes: the kinds, how many files may be selected in all, and the size of each. */
export interface UploadRules {
  kinds: readonly FileKind[];
  maxFiles: number;
  maxBytes: number;
}

/** The home page takes every document kind a tool there can work on. */
export const HOME_RULES: UploadRules = {
  kinds: ["pdf", "doc", "docx", "xls", "xlsx", "ppt", "pptx", "jpeg", "png"],
  maxFiles: MAX_FILES,
  maxBytes: MAX_FILE_BYTES,
};

export function rulesForTool(tool: Pick<ToolDefinition, "accepts" | "maxFiles">): UploadRules {
  return { kinds: tool.accepts, maxFiles: tool.maxFiles, maxBytes: MAX_FILE_BYTES };
}

/** The `accept` map for the file dialog and react-dropzone's drag states. */
export function acceptFor(rules: UploadRules): Record<string, string[]> {
  return acceptMap(rules.kinds);
}

/** Operating-system files that come along when a folder is dropped; they are never meant as documents. */
const JUNK_FILE_NAMES = new Set([".ds_store", "thumbs.db"]);

export function isJunkFile(file: { name: string }): boolean {
  return JUNK_FILE_NAMES.has(file.name.toLowerCase());
}

export type RejectionReason = "too-large" | "invalid-type" | "too-many";
export interface Rejection {
  file: File;
  reason: RejectionReason;
}

/** The kind of a file by its extension, or by its MIME type when the name says nothing. */
export function kindOf(file: { name: string; type: string }): FileKind | undefined {
  return kindFromName(file.name) ?? (Object.keys(FILE_KINDS) as FileKind[]).find((k) => FILE_KINDS[k].mime === file.type);
}

/**
 * Sorts one drop into accepted and rejected files: junk is dropped silently, a drop of more than 20 files is
 * refused whole, each file must be of an accepted kind and within the size limit, and the selection may not grow
 * beyond what the tool takes (`alreadySelected` files are there before this drop).
 */
export function checkDrop(
  incoming: readonly File[],
  alreadySelected: number,
  rules: UploadRules,
): { accepted: File[]; rejected: Rejection[] } {
  const files = incoming.filter((f) => !isJunkFile(f));
  if (files.length > MAX_FILES) return { accepted: [], rejected: files.map((file) => ({ file, reason: "too-many" })) };
  const accepted: File[] = [];
  const rejected: Rejection[] = [];
  for (const file of files) {
    const kind = kindOf(file);
    if (!kind || !rules.kinds.includes(kind)) rejected.push({ file, reason: "invalid-type" });
    else if (file.size > rules.maxBytes) rejected.push({ file, reason: "too-large" });
    else if (alreadySelected + accepted.length >= rules.maxFiles) rejected.push({ file, reason: "too-many" });
    else accepted.push(file);
  }
  return { accepted, rejected };
}

/** The spec's line for one rejected file in the 'Error adding files' toast. */
export function rejectionLine({ file, reason }: Rejection, maxBytes: number): string {
  switch (reason) {
    case "too-large":
      return i18n.t("common:upload.tooLarge", { name: file.name, size: formatBytes(maxBytes) });
    case "invalid-type":
      return i18n.t("common:upload.invalidType", { name: file.name });
    case "too-many":
      return i18n.t("common:upload.tooMany");
  }
}

/** All lines of a rejection toast; "Too many files" is said once however many files it concerns. */
export function rejectionMessage(rejected: readonly Rejection[], maxBytes: number): string {
  return [...new Set(rejected.map((r) => rejectionLine(r, maxBytes)))].join("\n");
}

/** 'Added <n> file(s) (<total size>)'. */
export function addedMessage(files: readonly File[]): string {
  const total = files.reduce((sum, f) => sum + f.size, 0);
  return i18n.t("common:upload.added", { count: files.length, size: formatBytes(total) });
}
