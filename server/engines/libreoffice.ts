import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { AbortedError, UserError } from "../errors.js";
import { msg } from "../i18n/message.js";
import { Semaphore } from "../lib/semaphore.js";
import type { EngineContext } from "./context.js";
import { BRIDGE_PY } from "./libreoffice-bridge.js";
import { prepareProfile } from "./libreoffice-profile.js";
import { EngineError, runProcess, setEngineConcurrency } from "./process-runner.js";
import { removeFoldersOfEndedProcesses } from "./process-folder.js";
import { engineSandboxState } from "./sandbox.js";

/**
 * LibreOffice, kept warm. Each slot is one long-lived soffice with its own user profile, listening on a private UNO
 * pipe; a conversion is a short python3-uno run that asks that soffice to load and export one document, which
 * takes about a second instead of the several seconds a fresh start costs. A slot whose conversion failed, timed
 * out or was cancelled is stopped (its whole process group killed) and starts afresh for the next document, so a
 * hostile file cannot leave a wedged office behind. Idle offices stop after a while; all stop when the server exits.
 *
 * The office and the bridge run in the engine sandbox (sandbox.ts), sharing one folder per office as their /tmp,
 * where the UNO pipe's socket lives, with the office's profile and an "io" folder beside it. The office never sees a
 * job's folder: each document is placed alone in the io folder under a fixed name, its PDF taken out after, and the
 * folder emptied, so a document that links to other files (a linked OLE object, which LibreOffice reads while it
 * imports, whatever its settings say) finds nothing of other jobs, of the server or of the system worth reading. Each
 * office is also replaced after RECYCLE_AFTER conversions, so that nothing one document left in it lives on for long.
 * Where the sandbox is unavailable (and not turned off on purpose with ENGINE_SANDBOX=off), office documents are
 * refused: a linked file would be read with the server's rights.
 */

const SLOTS = Math.max(1, Math.min(2, os.availableParallelism()));
/** An office idle this long is stopped; the next document starts it again. */
const IDLE_MS = 10 * 60_000;
/** The longest an office process lives; a conversion in progress then fails like a crash and is retried by no one. */
const DAEMON_LIFETIME_MS = 24 * 3600_000;
const ROOT = path.join(os.tmpdir(), `pdf-toolbox-office-${process.pid}`);
/** An office is replaced by a fresh one after this many conversions. */
export const RECYCLE_AFTER = 50;

setEngineConcurrency("libreoffice-daemon", SLOTS);
setEngineConcurrency("libreoffice", SLOTS);

interface Slot {
  index: number;
  /** Counts the office processes this slot has started; each has its own pipe and folder. */
  generation: number;
  pipe: string;
  /** The office's folder on this machine: its profile, its io folder, and its UNO pipe when sandboxed. */
  dir: string;
  /** Conversions the running office has made. */
  conversions: number;
  /** Aborting it kills the running office. */
  stop?: AbortController;
  idleTimer?: NodeJS.Timeout;
}

const slots: Slot[] = Array.from({ length: SLOTS }, (_, index) => ({ index, generation: 0, pipe: "", dir: "", conversions: 0 }));
const free = [...slots];
const gate = new Semaphore(SLOTS);

/** The office itself, without the oosplash launcher, so that the parent-death signal below reaches it. */
const SOFFICE_BIN = "/usr/lib/libreoffice/program/soffice.bin";
/** How long preparing a new profile may take. */
const PROFILE_INIT_MS = 60_000;

/** Where the office and the bridge see the slot's folder: as their /tmp in the sandbox, else where it is. */
function inside(slot: Slot): string {
  return engineSandboxState() === "on" ? "/tmp" : slot.dir;
}

function officeArgs(profileUrl: string, extra: readonly string[]): string[] {
  return [`-env:UserInstallation=${profileUrl}`, "--headless", "--invisible", "--nologo", "--nodefault", "--norestore", "--nolockcheck", ...extra];
}

