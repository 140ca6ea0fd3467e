import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { StringDecoder } from "node:string_decoder";
import type { FastifyRequest } from "fastify";
import { IMAGE_KINDS, type FileKind } from "../../catalog/file-kinds.js";
import type { ToolDefinition } from "../../catalog/types.js";
import { FileTooLargeError, UnsupportedFileError, UserError } from "../errors.js";
import { safeFileName } from "../../pdf-ops/names.js";
import { FILE_IDS_FIELD } from "./earlier-results.js";
import type { FieldLimits } from "./field-limits.js";
import { sniffKind, ZIP_KINDS as ZIP_OFFICE_KINDS } from "../lib/sniff.js";
import { checkImageSize, imageSizeOfFile } from "../lib/image-size.js";
import { checkZipExpansion } from "../lib/zip-expansion.js";
import { SITE_ZIP_LIMITS } from "../lib/content-limits.js";
import type { InputFile } from "../work/types.js";
import { kindNames } from "../i18n/kind-names.js";
import { list, msg, type Message } from "../i18n/message.js";
import { duration, sizeLimit } from "../i18n/quantities.js";
import { takeLangField } from "./request-locale.js";

/**
 * Streams a multipart upload to the job's folder, enforcing the limits while the bytes arrive: nothing is held
 * whole in memory, and a file over the limit stops the upload at the limit. Stored names are counters; the
 * visitor's file name is kept only as (sanitised) data.
 */

export interface UploadLimits {
  maxFileBytes: number;
  maxFiles: number;
  maxFormFields: number;
  maxFormFieldsBytes: number;
  /** An upload that sends nothing for this long is dropped. */
  uploadStallMs: number;
}

export interface ReceivedUpload {
  /** Files of the `files` field, in upload order. */
  files: ReceivedFile[];
  /** Files of other fields (signatureImage, certificateFile). */
  extra: Map<string, ReceivedFile>;
  fields: Map<string, string[]>;
  /** Results of earlier jobs named by `fileIds`, each with the number of files sent before it: its place. */
  namedIds: Array<{ id: string; filesBefore: number }>;
}

export interface ReceivedFile {
  path: string;
  name: string;
  size: number;
  declaredType: string;
}

const MB = 1024 * 1024;
const WRITE_BUFFER_BYTES = 4 * MB;
/** Headers of one part: Content-Disposition and Content-Type, with room to spare. */
const PART_HEADER_PAIRS = 10;
const PART_HEADER_BYTES = 16 * 1024;

