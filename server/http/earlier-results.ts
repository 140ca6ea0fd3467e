import { createWriteStream } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { UserError } from "../errors.js";
import { msg, type Message } from "../i18n/message.js";
import { duration } from "../i18n/quantities.js";
import { isId } from "../lib/ids.js";
import type { FileStore } from "../storage/store.js";
import type { ReceivedUpload } from "./upload.js";

/**
 * Results are inputs: a request may name results of earlier jobs by their `fileId` (field `fileIds`, repeated) in
 * place of uploading them again, before, between or after its uploaded files: each takes its place in the order sent. An id is as secret as the download link it comes
 * from, and reads only what that link would. Each result is copied into the request's folder and then checked
 * like any upload (kind, size, count), so a tool cannot tell the two apart.
 */

export const FILE_IDS_FIELD = "fileIds";

/** The sentence for a download or an id that names nothing, or something past its time. */
export function expiredFileMessage(fileTtlSeconds: number): Message {
  return msg("upload.expired", { time: duration(fileTtlSeconds) });
}

/**
 * Puts the results the request names among its files, each where it was sent (after the files sent before it); a
 * malformed id is a 400, one that names nothing a 404.
 */
export async function addEarlierResults(upload: ReceivedUpload, store: FileStore, uploadDir: string, limits: { maxFiles: number; fileTtlSeconds: number }): Promise<void> {
  const named = upload.namedIds;
  if (named.length === 0) return;
  if (upload.files.length + named.length > limits.maxFiles) {
    throw new UserError(msg("upload.tooManyWithIds", { max: limits.maxFiles }), 400, "too_many_files");
  }
  for (const [i, { id, filesBefore }] of named.entries()) {
    if (!isId(id)) throw new UserError(msg("upload.notFileId", { id: id.slice(0, 40) }), 400, "invalid_file_id");
    const found = await store.open(id);
    if (!found) throw new UserError(expiredFileMessage(limits.fileTtlSeconds), 404, "not_found");
    const target = path.join(uploadDir, "uploads", `result-${i + 1}`);
    await pipeline(found.stream, createWriteStream(target, { mode: 0o600 }));
    // The results before this one were put in already, each one place further on.
    upload.files.splice(filesBefore + i, 0, { path: target, name: found.meta.name, size: found.meta.size, declaredType: found.meta.contentType });
  }
}
