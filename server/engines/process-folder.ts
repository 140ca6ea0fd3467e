import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Folders a process keeps for its whole life (an engine's stand-in files, a bundled child script), named with the
 * process's id. An exit handler removes them, but none runs when a process is killed by a signal or a test runner
 * ends its worker outright; the next process that makes a folder with the same prefix removes those of processes
 * that have ended. A folder whose process is still running is never touched, whoever owns it.
 */

const made = new Map<string, string>();
let removedOnExit = false;

function key(parent: string, prefix: string): string {
  return path.join(parent, prefix);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Whether `pid` names no running process (EPERM: it runs, as another user). */
function ended(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "ESRCH";
  }
}

/** Removes the folders in `parent` named `<prefix><pid>` or `<prefix><pid>-<letters>` whose process has ended. */
export function removeFoldersOfEndedProcesses(parent: string, prefix: string): void {
  const pattern = new RegExp(`^${escapeRegExp(prefix)}(\\d+)(?:-[A-Za-z0-9]+)?$`);
  let names: string[];
  try {
    names = fs.readdirSync(parent);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(pattern.exec(name)?.[1]);
    if (!pid || pid === process.pid || !ended(pid)) continue;
    try {
      fs.rmSync(path.join(parent, name), { recursive: true, force: true });
    } catch {
      // Another user's, or removed meanwhile by another process doing the same.
    }
  }
}

/**
 * This process's folder `<prefix><pid>-<random>` in `parent` (the system's temporary folder unless given): made on
 * the first call, after removing those of ended processes, and the same folder on every later call until
 * removeProcessFolder. `mode` 0o755 lets a sandboxed engine, which runs as another user, read what is in it.
 */
export function processFolder(prefix: string, { parent = os.tmpdir(), mode = 0o700 }: { parent?: string; mode?: number } = {}): string {
  const at = key(parent, prefix);
  let dir = made.get(at);
  if (!dir) {
    removeFoldersOfEndedProcesses(parent, prefix);
    dir = fs.mkdtempSync(path.join(parent, `${prefix}${process.pid}-`));
    fs.chmodSync(dir, mode);
    made.set(at, dir);
    if (!removedOnExit) process.once("exit", removeAll);
    removedOnExit = true;
  }
  return dir;
}

/** Removes this process's folder of `prefix` now; a later processFolder call makes a new one. */
export function removeProcessFolder(prefix: string, { parent = os.tmpdir() }: { parent?: string } = {}): void {
  const at = key(parent, prefix);
  const dir = made.get(at);
  if (!dir) return;
  made.delete(at);
  fs.rmSync(dir, { recursive: true, force: true });
}

function removeAll(): void {
  for (const dir of made.values()) fs.rmSync(dir, { recursive: true, force: true });
  made.clear();
}
