import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { AbortedError, UserError } from "../errors.js";
import { Semaphore } from "../lib/semaphore.js";
import type { EngineContext } from "./context.js";
import { BRIDGE_PY } from "./libreoffice-bridge.js";
import { prepareProfile } from "./libreoffice-profile.js";
import { EngineError, runProcess, setEngineConcurrency } from "./process-runner.js";

/**
 * LibreOffice, kept warm. Each slot is one long-lived soffice with its own user profile, listening on a private UNO
 * pipe; a conversion is a short python3-uno run that asks that soffice to load and export one document, which
 * takes about a second instead of the several seconds a fresh start costs. A slot whose conversion failed, timed
 * out or was cancelled is stopped (its whole process group killed) and starts afresh for the next document, so a
 * hostile file cannot leave a wedged office behind. Idle offices stop after a while; all stop when the server exits.
 */

const SLOTS = Math.max(1, Math.min(2, os.availableParallelism()));
/** An office idle this long is stopped; the next document starts it again. */
const IDLE_MS = 10 * 60_000;
/** The longest an office process lives; a conversion in progress then fails like a crash and is retried by no one. */
const DAEMON_LIFETIME_MS = 24 * 3600_000;
const ROOT = path.join(os.tmpdir(), `pdf-toolbox-office-${process.pid}`);

setEngineConcurrency("libreoffice-daemon", SLOTS);
setEngineConcurrency("libreoffice", SLOTS);

interface Slot {
  index: number;
  /** Counts the office processes this slot has started; each has its own pipe and profile. */
  generation: number;
  pipe: string;
  profileDir: string;
  /** Aborting it kills the running office. */
  stop?: AbortController;
  idleTimer?: NodeJS.Timeout;
}

const slots: Slot[] = Array.from({ length: SLOTS }, (_, index) => ({ index, generation: 0, pipe: "", profileDir: "" }));
const free = [...slots];
const gate = new Semaphore(SLOTS);

/** The office itself, without the oosplash launcher, so that the parent-death signal below reaches it. */
const SOFFICE_BIN = "/usr/lib/libreoffice/program/soffice.bin";
/** How long preparing a new profile may take. */
const PROFILE_INIT_MS = 60_000;

/** setpriv --pdeathsig: the kernel kills the office when this server dies, even by SIGKILL, when no exit handler
 * runs; otherwise every crash or killed test run would leave offices behind. */
function officeArgs(profileUrl: string, extra: readonly string[]): string[] {
  return ["--pdeathsig", "KILL", "--", SOFFICE_BIN, `-env:UserInstallation=${profileUrl}`, "--headless", "--invisible", "--nologo", "--nodefault", "--norestore", "--nolockcheck", ...extra];
}

async function ensureRunning(slot: Slot): Promise<void> {
  if (slot.stop) return;
  const stop = new AbortController();
  slot.stop = stop;
  // A new pipe and a fresh profile at every start. Nothing one document changed carries over, and an office
  // still dying after a kill cannot be reached by mistake: LibreOffice hands a start over to any running
  // instance on the same profile, and the client would connect to the old pipe.
  slot.generation++;
  slot.pipe = `pdftoolbox_office_${process.pid}_${slot.index}_${slot.generation}`;
  slot.profileDir = path.join(ROOT, `profile-${slot.index}-${slot.generation}`);
  const profileDir = slot.profileDir;
  const profileUrl = await prepareProfile(profileDir);
  // A new profile is set up by one run that ends after initialising: started on a new profile directly, the
  // office sets it up, exits and asks to be started again, dropping any client that connected meanwhile.
  const init = runProcess({
    engine: "libreoffice-daemon",
    command: "setpriv",
    args: officeArgs(profileUrl, ["--terminate_after_init"]),
    cwd: profileDir,
    timeoutMs: PROFILE_INIT_MS,
    signal: stop.signal,
  });
  init
    .then(() =>
      runProcess({
        engine: "libreoffice-daemon",
        command: "setpriv",
        args: officeArgs(profileUrl, [`--accept=pipe,name=${slot.pipe};urp;StarOffice.ComponentContext`]),
        cwd: profileDir,
        timeoutMs: DAEMON_LIFETIME_MS,
        signal: stop.signal,
      }),
    )
    .catch(() => undefined)
    .finally(() => {
      if (slot.stop === stop) slot.stop = undefined;
      void fs.promises.rm(profileDir, { recursive: true, force: true });
    });
}

function stopSlot(slot: Slot): void {
  clearTimeout(slot.idleTimer);
  slot.stop?.abort();
  slot.stop = undefined;
}

/** Profile folders of servers that died without their exit handler (killed outright) are removed at start. */
function removeStaleProfiles(): void {
  for (const name of fs.readdirSync(os.tmpdir())) {
    const pid = Number(/^pdf-toolbox-office-(\d+)$/.exec(name)?.[1]);
    if (!pid || pid === process.pid) continue;
    try {
      process.kill(pid, 0);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ESRCH") fs.rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
    }
  }
}
removeStaleProfiles();

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
  if (!slot || slot.stop) return;
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
  const release = await gate.acquire(ctx.signal).catch(() => {
    throw new AbortedError();
  });
  const slot = free.pop()!;
  clearTimeout(slot.idleTimer);
  let healthy = false;
  const convertOnce = async () => {
    await ensureRunning(slot);
    return runProcess({
      engine: "libreoffice",
      // Debian's python3-uno is built for the system Python, whatever else is first on PATH.
      command: "/usr/bin/python3",
      args: ["-c", BRIDGE_PY, slot.pipe, input, output, filter, JSON.stringify(filterData), JSON.stringify(documentSettings)],
      cwd: ctx.workDir,
      timeoutMs: ctx.timeoutMs,
      signal: ctx.signal,
    });
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
      throw new UserError(
        `This document could not be opened (${ctx.fileName}). It may be damaged or password-protected; please save it again without a password and retry.`,
        422,
        "damaged",
      );
    }
    // Export failed, or the office fell over while holding this document: the document is the likely cause.
    if (err instanceof EngineError && err.exitCode !== null) {
      throw new UserError(`This document could not be converted (${ctx.fileName}). It may be damaged.`, 422, "damaged");
    }
    throw err;
  } finally {
    // A failure, timeout or cancellation may have left the office busy or broken: start afresh next time.
    if (!healthy) stopSlot(slot);
    else slot.idleTimer = setTimeout(() => stopSlot(slot), IDLE_MS).unref();
    free.push(slot);
    release();
  }
}