/** The process runner kills the office when this server dies, even by SIGKILL, when no exit handler runs;
 * otherwise every crash or killed test run would leave offices behind. */
function runOffice(slot: Slot, args: string[], timeoutMs: number, signal: AbortSignal) {
  return runProcess({ engine: "libreoffice-daemon", command: SOFFICE_BIN, args, cwd: slot.dir, workDirAsTmp: true, timeoutMs, signal });
}

async function ensureRunning(slot: Slot): Promise<void> {
  if (slot.stop) return;
  const stop = new AbortController();
  slot.stop = stop;
  // A new pipe and a fresh profile at every start. Nothing one document changed carries over, and an office
  // still dying after a kill cannot be reached by mistake: LibreOffice hands a start over to any running
  // instance on the same profile, and the client would connect to the old pipe.
  slot.generation++;
  slot.conversions = 0;
  slot.pipe = `pdftoolbox_office_${process.pid}_${slot.index}_${slot.generation}`;
  slot.dir = path.join(ROOT, `slot-${slot.index}-${slot.generation}`);
  const dir = slot.dir;
  await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
  const profileUrl = await prepareProfile(path.join(dir, "profile"), path.join(inside(slot), "profile"));
  await fs.promises.mkdir(path.join(dir, "io"));
  // A new profile is set up by one run that ends after initialising: started on a new profile directly, the
  // office sets it up, exits and asks to be started again, dropping any client that connected meanwhile.
  runOffice(slot, officeArgs(profileUrl, ["--terminate_after_init"]), PROFILE_INIT_MS, stop.signal)
    .then(() => runOffice(slot, officeArgs(profileUrl, [`--accept=pipe,name=${slot.pipe};urp;StarOffice.ComponentContext`]), DAEMON_LIFETIME_MS, stop.signal))
    .catch(() => undefined)
    .finally(() => {
      if (slot.stop === stop) slot.stop = undefined;
      void fs.promises.rm(dir, { recursive: true, force: true });
    });
}

function stopSlot(slot: Slot): void {
  clearTimeout(slot.idleTimer);
  slot.stop?.abort();
  slot.stop = undefined;
}

// Profile folders of servers that died without their exit handler (killed outright) are removed at start.
removeFoldersOfEndedProcesses(os.tmpdir(), "pdf-toolbox-office-");

process.once("exit", () => {
  for (const slot of slots) stopSlot(slot);
  fs.rmSync(ROOT, { recursive: true, force: true });
});

/**
 * Starts the office the next document will use, so that the first conversion after the server starts is as quick
 * as the later ones. It stops after the usual idle time if no document comes.
 */
export function warmUpOffice(): void {
  const slot = free.at(-1);
  if (!slot || slot.stop || engineSandboxState() === "unavailable") return;
  ensureRunning(slot).then(
    () => {
      if (free.includes(slot) && !slot.idleTimer) slot.idleTimer = setTimeout(() => stopSlot(slot), IDLE_MS).unref();
    },
    () => undefined,
  );
}

export interface OfficeConversion {
  /** The PDF filter LibreOffice chose for the document, such as "writer_pdf_Export". */
  filter: string;
  kind: "text" | "spreadsheet" | "presentation" | "drawing";
}

/**
 * Converts one document with a warm office. filter is a LibreOffice export filter name, or "pdf" for the PDF
 * filter that suits the document's type; filterData are that filter's options; documentSettings are set on the
 * document before it is written (com.sun.star.document.Settings, such as EmbedFonts).
 */
