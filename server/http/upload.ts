import { createWriteStream, type WriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { finished } from "node:stream/promises";
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
import { CutOffMultipartError, MalformedMultipartError, MultipartReader } from "./multipart-reader.js";

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
  let reading: { done: Promise<void>; stop(): void } | undefined;
  try {
    reading = readParts(request, boundaryOf(request.headers["content-type"]), { uploadDir, limits, fieldLimits, upload });
    await stall.race(reading.done);
  } catch (err) {
    // The rest of the body is not wanted: it is read and thrown away for a while so that the client reads the
    // refusal instead of a reset connection, then the connection is closed.
    reading?.stop();
    discardRestOfBody(request.raw);
    throw translateReadError(err);
  } finally {
    stall.stop();
  }
  return upload;
}

interface ReadContext {
  uploadDir: string;
  limits: UploadLimits;
  fieldLimits: FieldLimits;
  upload: ReceivedUpload;
}

/**
 * Reads the parts of the body as its chunks arrive: a file's bytes go straight from the chunk to its write stream,
 * a field's into its reader. The request is paused while a file's write buffer is full, and while a finished file
 * is still being written, so that at most one write buffer and one chunk of a request are held. Every part is
 * counted and measured as it arrives; a throw from a callback stops the reading.
 */
function readParts(request: FastifyRequest, boundary: string, { uploadDir, limits, fieldLimits, upload }: ReadContext): { done: Promise<void>; stop(): void } {
  const raw = request.raw;
  let resolveDone: () => void = () => undefined;
  let rejectDone: (err: unknown) => void = () => undefined;
  const done = new Promise<void>((resolve, reject) => {
    resolveDone = resolve;
    rejectDone = reject;
  });
  let stopped = false;
  let parts = 0;
  let stored = 0;
  const fieldsSeen = { fields: 0, bytes: 0 };
  const writing: Array<Promise<void>> = [];
  let file: { output: WriteStream; received: ReceivedFile; fieldname: string; named: boolean } | undefined;
  let field: { name: string; reader: FieldReader } | undefined;

  // The main files, the two extra file fields of the signing tool, and the fields.
  const countPart = () => {
    if (++parts > limits.maxFiles + 2 + limits.maxFormFields) throw tooManyFields(limits.maxFormFields);
  };

  // Reasons to leave the request paused (a full write buffer, a file still being finished), counted.
  let holds = 0;
  const hold = () => {
    if (holds++ === 0) raw.pause();
  };
  const release = () => {
    if (--holds === 0 && !stopped) raw.resume();
  };

  const reader = new MultipartReader(
    boundary,
    {
      skipped: () => countPart(),
      part: (headers) => {
        countPart();
        const name = headers.name ?? "";
        // Names become keys of the reply's records further on: none may reach an object's prototype.
        if (name in Object.prototype) throw new UserError(msg("upload.unreadable"), 400, "bad_multipart");
        if (headers.filename === undefined) {
          if (++fieldsSeen.fields > limits.maxFormFields) throw tooManyFields(limits.maxFormFields);
          field = { name, reader: new FieldReader(name, fieldLimits.charsFor(name), fieldsSeen, limits) };
          return;
        }
        if (stored >= limits.maxFiles + 2) throw tooManyFiles(limits.maxFiles);
        const target = path.join(uploadDir, String(++stored));
        // A write buffer of a few megabytes lets the socket keep flowing while a write is under way: with 1 MB the
        // upload paused often enough that 50 MB took about 0.16 s to arrive instead of 0.09 s.
        const output = createWriteStream(target, { mode: 0o600, highWaterMark: WRITE_BUFFER_BYTES });
        output.on("error", fail);
        const received = { path: target, name: safeFileName(decodeFormFileName(headers.filename || "file")), size: 0, declaredType: headers.contentType };
        file = { output, received, fieldname: name, named: headers.filename !== "" };
      },
      data: (bytes) => {
        if (field) return field.reader.write(bytes);
        if (!file) return;
        file.received.size += bytes.length;
        if (file.received.size > limits.maxFileBytes) {
          throw new FileTooLargeError(msg("upload.fileTooLarge", { megabytes: Math.round(limits.maxFileBytes / MB) }));
        }
        if (!file.output.write(bytes) && !file.output.listenerCount("drain")) {
          hold();
          file.output.once("drain", release);
        }
      },
      partEnd: () => {
        if (field) {
          const { name, reader } = field;
          field = undefined;
          return keepField(request, upload, name, reader.end());
        }
        if (!file) return;
        const { output, received, fieldname, named } = file;
        file = undefined;
        // A stream that is ending says no more "drain": a hold for one is given back here.
        if (output.listenerCount("drain") > 0) {
          output.off("drain", release);
          release();
        }
        hold();
        const written = finished(output).finally(release);
        written.catch(() => undefined);
        writing.push(written);
        output.end();
        // Browsers send an empty, nameless part for a file input left empty.
        if (received.size === 0 && !named) return;
        if (fieldname === "files" || fieldname === "files[]" || fieldname === "file") upload.files.push(received);
        else upload.extra.set(fieldname, received);
        if (upload.files.length > limits.maxFiles) throw tooManyFiles(limits.maxFiles);
      },
    },
    { headerBytes: PART_HEADER_BYTES, headerLines: PART_HEADER_PAIRS },
  );

  function fail(err: unknown): void {
    stop();
    rejectDone(err);
  }
  function stop(): void {
    if (stopped) return;
    stopped = true;
    raw.off("data", onData);
    raw.off("end", onEnd);
    raw.off("close", onClose);
    raw.off("error", onClose);
    file?.output.destroy();
    file = undefined;
  }
  function onData(chunk: Buffer): void {
    try {
      reader.write(chunk);
    } catch (err) {
      fail(err);
    }
  }
  function onEnd(): void {
    try {
      reader.end();
    } catch (err) {
      return fail(err);
    }
    stop();
    Promise.all(writing).then(resolveDone, rejectDone);
  }
  function onClose(): void {
    if (!raw.readableEnded) fail(new CutOffMultipartError("request closed"));
  }
  raw.on("data", onData);
  raw.on("end", onEnd);
  raw.on("close", onClose);
  raw.on("error", onClose);
  return { done, stop };
}

