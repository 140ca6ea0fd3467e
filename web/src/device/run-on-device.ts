import type { ProcessReply } from "../lib/jobs-api.js";
import { msg } from "../../../pdf-ops/message.js";
import { sayOnPage } from "../i18n/say.js";
import { keepForOffline } from "./offline.js";
import type { DeviceMessage, DeviceRequest, PackedFile } from "./protocol.js";

/**
 * Runs a tool in the device worker and hands back a reply shaped as the server's, with downloads from blob: URLs
 * and the outputs as files for the next tool. One worker serves the page's runs; Cancel terminates it, so that the
 * engines stop at once, and the next run starts a fresh one.
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
let urls: string[] = [];

function startWorker(): Worker {
  return new Worker(new URL("./device.worker.ts", import.meta.url), { type: "module", name: "device" });
}

const TYPES: Record<string, string> = { pdf: "application/pdf", zip: "application/zip", txt: "text/plain" };

function fileOf(packed: PackedFile): File {
  const ext = packed.name.slice(packed.name.lastIndexOf(".") + 1).toLowerCase();
  return new File([packed.data], packed.name, { type: TYPES[ext] ?? "application/octet-stream" });
}

function linkTo(file: File): string {
  const url = URL.createObjectURL(file);
  urls.push(url);
  return url;
}

export function runOnDevice(
  request: DeviceRequest,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<DeviceReply> {
  // The previous run's downloads are let go: its result card is gone.
  for (const url of urls) URL.revokeObjectURL(url);
  urls = [];
  const current = (worker ??= startWorker());
  return new Promise((resolve, reject) => {
    const stop = () => {
      current.terminate();
      if (worker === current) worker = undefined;
    };
    const onAbort = () => {
      stop();
      reject(new DOMException("The run was cancelled.", "AbortError"));
    };
    const settle = () => {
      current.onmessage = null;
      current.onerror = null;
      signal.removeEventListener("abort", onAbort);
    };
    current.onmessage = (event: MessageEvent<DeviceMessage>) => {
      const message = event.data;
      if (message.type === "progress") return onProgress(message.fraction);
      if (message.type === "assets") return;
      settle();
      if (message.type === "failed") {
        // A worker whose engine failed may hold a broken or swollen heap: the next run gets a fresh one.
        stop();
        void sayOnPage(message.message).then((sentence) => reject(new DeviceRunError(sentence, message.serverMayHelp)));
        return;
      }
      const { result } = message;
      const main = fileOf(result.main);
      const extraction = result.extraction && fileOf(result.extraction);
      const parts = result.parts?.map(fileOf);
      void sayOnPage(result.message).then((sentence) => resolve({
        success: true,
        message: sentence,
        downloadUrl: linkTo(main),
        filename: main.name,
        size: main.size,
        ...(extraction ? { extractionResult: { success: true, downloadUrl: linkTo(extraction), filename: extraction.name } } : {}),
        localFiles: parts ?? (main.name.endsWith(".zip") ? undefined : [main]),
      }));
      // The offline cache is a convenience: a browser that refuses it loses nothing it had.
      keepForOffline(current).catch(() => undefined);
    };
    current.onerror = (event) => {
      event.preventDefault();
      settle();
      stop();
      const why = event.message ? msg("common:device.couldNotStartBecause", { reason: event.message }) : msg("common:device.couldNotStart");
      void sayOnPage(why).then((sentence) => reject(new DeviceRunError(sentence, true)));
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    current.postMessage({ type: "run", ...request });
  });
}