export async function receiveUpload(request: FastifyRequest, workDir: string, limits: UploadLimits, fieldLimits: FieldLimits): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw new UserError(msg("upload.notMultipart"), 415, "not_multipart");
  const upload: ReceivedUpload = { files: [], extra: new Map(), fields: new Map(), namedIds: [] };
  const uploadDir = path.join(workDir, "uploads");
  await fs.mkdir(uploadDir);
  const stall = watchForStall(request.raw, limits.uploadStallMs);
  let counter = 0;
  const fieldsSeen = { fields: 0, bytes: 0 };
  let arriving: Readable | undefined;
  try {
    checkBoundary(request.headers["content-type"]);
    const parts = request.parts({
      // Every part arrives as a stream, fields too, so that a field is read only up to its own limit: the parser
      // would otherwise hold a field whole, up to one limit for all, before saying anything.
      isPartAFile: () => true,
      limits: {
        fileSize: limits.maxFileBytes,
        // The main files, the two extra file fields of the signing tool, and the fields.
        files: limits.maxFiles + 2 + limits.maxFormFields,
        parts: limits.maxFiles + 2 + limits.maxFormFields,
        headerPairs: PART_HEADER_PAIRS,
        headerSize: PART_HEADER_BYTES,
      },
    });
    const iterator = parts[Symbol.asyncIterator]();
    for (;;) {
      const next = await stall.race(iterator.next());
      if (next.done) break;
      const part = next.value;
      if (part.type !== "file") continue;
      arriving = part.file;
      if (part.filename === undefined) {
        const value = await stall.race(readField(part.file, part.fieldname, fieldLimits.charsFor(part.fieldname), fieldsSeen, limits));
        // The page's language comes first in the web app's forms, so even a refusal of the files is said in it.
        if (part.fieldname === "lang") takeLangField(request, value);
        arriving = undefined;
        const list = upload.fields.get(part.fieldname) ?? [];
        list.push(value);
        upload.fields.set(part.fieldname, list);
        if (part.fieldname === FILE_IDS_FIELD || part.fieldname === `${FILE_IDS_FIELD}[]`) upload.namedIds.push({ id: value.trim(), filesBefore: upload.files.length });
        continue;
      }
      if (counter >= limits.maxFiles + 2) throw tooManyFiles(limits.maxFiles);
      const name = safeFileName(decodeFormFileName(part.filename || "file"));
      const target = path.join(uploadDir, String(++counter));
      // A write buffer of a few megabytes lets the socket keep flowing while a write is under way: with 1 MB the
      // upload paused often enough that 50 MB took about 0.16 s to arrive instead of 0.09 s.
      const output = createWriteStream(target, { mode: 0o600, highWaterMark: WRITE_BUFFER_BYTES });
      await stall.race(pipeline(part.file, output));
      arriving = undefined;
      const size = output.bytesWritten;
      // Browsers send an empty, nameless part for a file input left empty.
      if (size === 0 && !part.filename) continue;
      const file = { path: target, name, size, declaredType: part.mimetype };
      if (part.fieldname === "files" || part.fieldname === "files[]" || part.fieldname === "file") upload.files.push(file);
      else upload.extra.set(part.fieldname, file);
      if (upload.files.length > limits.maxFiles) throw tooManyFiles(limits.maxFiles);
    }
  } catch (err) {
    // The rest of the body is not wanted: it is read and thrown away for a while so that the client reads the
    // refusal instead of a reset connection, then the connection is closed.
    arriving?.destroy();
    discardRestOfBody(request.raw);
    throw translateMultipartError(err, limits);
  } finally {
    stall.stop();
  }
  return upload;
}

/**
 * Reads one field as it arrives, refusing it the moment it is longer than its own limit (in characters, as the
 * schema counts them) or the fields together are larger than theirs.
 */
async function readField(
  stream: Readable,
  name: string,
  maxChars: number,
  seen: { fields: number; bytes: number },
  limits: UploadLimits,
): Promise<string> {
  if (++seen.fields > limits.maxFormFields) throw tooManyFields(limits.maxFormFields);
  const decoder = new StringDecoder("utf8");
  const pieces: string[] = [];
  let chars = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    seen.bytes += chunk.length;
    const text = decoder.write(chunk);
    chars += text.length;
    if (chars > maxChars) throw fieldTooLong(name, maxChars);
    if (seen.bytes > limits.maxFormFieldsBytes) throw fieldsTooLarge(limits.maxFormFieldsBytes);
    pieces.push(text);
  }
  const rest = decoder.end();
  if (chars + rest.length > maxChars) throw fieldTooLong(name, maxChars);
  pieces.push(rest);
  return pieces.join("");
}

function tooManyFields(max: number): UserError {
  return new UserError(msg("upload.tooManyFields", { max }), 413, "too_many_fields");
}

/**
 * The boundary separates the parts; RFC 2046 allows at most 70 characters, and the parser cannot take more than
 * 256, so a longer or missing one is refused here with a sentence.
 */
function checkBoundary(contentType: string | undefined): void {
  const boundary = (contentType ?? "")
    .split(";")
    .map((param) => param.trim())
    .find((param) => param.slice(0, 9).toLowerCase() === "boundary=")
    ?.slice(9);
  const unquoted = boundary?.startsWith('"') && boundary.endsWith('"') && boundary.length >= 2 ? boundary.slice(1, -1) : boundary;
  if (!unquoted) throw new UserError(msg("upload.noBoundary"), 400, "bad_multipart");
  if (unquoted.length > 70) {
    throw new UserError(msg("upload.longBoundary"), 400, "bad_multipart");
  }
}

