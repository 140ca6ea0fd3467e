import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type _Object,
} from "@aws-sdk/client-s3";
import { isId, newId } from "../lib/ids.js";
import { isInputKey, type Clock, type FileStore, type StoredFileMeta } from "./store.js";

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/**
 * Uploads and results in S3-compatible object storage, so that API servers and workers on different machines share
 * them: uploads under inputs/<job id>/<index>, results under files/<id> with their name and creation time as object
 * metadata. Lifecycle rules count in days, so expiry is ours: `open` refuses anything past its time and `sweep`
 * deletes it. Only these two prefixes are ever listed or deleted.
 */
export class S3Store implements FileStore {
  private readonly client: S3Client;

  constructor(
    private readonly settings: S3Settings,
    private readonly ttlMs: number,
    private readonly clock: Clock = Date.now,
  ) {
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
      // Checksums only where S3 requires them: with the default, streamed bodies are sent aws-chunked with a
      // trailing checksum, which several S3-compatible servers store verbatim instead of decoding.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  async init(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket }));
    } catch (err) {
      throw new Error(`S3 bucket "${this.settings.bucket}" cannot be reached: ${(err as Error).name} ${(err as Error).message}`, {
        cause: err,
      });
    }
  }

  async putInput(jobId: string, index: number, source: string): Promise<string> {
    const key = `${jobId}/${index}`;
    if (!isInputKey(key)) throw new Error(`bad input key ${key}`);
    await this.put(`inputs/${key}`, source, {});
    return key;
  }

  async fetchInput(key: string, target: string): Promise<void> {
    if (!isInputKey(key)) throw new Error(`bad input key ${key}`);
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: `inputs/${key}` }));
    await pipeline(object.Body as Readable, createWriteStream(target, { mode: 0o600 }));
  }

  async removeInputs(jobId: string): Promise<void> {
    if (!isId(jobId)) return;
    await this.deleteKeys((await this.list(`inputs/${jobId}/`)).map((o) => o.Key!));
  }

  async keep(source: string, name: string, contentType: string): Promise<StoredFileMeta> {
    const id = newId();
    const createdAt = this.clock();
    const size = await this.put(`files/${id}`, source, {
      ContentType: contentType,
      Metadata: { name: encodeURIComponent(name), "created-at": String(createdAt) },
    });
    await fs.rm(source, { force: true });
    return { id, name, contentType, size, createdAt };
  }

  async open(id: string) {
    if (!isId(id)) return undefined;
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: `files/${id}` }));
      const stream = object.Body as Readable;
      const createdAt = Number(object.Metadata?.["created-at"]);
      if (!Number.isFinite(createdAt) || this.clock() - createdAt > this.ttlMs) {
        stream.destroy();
        return undefined;
      }
      const meta: StoredFileMeta = {
        id,
        name: decodeURIComponent(object.Metadata?.name ?? "download"),
        contentType: object.ContentType ?? "application/octet-stream",
        size: object.ContentLength ?? 0,
        createdAt,
      };
      return { meta, stream };
    } catch (err) {
      if ((err as Error).name === "NoSuchKey") return undefined;
      throw err;
    }
  }

  async sweep(): Promise<number> {
    const now = this.clock();
    const expired = [...(await this.list("inputs/")), ...(await this.list("files/"))].filter(
      (o) => o.Key && o.LastModified && now - o.LastModified.getTime() > this.ttlMs,
    );
    await this.deleteKeys(expired.map((o) => o.Key!));
    return expired.length;
  }

  private async put(key: string, source: string, extra: { ContentType?: string; Metadata?: Record<string, string> }): Promise<number> {
    const { size } = await fs.stat(source);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.settings.bucket, Key: key, Body: createReadStream(source), ContentLength: size, ...extra }),
    );
    return size;
  }

  private async list(prefix: string): Promise<_Object[]> {
    const objects: _Object[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      objects.push(...(page.Contents ?? []));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return objects;
  }

  private async deleteKeys(keys: string[]): Promise<void> {
    // DeleteObjects takes at most 1000 keys a call.
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000).map((Key) => ({ Key }));
      await this.client.send(new DeleteObjectsCommand({ Bucket: this.settings.bucket, Delete: { Objects: batch, Quiet: true } }));
    }
  }
}
