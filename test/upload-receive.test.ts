import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import multipart from "@fastify/multipart";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UserError } from "../server/errors.js";
import { receiveUpload, type ReceivedUpload, type UploadLimits } from "../server/http/upload.js";
import { prng } from "./helpers/prng.js";

/**
 * The upload as the server receives it, files kept on disk for the test to read back: a route that calls
 * receiveUpload and answers with what it stored (sizes and sha256 of the stored files, read from disk).
 */

const MB = 1024 * 1024;
const BOUNDARY = "----uploadTestBoundary1Ab2Cd3";
const LIMITS: UploadLimits = { maxFileBytes: 30 * MB, maxFiles: 20, maxFormFields: 20, maxFormFieldsBytes: 64 * 1024, uploadStallMs: 5000 };

let app: FastifyInstance;
let root: string;
let url: string;

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), "upload-receive-"));
  app = Fastify();
  await app.register(multipart);
  let count = 0;
  app.post("/upload", async (request, reply) => {
    const dir = path.join(root, String(++count));
    await fs.mkdir(dir);
    try {
      const upload = await receiveUpload(request, dir, LIMITS, { charsFor: () => 1000 });
      return await describeStored(upload);
    } catch (err) {
      if (err instanceof UserError) return reply.status(err.status).send({ error: err.code });
      throw err;
    }
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/upload`;
});

afterAll(async () => {
  await app.close();
  await fs.rm(root, { recursive: true, force: true });
});

async function describeStored(upload: ReceivedUpload) {
  const stored = async (file: { path: string; name: string; size: number }) => {
    const bytes = await fs.readFile(file.path);
    return { name: file.name, size: file.size, onDisk: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") };
  };
  return {
    files: await Promise.all(upload.files.map(stored)),
    extra: Object.fromEntries(await Promise.all([...upload.extra].map(async ([field, file]) => [field, await stored(file)]))),
    fields: Object.fromEntries(upload.fields),
  };
}

type Part = { name: string; value: string } | { name: string; filename: string; data: Buffer };

function body(parts: readonly Part[]): Buffer {
  const pieces: Buffer[] = [];
  for (const part of parts) {
    const filename = "filename" in part ? `; filename="${part.filename}"\r\nContent-Type: application/pdf` : "";
    pieces.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"${filename}\r\n\r\n`));
    pieces.push("data" in part ? part.data : Buffer.from(part.value), Buffer.from("\r\n"));
  }
  pieces.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(pieces);
}

/** Sends `data` in writes of the given sizes (cycled), each waiting for the socket, so chunks arrive cut anywhere. */
interface StoredFile {
  name: string;
  size: number;
  onDisk: number;
  sha256: string;
}
interface Reply {
  files?: StoredFile[];
  extra?: Record<string, StoredFile>;
  fields?: Record<string, string[]>;
  error?: string;
}

function post(data: Buffer, sizes: readonly number[]): Promise<{ status: number; body: Reply }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, "content-length": data.length },
    });
    request.on("error", reject);
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (c: Buffer) => chunks.push(c));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as Reply }));
    });
    void (async () => {
      for (let at = 0, i = 0; at < data.length; i++) {
        const size = sizes[i % sizes.length]!;
        if (!request.write(data.subarray(at, at + size))) await new Promise((r) => request.once("drain", r));
        at += size;
      }
      request.end();
    })();
  });
}

/** Random bytes with the framing's look-alikes sprinkled in: line breaks, dashes, most of the delimiter. */
function content(size: number, seed: number): Buffer {
  const random = prng(seed);
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = random.int(0, 256);
  const nearMiss = Buffer.from(`\r\n--${BOUNDARY.slice(0, -1)}`);
  for (let at = random.int(0, 5000); at + nearMiss.length < size; at += random.int(1000, 200_000)) {
    nearMiss.copy(bytes, at);
    // Never the boundary's last character after it: the content would hold a whole delimiter.
    bytes[at + nearMiss.length] = 0x78;
  }
  return bytes;
}

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

describe("receiving an upload", () => {
  it("stores large files byte for byte, whatever the sizes of the writes that carried them", async () => {
    const first = content(12 * MB, 1);
    const second = content(3 * MB + 17, 2);
    const data = body([
      { name: "lang", value: "fr" },
      { name: "files", filename: "first.pdf", data: first },
      { name: "pages", value: "1-3" },
      { name: "files", filename: "second.pdf", data: second },
      { name: "signatureImage", filename: "sig.png", data: Buffer.from("not really a png") },
    ]);
    for (const sizes of [[65_536], [1, 77, 4096, 100_003], [1_000_000]]) {
      const reply = await post(data, sizes);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.body.files).toEqual([
        { name: "first.pdf", size: first.length, onDisk: first.length, sha256: sha256(first) },
        { name: "second.pdf", size: second.length, onDisk: second.length, sha256: sha256(second) },
      ]);
      expect(reply.body.extra?.signatureImage).toMatchObject({ name: "sig.png", size: 16, sha256: sha256(Buffer.from("not really a png")) });
      expect(reply.body.fields).toEqual({ lang: ["fr"], pages: ["1-3"] });
    }
  }, 60_000);

  it("refuses a file over the size limit while it streams, and a body cut short", async () => {
    const tooLarge = await post(body([{ name: "files", filename: "big.pdf", data: content(LIMITS.maxFileBytes + 1, 3) }]), [65_536]);
    expect([tooLarge.status, tooLarge.body]).toEqual([413, { error: "too_large" }]);
    const whole = body([{ name: "files", filename: "a.pdf", data: content(100_000, 4) }]);
    const cut = Buffer.concat([whole.subarray(0, 50_000), Buffer.from(`\r\n--${BOUNDARY}`).subarray(0, 5)]);
    // The declared length is the cut body's: the body ends, but before its closing delimiter.
    const reply = await post(cut, [65_536]);
    expect([reply.status, reply.body]).toEqual([400, { error: "bad_multipart" }]);
  });

  it("refuses more files than allowed before storing them all", async () => {
    const parts = Array.from({ length: LIMITS.maxFiles + 3 }, (_, i) => ({ name: "files", filename: `f${i}.pdf`, data: Buffer.from(`file ${i}`) }));
    const reply = await post(body(parts), [65_536]);
    expect([reply.status, reply.body]).toEqual([400, { error: "too_many_files" }]);
  });
});
