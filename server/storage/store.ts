import type { Readable } from "node:stream";

/**
 * Where uploads wait for their job and results wait for their download: local disk by default, S3-compatible object
 * storage when configured. Both keep the same unguessable ids and the same time to live, measured on one clock so
 * that a test can move time forward instead of waiting an hour.
 */

/** Milliseconds since the epoch; `Date.now` outside tests. */
export type Clock = () => number;

export interface StoredFileMeta {
  id: string;
  name: string;
  contentType: string;
  size: number;
  createdAt: number;
}

export interface FileStore {
  init(): Promise<void>;
  /** Keeps one uploaded file of a job until the job ends (or expires); returns its key. */
  putInput(jobId: string, index: number, source: string): Promise<string>;
  /** Copies a kept upload into a work folder, for whichever machine runs the job. */
  fetchInput(key: string, target: string): Promise<void>;
  removeInputs(jobId: string): Promise<void>;
  /** Keeps a finished file under a new id; the source file is consumed. */
  keep(source: string, name: string, contentType: string): Promise<StoredFileMeta>;
  /** A stored file that has not expired, or undefined: a download past its time is refused before any sweep. */
  open(id: string): Promise<{ meta: StoredFileMeta; stream: Readable } | undefined>;
  /** Deletes every upload and result older than the time to live; returns how many went. */
  sweep(): Promise<number>;
}

/** Keys of kept uploads are `<job id>/<index>`: checked before they name a path or an object. */
export function isInputKey(key: string): boolean {
  return /^[A-Za-z0-9_-]{24}\/\d{1,3}$/.test(key);
}
