import type { Locale } from "../../catalog/locales.js";
import { say } from "../i18n/i18n.js";
import type { Text } from "../i18n/message.js";
import path from "node:path";
import { MAX_FILES } from "../../catalog/file-kinds.js";
import { contentTypeFor } from "../lib/content-types.js";
import { safeFileName } from "../../pdf-ops/names.js";
import { writeZip } from "../lib/zip.js";
import type { FileStore } from "../storage/store.js";
import type { OutputGroup, ToolResult } from "../work/types.js";

/** Where one kept result can be had: its download, and its id for the next request's `fileIds`. */
interface KeptGroup {
  downloadUrl: string;
  filename: string;
  size: number;
  /** A single output's id. */
  fileId?: string;
  /** Each output's id, where there are several (as many as one request may take): the ZIP is no tool's input. */
  fileIds?: string[];
}

/** The JSON reply of a successful run: what the spec's pages read, plus the sizes and ids of what was made. */
export interface ProcessReply extends KeptGroup {
  success: true;
  message?: Text;
  /** The result is incomplete: what was lost (a repair that could not recover everything). */
  warning?: Text;
  extractionResult?: { success: true } & KeptGroup;
}

async function keepFile(store: FileStore, source: string, name: string) {
  // Output names are made from the visitor's: cleaned again, whatever a tool added to them.
  const safe = safeFileName(name);
  return store.keep(source, safe, contentTypeFor(safe));
}

/** Keeps one output group in the store: a single file as itself, several as one ZIP and, up to a request's worth, each. */
async function keepGroup(group: OutputGroup, store: FileStore, workDir: string, fallbackZip: string): Promise<KeptGroup> {
  if (group.files.length === 0) throw new Error("processor produced no output");
  if (group.files.length === 1) {
    const meta = await keepFile(store, group.files[0]!.path, group.files[0]!.name);
    return { downloadUrl: `/api/download/${meta.id}`, filename: meta.name, size: meta.size, fileId: meta.id };
  }
  const meta = await keepFile(store, await zipOf(group, workDir), group.zipName ?? fallbackZip);
  const kept: KeptGroup = { downloadUrl: `/api/download/${meta.id}`, filename: meta.name, size: meta.size };
  const distinct = new Set(group.files.map((f) => f.path)).size === group.files.length;
  if (distinct && group.files.length <= MAX_FILES) {
    // One at a time: with object storage each is an upload of its own.
    const ids: string[] = [];
    for (const file of group.files) ids.push((await keepFile(store, file.path, file.name)).id);
    kept.fileIds = ids;
  }
  return kept;
}

/** The group's ZIP: the one its processor wrote, where it holds the group's files as they are now, or a new one. */
async function zipOf(group: OutputGroup, workDir: string): Promise<string> {
  const holds = group.zip?.holds;
  if (holds?.length === group.files.length && holds.every((f, i) => f.path === group.files[i]!.path && f.name === group.files[i]!.name)) {
    return group.zip!.path;
  }
  const bundle = path.join(workDir, `bundle-${Date.now()}.zip`);
  await writeZip(group.files, bundle);
  return bundle;
}

/** A reply with its sentences said in `locale` (processors give them as catalogue messages). */
export function localizeReply<R extends { message?: Text; warning?: Text }>(reply: R, locale: Locale): R {
  return {
    ...reply,
    ...(reply.message !== undefined && { message: say(reply.message, locale) }),
    ...(reply.warning !== undefined && { warning: say(reply.warning, locale) }),
  };
}

export async function publishResult(result: ToolResult, store: FileStore, workDir: string, toolId: string): Promise<ProcessReply> {
  const main = await keepGroup(result, store, workDir, `${toolId}-results.zip`);
  const reply: ProcessReply = {
    success: true,
    ...(result.message ? { message: result.message } : {}),
    ...(result.warning ? { warning: result.warning } : {}),
    ...main,
  };
  if (result.extraction) {
    reply.extractionResult = { success: true, ...(await keepGroup(result.extraction, store, workDir, "extracted_pages.zip")) };
  }
  return reply;
}