/** A 400 like any field the schema refuses: one field out of its bounds is an invalid value, not a heavy request. */
function fieldTooLong(name: string, maxChars: number): UserError {
  return new UserError(msg("upload.fieldTooLong", { name: name.slice(0, 100), max: maxChars }), 400, "field_too_long");
}

function fieldsTooLarge(maxBytes: number): UserError {
  return new UserError(msg("upload.fieldsTooLarge", { size: sizeLimit(maxBytes) }), 413, "fields_too_large");
}

class UploadStalledError extends UserError {
  constructor(seconds: number) {
    super(msg("upload.stalled", { time: duration(seconds) }), 408, "upload_stalled");
  }
}

/**
 * Rejects whatever it races once the request has sent nothing for `stallMs`. A chunk only notes when it came: a
 * large upload arrives in thousands of chunks, and moving a timer for each one costs more than the check. The timer
 * wakes when the last chunk would be `stallMs` old and sleeps again for whatever time is left.
 */
function watchForStall(raw: FastifyRequest["raw"], stallMs: number): { race<T>(work: Promise<T>): Promise<T>; stop(): void } {
  let fail: (err: Error) => void = () => undefined;
  const stalled = new Promise<never>((_resolve, reject) => (fail = reject));
  stalled.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  let lastData = performance.now();
  const check = () => {
    const quiet = performance.now() - lastData;
    if (quiet >= stallMs) fail(new UploadStalledError(Math.round(stallMs / 1000)));
    else timer = setTimeout(check, stallMs - quiet);
  };
  const onData = () => {
    lastData = performance.now();
  };
  if (stallMs > 0) {
    timer = setTimeout(check, stallMs);
    raw.on("data", onData);
  }
  return {
    race: (work) => {
      work.catch(() => undefined);
      return Promise.race([work, stalled]);
    },
    stop: () => {
      clearTimeout(timer);
      raw.off("data", onData);
    },
  };
}

/**
 * How much of a refused request's body is read and dropped before its connection is closed. Closing while the client
 * still sends makes the kernel reset the connection, and a reset can throw away the refusal the client has not read
 * yet; so a client that keeps sending is read to the end (up to a bound), and only one that stalls, or sends for too
 * long, is cut off.
 */
const DISCARD_MAX_BYTES = 64 * MB;
const DISCARD_STALL_MS = 10_000;
const DISCARD_MAX_MS = 60_000;

/** Requests whose refused body is still being read and dropped, and those whose refusal went out meanwhile. */
const discarding = new WeakSet<FastifyRequest["raw"]>();
const refusedEarly = new WeakSet<FastifyRequest["raw"]>();

/**
 * Called as a refusal is sent: true where the request's body still arrives. Node's server closes a connection as
 * soon as the reply is written when the client asked for "Connection: close", and the client, still sending, would
 * then meet a reset before it reads the reply; such a reply is to say keep-alive instead, and the connection is
 * ended once the rest of the body has been read (see discardRestOfBody).
 */
export function refusedWhileBodyArrives(raw: FastifyRequest["raw"]): boolean {
  if (!discarding.has(raw)) return false;
  refusedEarly.add(raw);
  return true;
}

function discardRestOfBody(raw: FastifyRequest["raw"]): void {
  raw.unpipe();
  if (raw.readableEnded || raw.destroyed) return;
  discarding.add(raw);
  let discarded = 0;
  const stop = () => {
    discarding.delete(raw);
    clearTimeout(stall);
    clearTimeout(deadline);
  };
  const close = () => {
    stop();
    raw.socket?.destroy();
  };
  const ended = () => {
    stop();
    // The refusal went out kept alive: the connection is ended now (end() sends what is still buffered first).
    if (refusedEarly.has(raw)) raw.socket?.end();
  };
  let stall = setTimeout(close, DISCARD_STALL_MS);
  const deadline = setTimeout(close, DISCARD_MAX_MS);
  stall.unref();
  deadline.unref();
  raw.on("data", (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DISCARD_MAX_BYTES) return close();
    clearTimeout(stall);
    stall = setTimeout(close, DISCARD_STALL_MS);
    stall.unref();
  });
  raw.once("end", ended);
  raw.once("close", stop);
  raw.resume();
}

