import fs from "node:fs/promises";
import path from "node:path";
import { processFolder, removeProcessFolder } from "../../server/engines/process-folder.js";

/**
 * Every folder the helpers make for a test's files (fixtures written, results downloaded) is under one root of the
 * test process's own, removed when a test file's tests end (remove-test-folders.ts, a setup file of every project
 * that runs them), or, where a worker ends before, by the next test process to make one.
 */
const ROOT_PREFIX = "pdf-toolbox-test-files-";

/** A new empty folder for a test's files. */
export async function testFolder(prefix: string): Promise<string> {
  return fs.mkdtemp(path.join(processFolder(ROOT_PREFIX), prefix));
}

/** Removes every folder testFolder made in this process. */
export function removeTestFolders(): void {
  removeProcessFolder(ROOT_PREFIX);
}