export async function officeConvert(
  input: string,
  output: string,
  filter: string,
  filterData: Record<string, string | number | boolean>,
  ctx: EngineContext & { fileName: string },
  documentSettings: Record<string, string | number | boolean> = {},
): Promise<OfficeConversion> {
  if (engineSandboxState() === "unavailable") throw new OfficeUnavailableError();
  const release = await gate.acquire(ctx.signal).catch(() => {
    throw new AbortedError();
  });
  const slot = free.pop()!;
  clearTimeout(slot.idleTimer);
  let healthy = false;
  // The same names every time: the office sees nothing of the job, not even the folder's or the file's name.
  const source = `input${path.extname(input)}`;
  const target = `output${path.extname(output)}`;
  const convertOnce = async () => {
    await ensureRunning(slot);
    const io = path.join(slot.dir, "io");
    await placeInput(input, path.join(io, source));
    const seen = path.join(inside(slot), "io");
    const result = await runProcess({
      engine: "libreoffice",
      // Debian's python3-uno is built for the system Python, whatever else is first on PATH.
      command: "/usr/bin/python3",
      args: ["-c", BRIDGE_PY, slot.pipe, path.join(seen, source), path.join(seen, target), filter, JSON.stringify(filterData), JSON.stringify(documentSettings)],
      cwd: slot.dir,
      workDirAsTmp: true,
      timeoutMs: ctx.timeoutMs,
      signal: ctx.signal,
    });
    await moveFile(path.join(io, target), output);
    return result;
  };
  try {
    const { stdout } = await convertOnce().catch((err: unknown) => {
      // An office can fall over for reasons of its own (a crash, a dropped pipe while it starts): one fresh office
      // gets a second try before the document is blamed. A document it could not open (3) is not retried.
      if (!(err instanceof EngineError) || err.exitCode === null || err.exitCode === 3 || ctx.signal?.aborted) throw err;
      stopSlot(slot);
      return convertOnce();
    });
    healthy = true;
    return JSON.parse(stdout.toString("utf8").trim().split("\n").pop()!) as OfficeConversion;
  } catch (err) {
    if (err instanceof EngineError && err.exitCode === 3) {
      healthy = true;
      throw new UserError(msg("office.cannotOpen", { name: ctx.fileName }), 422, "damaged");
    }
    // Export failed, or the office fell over while holding this document: the document is the likely cause.
    if (err instanceof EngineError && err.exitCode !== null) {
      throw new UserError(msg("office.cannotConvert", { name: ctx.fileName }), 422, "damaged");
    }
    throw err;
  } finally {
    if (path.isAbsolute(slot.dir)) await emptyFolder(path.join(slot.dir, "io"));
    slot.conversions++;
    // A failure, timeout or cancellation may have left the office busy or broken: start afresh next time. A
    // healthy office that has served its share is replaced at once, so that the next document finds it warm.
    if (!healthy) stopSlot(slot);
    else if (slot.conversions >= RECYCLE_AFTER) {
      stopSlot(slot);
      void ensureRunning(slot).catch(() => undefined);
      slot.idleTimer = setTimeout(() => stopSlot(slot), IDLE_MS).unref();
    } else slot.idleTimer = setTimeout(() => stopSlot(slot), IDLE_MS).unref();
    free.push(slot);
    release();
  }
}

/** Office documents are refused where engines cannot be sandboxed, unless the operator turned the sandbox off. */
export class OfficeUnavailableError extends UserError {
  constructor() {
    super(msg("office.noSandbox"), 503, "not_available");
  }
}

/** The document alone in the office's io folder: a hard link where the folders share a disk, a copy otherwise. */
async function placeInput(input: string, placed: string): Promise<void> {
  await emptyFolder(path.dirname(placed));
  try {
    await fs.promises.link(input, placed);
  } catch {
    await fs.promises.copyFile(input, placed);
  }
}

async function moveFile(from: string, to: string): Promise<void> {
  try {
    await fs.promises.rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EXDEV") throw err;
    await fs.promises.copyFile(from, to);
    await fs.promises.rm(from, { force: true });
  }
}

/** Removes what is in the folder (the folder itself stays); links inside are removed, never followed. */
async function emptyFolder(dir: string): Promise<void> {
  for (const name of await fs.promises.readdir(dir).catch(() => [])) {
    await fs.promises.rm(path.join(dir, name), { recursive: true, force: true });
  }
}
