import { useCallback, useEffect, useRef, useState } from "react";
import { processorIdOf, type ToolDefinition } from "../../../catalog/index.js";
import { runsOnDeviceWith } from "../../../catalog/on-device.js";
import { prefersServer, usePrefersServer } from "../device/where-to-run.js";
import { cancelJob, followJob, isAbort, ProcessingError, startDownload, startJob, UnexplainedReplyError, type ProcessReply } from "./jobs-api.js";
import { toast } from "./toast-store.js";
import { optionDefaults } from "./option-schema.js";
import { StoredResult } from "./stored-result.js";
import { buildToolForm } from "./tool-form.js";
import { holdPreviewsDuring } from "./file-preview.js";
import { i18n } from "../i18n/i18n.js";

/** Where a run is: each phase carries the real fraction done that the browser or the server reports. */
export type RunPhase = "idle" | "uploading" | "processing" | "downloading";
export interface RunState {
  phase: RunPhase;
  fraction: number;
  /** The run is (or was) done in this browser, not on the server. */
  onDevice?: boolean;
  result?: ProcessReply & { localFiles?: File[] };
  /** A device run failed where the server may succeed: why, for the offer to run it there. */
  deviceFailure?: string;
}

/** Where a run goes: "auto" is the device for the tools that run there, unless the visitor chose the server. */
export type RunWhere = "auto" | "server";

/**
 * Whether this run happens in the browser: a tool that runs there, the visitor has not chosen the server, every
 * file is here (a result kept on the server stays there), and not a batch (its report is the server's).
 */
export function runsHere(tool: ToolDefinition, files: readonly File[], values: Record<string, unknown>, where: RunWhere): boolean {
  return where === "auto" && runsOnDeviceWith(processorIdOf(tool), values) && !prefersServer() && values.batch !== true && !files.some((f) => f instanceof StoredResult);
}

/**
 * The device's modules (its worker comes with them), fetched the first time files are added for a tool that runs
 * on the device, never on the home page. A failed fetch is tried again by the next call.
 */
let deviceModulesLoading: Promise<[typeof import("../device/run-on-device.js"), typeof import("../device/device-options.js")]> | undefined;

