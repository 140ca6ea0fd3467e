import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { FastifyRequest } from "fastify";
import { FILE_KINDS, IMAGE_KINDS, type FileKind } from "../../catalog/file-kinds.js";
import type { ToolDefinition } from "../../catalog/types.js";
import { FileTooLargeError, UnsupportedFileError, UserError } from "../errors.js";
import { safeFileName } from "../lib/file-names.js";
import { sniffKind, ZIP_KINDS as ZIP_OFFICE_KINDS } from "../lib/sniff.js";
import { checkImageSize, imageSizeOfFile } from "../lib/image-size.js";
import { checkZipExpansion } from "../lib/zip-expansion.js";
import type { InputFile } from "../tools/types.js";

/**
 * Streams a multipart upload to the job's folder, enforcing the limits while the bytes arrive: nothing is held
 * whole in memory, and a file over the limit stops the upload at the limit. Stored names are counters; the
 * visitor's file name is kept only as (sanitised) data.
 */

export interface UploadLimits {
  maxFileBytes: number;
  maxFiles: number;
}

export interface ReceivedUpload {
  /** Files of the `files` field, in upload order. */
  files: ReceivedFile[];
  /** Files of other fields (signatureImage, certificateFile). */
  extra: Map<string, ReceivedFile>;
  fields: Map<string, string[]>;
}

export interface ReceivedFile {
  path: string;
  name: string;
  size: number;
  declaredType: string;
}

const MB = 1024 * 1024;
const WRITE_BUFFER_BYTES = 4 * MB;

export async function receiveUpload(request: FastifyRequest, workDir: string, limits: UploadLimits): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw new UserError("Please send the files as multipart/form-data.", 415, "not_multipart");
  const upload: ReceivedUpload = { files: [], extra: new Map(), fields: new Map() };
  const uploadDir = path.join(workDir, "uploads");
  await fs.mkdir(uploadDir);
  let counter = 0;
  try {
    const parts = request.parts({
      limits: {
        fileSize: limits.maxFileBytes,
        // The main files plus the two extra file fields of the signing tool.
        files: limits.maxFiles + 2,
        fields: 500,
        fieldSize: 8 * MB,
        parts: limits.maxFiles + 502,
      },
    });
    for await (const part of parts) {
      if (part.type === "field") {
        const list = upload.fields.get(part.fieldname) ?? [];
        list.push(String(part.value));
        upload.fields.set(part.fieldname, list);
        continue;
      }
      const name = safeFileName(decodeFormFileName(part.filename || "file"));
      const target = path.join(uploadDir, String(++counter));
      // A write buffer of a few megabytes lets the socket keep flowing while a write is under way: with 1 MB the
      // upload paused often enough that 50 MB took about 0.16 s to arrive instead of 0.09 s.
      await pipeline(part.file, createWriteStream(target, { mode: 0o600, highWaterMark: WRITE_BUFFER_BYTES }));
      const { size } = await fs.stat(target);
      // Browsers send an empty, nameless part for a file input left empty.
      if (size === 0 && !part.filename) continue;
      const file = { path: target, name, size, declaredType: part.mimetype };
      if (part.fieldname === "files" || part.fieldname === "files[]" || part.fieldname === "file") upload.files.push(file);
      else upload.extra.set(part.fieldname, file);
      if (upload.files.length > limits.maxFiles) throw tooManyFiles(limits.maxFiles);
    }
  } catch (err) {
    throw translateMultipartError(err, limits);
  }
  return upload;
}

/** Browsers escape three characters in multipart file names (HTML's form encoding); undo just those. */
function decodeFormFileName(name: string): string {
  return name.replace(/%22/gi, '"').replace(/%0D/gi, "\r").replace(/%0A/gi, "\n");
}

function tooManyFiles(max: number): UserError {
  return new UserError(`Too many files: you can upload at most ${max} at once.`, 400, "too_many_files");
}

function translateMultipartError(err: unknown, limits: UploadLimits): unknown {
  const code = (err as { code?: string }).code;
  switch (code) {
    case "FST_REQ_FILE_TOO_LARGE":
      return new FileTooLargeError(`A file is larger than ${Math.round(limits.maxFileBytes / MB)} MB, the most we accept per file.`);
    case "FST_FILES_LIMIT":
      return tooManyFiles(limits.maxFiles);
    case "FST_PARTS_LIMIT":
    case "FST_FIELDS_LIMIT":
      return new UserError("The request has too many fields.", 400, "too_many_fields");
    case "FST_PROTO_VIOLATION":
    case "FST_INVALID_MULTIPART_CONTENT_TYPE":
      return new UserError("The upload could not be read. Please try again.", 400, "bad_multipart");
    default:
      if (err instanceof Error && /Unexpected end of (form|multipart data)|Malformed part header|Multipart: Boundary not found/i.test(err.message)) {
        return new UserError("The upload was cut off before it finished. Please try again.", 400, "bad_multipart");
      }
      return err;
  }
}

function kindsSentence(kinds: readonly FileKind[]): string {
  const labels = [...new Set(kinds.map((k) => FILE_KINDS[k].label))];
  return labels.length === 1 ? `a ${labels[0]} file` : `one of: ${labels.join(", ")}`;
}

/** Checks each file by its content against the kinds its field accepts, and the file count against the tool. */
export async function checkFiles(tool: ToolDefinition, upload: ReceivedUpload): Promise<{ files: InputFile[]; extra: Record<string, InputFile> }> {
  const classify = async (file: ReceivedFile, accepted: readonly FileKind[]): Promise<InputFile> => {
    if (file.size === 0) throw new UserError(`"${file.name}" is empty.`, 400, "empty_file");
    const kind = await sniffKind(file.path, file.name);
    if (!kind || !accepted.includes(kind)) {
      throw new UnsupportedFileError(`"${file.name}" is not ${kindsSentence(accepted)}.`);
    }
    if (ZIP_OFFICE_KINDS.includes(kind)) await checkZipExpansion(file.path, file.name);
    // Every image's size is read from its header before any tool decodes it.
    if (IMAGE_KINDS.includes(kind)) checkImageSize(await imageSizeOfFile(file.path), file.name);
    return { path: file.path, name: file.name, size: file.size, kind };
  };

  if (upload.files.length === 0) throw new UserError("Please upload at least one file to process.", 400, "no_files");
  if (upload.files.length < tool.minFiles) {
    throw new UserError(tool.minFilesMessage ?? `Please upload at least ${tool.minFiles} files.`, 400, "not_enough_files");
  }
  if (upload.files.length > tool.maxFiles) {
    throw new UserError(
      tool.maxFiles === 1 ? `${tool.name} takes one file at a time.` : `Too many files: ${tool.name} takes at most ${tool.maxFiles}.`,
      400,
      "too_many_files",
    );
  }
  // Every file is looked at side by side, but a refusal names the first bad file in upload order.
  const checked = await Promise.allSettled(upload.files.map((file) => classify(file, tool.accepts)));
  const refused = checked.find((c) => c.status === "rejected");
  if (refused) throw refused.reason;
  const files = checked.map((c) => (c as PromiseFulfilledResult<InputFile>).value);
  const extra: Record<string, InputFile> = {};
  for (const field of tool.extraFiles ?? []) {
    const file = upload.extra.get(field.name);
    if (file) extra[field.name] = await classify(file, field.kinds);
  }
  return { files, extra };
}