/** Browsers escape three characters in multipart file names (HTML's form encoding); undo just those. */
function decodeFormFileName(name: string): string {
  return name.replace(/%22/gi, '"').replace(/%0D/gi, "\r").replace(/%0A/gi, "\n");
}

function tooManyFiles(max: number): UserError {
  return new UserError(msg("upload.tooManyFiles", { max }), 400, "too_many_files");
}

function translateMultipartError(err: unknown, limits: UploadLimits): unknown {
  const code = (err as { code?: string }).code;
  switch (code) {
    case "FST_REQ_FILE_TOO_LARGE":
      return new FileTooLargeError(msg("upload.fileTooLarge", { megabytes: Math.round(limits.maxFileBytes / MB) }));
    case "FST_FILES_LIMIT":
      return tooManyFiles(limits.maxFiles);
    case "FST_PARTS_LIMIT":
    case "FST_FIELDS_LIMIT":
      return tooManyFields(limits.maxFormFields);
    case "FST_MP_PREMATURE_CLOSE":
      return new UserError(msg("upload.cutOff"), 400, "bad_multipart");
    case "FST_PROTO_VIOLATION":
    case "FST_INVALID_MULTIPART_CONTENT_TYPE":
      return new UserError(msg("upload.unreadable"), 400, "bad_multipart");
    default:
      if (err instanceof Error && /Unexpected end of (form|multipart data)|Part terminated early/i.test(err.message)) {
        return new UserError(msg("upload.cutOff"), 400, "bad_multipart");
      }
      if (err instanceof Error && /Malformed part header|Boundary not found|Header size limit|needle/i.test(err.message)) {
        return new UserError(msg("upload.unreadable"), 400, "bad_multipart");
      }
      return err;
  }
}

function notOfKinds(name: string, kinds: readonly FileKind[]): Message {
  const names = kindNames(kinds);
  return names.length === 1 ? msg("upload.notKind", { name, kind: names[0]! }) : msg("upload.notOneOf", { name, kinds: list(names) });
}

/** Checks each file by its content against the kinds its field accepts, and the file count against the tool. */
export async function checkFiles(tool: ToolDefinition, upload: ReceivedUpload): Promise<{ files: InputFile[]; extra: Record<string, InputFile> }> {
  const classify = async (file: ReceivedFile, accepted: readonly FileKind[]): Promise<InputFile> => {
    if (file.size === 0) throw new UserError(msg("upload.empty", { name: file.name }), 400, "empty_file");
    const kind = await sniffKind(file.path, file.name);
    if (!kind || !accepted.includes(kind)) {
      throw new UnsupportedFileError(notOfKinds(file.name, accepted));
    }
    if (ZIP_OFFICE_KINDS.includes(kind)) await checkZipExpansion(file.path, file.name);
    if (kind === "zip") await checkZipExpansion(file.path, file.name, SITE_ZIP_LIMITS);
    // Every image's size is read from its header before any tool decodes it.
    if (IMAGE_KINDS.includes(kind)) checkImageSize(await imageSizeOfFile(file.path), file.name);
    return { path: file.path, name: file.name, size: file.size, kind };
  };

  // A tool that can work without files (HTML to PDF from a web address) asks for what it needs itself.
  if (upload.files.length === 0 && tool.minFiles > 0) throw new UserError(msg("upload.noFiles"), 400, "no_files");
  if (upload.files.length < tool.minFiles) {
    const sentence = tool.minFilesMessage ? msg(`tools:${tool.id}.minFilesMessage`) : msg("upload.notEnoughFiles", { count: tool.minFiles });
    throw new UserError(sentence, 400, "not_enough_files");
  }
  if (upload.files.length > tool.maxFiles) {
    const name = msg(`tools:${tool.id}.name`);
    throw new UserError(
      tool.maxFilesMessage
        ? msg(`tools:${tool.id}.maxFilesMessage`)
        : tool.maxFiles === 1
          ? msg("upload.oneAtATime", { tool: name })
          : msg("upload.toolTakesAtMost", { tool: name, max: tool.maxFiles }),
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
