import type { ProcessReply } from "../lib/jobs-api.js";
import { msg } from "../../../pdf-ops/message.js";
import { loadSayings, sayOnPage } from "../i18n/say.js";
import { clearPhases, markPhase } from "../../../pdf-ops/device/timing.js";
import { FrameProgress } from "./frame-progress.js";
import { keepForOffline } from "./offline.js";
import type { DeviceMessage, DeviceRequest, WorkerRequest } from "./protocol.js";

/**
 * Runs a tool in the device worker and hands back a reply shaped as the server's, with downloads from blob: URLs
 * and the outputs as files for the next tool. One worker serves the page's runs, started (with the tool's engine)
 * when the visitor adds files; Cancel terminates it, so that the engines stop at once, and a fresh one starts.
 */

/** The device could not do it: the sentence says why; `serverMayHelp` offers the server in its place. */
export class DeviceRunError extends Error {
  constructor(
    message: string,
    readonly serverMayHelp: boolean,
  ) {
    super(message);
  }
}

export interface DeviceReply extends ProcessReply {
  /** The outputs, which another tool takes as they are (no upload). */
  localFiles?: File[];
}

let worker: Worker | undefined;
/** The tools whose engine the current worker was asked to load. */
let warmedFor = new Set<string>();
let urls: string[] = [];

function currentWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL("./device.worker.ts", import.meta.url), { type: "module", name: "device" });
  worker = started;
  warmedFor = new Set();
  idle(started);
  return started;
}

function stop(stopped: Worker): void {
  stopped.terminate();
  if (worker === stopped) worker = undefined;
}

/** Between runs, a worker that fails (its script did not load) is let go: the next run starts another and says why. */
function idle(waiting: Worker): void {
  waiting.onmessage = null;
  waiting.onerror = (event) => {
    event.preventDefault();
    stop(waiting);
  };
}

/**
 * Starts the worker and the engine this tool's run begins with, if not already done, and fetches the sentences the
 * result will be said in: called when the visitor adds files on the tool's page, so that the run finds them ready.
 */
export function warmDevice(tool: string): void {
  // Only a head start: the result fetches them again if this failed.
  loadSayings().catch(() => undefined);
  const warming = currentWorker();
  if (warmedFor.has(tool)) return;
  warmedFor.add(tool);
  warming.postMessage({ type: "warm", tool } satisfies WorkerRequest);
}

function linkTo(file: File): string {
  const url = URL.createObjectURL(file);
  urls.push(url);
  return url;
}

function whenIdle(work: () => void): void {
  if ("requestIdleCallback" in window) requestIdleCallback(work, { timeout: 5000 });
  else setTimeout(work, 1000);
}

export function runOnDevice(
  request: DeviceRequest,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<DeviceReply> {
  // The previous run's downloads are let go: its result card is gone.
  for (const url of urls) URL.revokeObjectURL(url);
  urls = [];
  const current = currentWorker();
  const progress = new FrameProgress(onProgress);
  clearPhases();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      progress.stop();
      stop(current);
      reject(new DOMException("The run was cancelled.", "AbortError"));
    };
    const settle = () => {
      progress.stop();
      idle(current);
      signal.removeEventListener("abort", onAbort);
    };
    current.onmessage = (event: MessageEvent<DeviceMessage>) => {
      const message = event.data;
      if (message.type === "progress") return progress.report(message.fraction);
      if (message.type === "assets") return;
      markPhase("reply");
      settle();
      if (message.type === "failed") {
        // A worker whose engine failed may hold a broken or swollen heap: the next run gets a fresh one.
        stop(current);
        void sayOnPage(message.message).then((sentence) => reject(new DeviceRunError(sentence, message.serverMayHelp)));
        return;
      }
      const { result } = message;
      const { main, extraction, parts } = result;
      void sayOnPage(result.message).then((sentence) => resolve({
        success: true,
        message: sentence,
        downloadUrl: linkTo(main),
        filename: main.name,
        size: main.size,
        ...(extraction ? { extractionResult: { success: true, downloadUrl: linkTo(extraction), filename: extraction.name } } : {}),
        localFiles: parts ?? (main.name.endsWith(".zip") ? undefined : [main]),
      }));
      // The offline cache is a convenience: a browser that refuses it loses nothing it had. It loads every engine,
      // so it waits until the page has shown the result.
      whenIdle(() => keepForOffline(current).catch(() => undefined));
    };
    current.onerror = (event) => {
      event.preventDefault();
      settle();
      stop(current);
      const why = event.message ? msg("common:device.couldNotStartBecause", { reason: event.message }) : msg("common:device.couldNotStart");
      void sayOnPage(why).then((sentence) => reject(new DeviceRunError(sentence, true)));
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    current.postMessage({ type: "run", ...request } satisfies WorkerRequest);
    markPhase("posted");
  });
}
