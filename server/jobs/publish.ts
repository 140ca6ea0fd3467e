import path from "node:path";
import { contentTypeFor } from "../lib/content-types.js";
import { safeFileName } from "../lib/file-names.js";
import { writeZip } from "../lib/zip.js";
import type { FileStore } from "../storage/store.js";
import type { OutputGroup, ToolResult } from "../tools/types.js";

/** The JSON reply of a successful run: what the spec's pages read, plus the sizes of what was made. */
export interface ProcessReply {
  success: true;
  message?: string;
  /** The result is incomplete: what was lost (a repair that could not recover everything). */
  warning?: string;
  downloadUrl: string;
  filename: string;
  size: number;
  extractionResult?: { success: true; downloadUrl: string; filename: string; size: number };
}

/** Keeps one output group in the store: a single file as itself, several as one ZIP. */
async function keepGroup(group: OutputGroup, store: FileStore, workDir: string, fallbackZip: string) {
  if (group.files.length === 0) throw new Error("processor produced no output");
  let source: string;
  let name: string;
  if (group.files.length === 1) {
    source = group.files[0]!.path;
    name = group.files[0]!.name;
  } else {
    name = group.zipName ?? fallbackZip;
    source = path.join(workDir, `bundle-${Date.now()}.zip`);
    await writeZip(group.files, source);
  }
  // Output names are made from the visitor's: cleaned again, whatever a tool added to them.
  name = safeFileName(name);
  const meta = await store.keep(source, name, contentTypeFor(name));
  return { downloadUrl: `/api/download/${meta.id}`, filename: meta.name, size: meta.size };
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