function deviceModules(): NonNullable<typeof deviceModulesLoading> {
  const loading = (deviceModulesLoading ??= Promise.all([import("../device/run-on-device.js"), import("../device/device-options.js")]));
  loading.catch(() => {
    if (deviceModulesLoading === loading) deviceModulesLoading = undefined;
  });
  return loading;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How a screen words the outcome, and whether the result downloads by itself or waits in a results card. */
export interface RunOptions {
  success?: { title: string; description: string };
  /** The title shown instead of success's when the result is incomplete (the reply's warning says what was lost). */
  partialTitle?: string;
  failureTitle?: string;
  failureFallback?: string;
  /** The failure's description when the server's reply carries no sentence (the spec's "Failed to sign PDF"). */
  unexplainedFailure?: string;
  autoDownload?: boolean;
  /**
   * The screen shows where a tool runs, its switch and the offer to use the server when the device cannot: only
   * then do the device tools run in the browser. Other screens (Convert PDF, a workflow) run on the server.
   */
  allowDevice?: boolean;
}

/** The spec's pause before the download starts, and before organize-pdf's extracted pages follow. */
const DOWNLOAD_DELAY_MS = 500;
const SECOND_DOWNLOAD_DELAY_MS = 1000;

/**
 * Runs a tool for real: upload (with the request's own progress), the server's processing (its job events), then
 * the download. Cancel aborts the upload or asks the server to stop the job.
 */
export function useToolRun(tool: ToolDefinition, options: RunOptions = {}) {
  const {
    success,
    partialTitle = i18n.t("common:run.partialTitle"),
    failureTitle = i18n.t("common:run.failureTitle"),
    failureFallback = i18n.t("common:run.unexpected"),
    unexplainedFailure,
    autoDownload = true,
    allowDevice = false,
  } = options;
  const [state, setState] = useState<RunState>({ phase: "idle", fraction: 0 });
  const controller = useRef<AbortController | null>(null);
  const jobId = useRef<string | null>(null);

  const cancel = useCallback(() => {
    controller.current?.abort();
    if (jobId.current) cancelJob(jobId.current);
    jobId.current = null;
    setState({ phase: "idle", fraction: 0 });
    // The dialog closes either way: the visitor must be able to tell a cancel from a run that vanished.
    toast({ title: i18n.t("common:run.cancelledTitle"), description: i18n.t("common:run.cancelled") });
  }, []);

  // Leaving the page stops the work done for it.
  useEffect(() => () => controller.current?.abort(), []);

  const lastRun = useRef<{ files: readonly File[]; values: Record<string, unknown> } | null>(null);

  const run = useCallback(
    async (files: readonly File[], values: Record<string, unknown>, where: RunWhere = "auto") => {
      const abort = new AbortController();
      controller.current = abort;
      lastRun.current = { files, values };
      const onDevice = allowDevice && runsHere(tool, files, values, where);
      const update = (phase: RunPhase) => (fraction: number) => {
        if (!abort.signal.aborted) setState({ phase, fraction, onDevice });
      };
      let finished = () => {};
      holdPreviewsDuring(new Promise<void>((resolve) => (finished = resolve)));
      try {
        let reply: RunState["result"] & object;
        if (onDevice) {
          // Fetched when the files were added (see prepare), unless that failed.
          const [{ runOnDevice }, { deviceOptions }] = await deviceModules();
          const options = deviceOptions(tool, values);
          const extras = Object.fromEntries(Object.entries(values).flatMap(([field, v]) => (v instanceof File ? [[field, { name: v.name, data: v }]] : [])));
          const running = runOnDevice({ tool: processorIdOf(tool), files: files.map((f) => ({ name: f.name, data: f })), extras, options }, update("processing"), abort.signal);
          // The files are with the worker before the screen draws the run's dialog, which holds the page's thread.
          update("processing")(0);
          reply = await running;
        } else {
          update("uploading")(0);
          const form = buildToolForm(files, values, optionDefaults(tool.options));
          jobId.current = await startJob(tool.id, form, update("uploading"), abort.signal);
          update("processing")(0);
          reply = await followJob(jobId.current, update("processing"), abort.signal);
          jobId.current = null;
        }
        if (!reply.success || !reply.downloadUrl) {
          throw reply.error ? new ProcessingError(reply.error) : new UnexplainedReplyError(i18n.t("common:run.failed"));
        }
        const extraction = reply.extractionResult;
        if (autoDownload) {
          update("downloading")(1);
          await delay(DOWNLOAD_DELAY_MS);
          startDownload(reply.downloadUrl, reply.filename ?? "processed_file.pdf");
          if (extraction?.success) {
            await delay(SECOND_DOWNLOAD_DELAY_MS);
            startDownload(extraction.downloadUrl, extraction.filename ?? "extracted_pages.pdf");
          }
        }
        toast(
          reply.warning ? { title: partialTitle, description: reply.warning } : success ?? {
            title: i18n.t("common:run.completeTitle"),
            description: extraction?.success ? i18n.t("common:run.completeWithExtraction") : i18n.t("common:run.complete"),
          },
        );
        setState({ phase: "idle", fraction: 0, onDevice, result: reply });
      } catch (error) {
        if (isAbort(error)) return;
        const serverMayHelp = onDevice && (error as { serverMayHelp?: unknown }).serverMayHelp === true;
        setState({ phase: "idle", fraction: 0, ...(serverMayHelp ? { deviceFailure: (error as Error).message } : {}) });
        toast({
          title: failureTitle,
          description: (error instanceof UnexplainedReplyError && unexplainedFailure) || (error instanceof Error && error.message) || failureFallback,
          variant: "destructive",
        });
      } finally {
        finished();
      }
    },
    [tool, success, partialTitle, failureTitle, failureFallback, unexplainedFailure, autoDownload, allowDevice],
  );

  /**
   * Starts the device's worker and this tool's engine for the files chosen, if they will run here: the visitor then
   * spends the time the engine takes to load on the settings, not waiting after pressing the button.
   */
  const prepare = useCallback(
    (files: readonly File[], values: Record<string, unknown>) => {
      if (!allowDevice || files.length === 0 || !runsHere(tool, files, values, "auto")) return;
      // Only a head start: where the worker cannot start, the run says so itself. The run's own modules come too,
      // so that pressing the button sends the files to the worker at once.
      void deviceModules()
        .then(([{ warmDevice }]) => warmDevice(processorIdOf(tool)))
        .catch(() => undefined);
    },
    [tool, allowDevice],
  );

  const reset = useCallback(() => setState({ phase: "idle", fraction: 0 }), []);
  /** The last run again, on the server: the one-click way out of a device run that failed. */
  const runOnServer = useCallback(() => {
    if (lastRun.current) void run(lastRun.current.files, lastRun.current.values, "server");
  }, [run]);
  return { state, run, cancel, reset, runOnServer, prepare };
}

/**
 * Gets the device ready (see prepare) for the files on screen whenever no run is under way: files added, the device
 * chosen again, or a run cancelled (whose worker was stopped).
 */
export function useDeviceReady(
  prepare: (files: readonly File[], values: Record<string, unknown>) => void,
  state: Pick<RunState, "phase">,
  files: readonly File[],
  values: Record<string, unknown>,
): void {
  const serverChosen = usePrefersServer();
  const idle = state.phase === "idle";
  useEffect(() => {
    if (idle && !serverChosen) prepare(files, values);
  }, [idle, serverChosen, files, values, prepare]);
}