function keepField(request: FastifyRequest, upload: ReceivedUpload, name: string, value: string): void {
  // The page's language comes first in the web app's forms, so even a refusal of the files is said in it.
  if (name === "lang") takeLangField(request, value);
  const values = upload.fields.get(name) ?? [];
  values.push(value);
  upload.fields.set(name, values);
  if (name === FILE_IDS_FIELD || name === `${FILE_IDS_FIELD}[]`) upload.namedIds.push({ id: value.trim(), filesBefore: upload.files.length });
}

/**
 * Reads one field as it arrives, refusing it the moment it is longer than its own limit (in characters, as the
 * schema counts them) or the fields together are larger than theirs.
 */
class FieldReader {
  private readonly decoder = new StringDecoder("utf8");
  private readonly pieces: string[] = [];
  private chars = 0;

  constructor(
    private readonly name: string,
    private readonly maxChars: number,
    private readonly seen: { fields: number; bytes: number },
    private readonly limits: UploadLimits,
  ) {}

  write(chunk: Buffer): void {
    this.seen.bytes += chunk.length;
    const text = this.decoder.write(chunk);
    this.chars += text.length;
    if (this.chars > this.maxChars) throw fieldTooLong(this.name, this.maxChars);
    if (this.seen.bytes > this.limits.maxFormFieldsBytes) throw fieldsTooLarge(this.limits.maxFormFieldsBytes);
    this.pieces.push(text);
  }

  end(): string {
    const rest = this.decoder.end();
    if (this.chars + rest.length > this.maxChars) throw fieldTooLong(this.name, this.maxChars);
    this.pieces.push(rest);
    return this.pieces.join("");
  }
}

function tooManyFields(max: number): UserError {
  return new UserError(msg("upload.tooManyFields", { max }), 413, "too_many_fields");
}

/**
 * The boundary separates the parts; RFC 2046 allows at most 70 characters, so a longer or missing one is refused
 * here with a sentence.
 */
function boundaryOf(contentType: string | undefined): string {
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
  return unquoted;
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

function translateReadError(err: unknown): unknown {
  if (err instanceof CutOffMultipartError) return new UserError(msg("upload.cutOff"), 400, "bad_multipart");
  if (err instanceof MalformedMultipartError) return new UserError(msg("upload.unreadable"), 400, "bad_multipart");
  return err;
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
