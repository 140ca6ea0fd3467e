import path from "node:path";
import { LocalStore } from "./local-store.js";
import type { S3Settings } from "./s3-store.js";
import type { Clock, FileStore } from "./store.js";
import { WorkDirs } from "./work-dirs.js";

/** Where files are kept and for how long; server/config.ts reads each from the environment. */
export interface StorageSettings {
  dataDir: string;
  fileTtlMs: number;
  s3?: S3Settings;
}

/**
 * The store the configuration asks for: S3 when S3_BUCKET is set (the SDK is loaded only then), else the data
 * folder. Work folders are always local.
 */
export async function openStorage(config: StorageSettings, clock: Clock = Date.now): Promise<{ store: FileStore; workDirs: WorkDirs }> {
  let store: FileStore;
  if (config.s3) {
    const { S3Store } = await import("./s3-store.js");
    store = new S3Store(config.s3, config.fileTtlMs, clock);
  } else {
    store = new LocalStore(config.dataDir, config.fileTtlMs, clock);
  }
  const workDirs = new WorkDirs(path.join(config.dataDir, "jobs"), config.fileTtlMs, clock);
  await store.init();
  await workDirs.init();
  return { store, workDirs };
}
