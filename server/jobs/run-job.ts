import fs from "node:fs/promises";
import path from "node:path";
import { findTool } from "../../catalog/tools.js";
import { configurePageRendering } from "../convert/parallel-render.js";
import { configureMupdf, mupdfAhead } from "../engines/mupdf/pool.js";
import type { EnginePoolLimits } from "../engines/engine-pool.js";
import type { EgressPolicy } from "../engines/egress/addresses.js";
import { EngineError, setEngineTimeLimits } from "../engines/process-runner.js";
import { protectFromEngines, registerWorkArea } from "../engines/sandbox.js";
import { EngineFailure, NotAvailableError, replyForFailure } from "../errors.js";
import type { FileStore } from "../storage/store.js";
import type { WorkDirs } from "../storage/work-dirs.js";
import { processorOf } from "../tools/index.js";
import type { InputFile } from "../work/types.js";
import { JobDeadline, type DeadlineSettings } from "./job-deadline.js";
import { runBatch } from "./batch.js";
import { runPipeline } from "./pipeline.js";
import { publishResult, type ProcessReply } from "./publish.js";
import type { JobControls, JobRunner } from "./queue.js";
import { soundOutputs } from "./sound-pdf.js";
import type { JobSpec, StoredInput } from "./spec.js";
import { unappliedSettingNotes } from "./unapplied-settings.js";
import { WarmWorkDirs } from "./warm-work-dirs.js";
import { markStep } from "../lib/request-timeline.js";

/** The settings a job runs under; server/config.ts reads and documents each from the environment. */
export interface JobSettings {
  dataDir: string;
  engineTimeoutMs: number;
  engineTimeLimitsMs: Record<string, number>;
  maxPages: number;
  renderProcesses: number;
  mupdf: EnginePoolLimits;
  mupdfChildrenAhead: number;
  jobDeadline: DeadlineSettings;
  tsaUrl?: string;
  tsaTimeoutMs: number;
  egressPolicy: EgressPolicy;
}

export interface RunnerDeps<Settings extends JobSettings = JobSettings> {
  config: Settings;
  store: FileStore;
  workDirs: WorkDirs;
}

/**
 * Runs one job wherever it lands: copies its uploads from the store into a private work folder, runs the tool's
 * processor, keeps the outputs in the store, and removes the folder whatever the outcome. The uploads stay in the
 * store (a retry needs them) until whoever sees the job end removes them, or they expire. The processor and the
 * soundness checks of its PDFs run under the job's deadline; past it the job fails with the "took too long" sentence.
 */
export function jobRunner({ config, store, workDirs }: RunnerDeps): JobRunner {
  setEngineTimeLimits(config.engineTimeLimitsMs);
  // The data folder and the work area hold every visitor's files: never a folder to give one engine.
  protectFromEngines(config.dataDir);
  registerWorkArea(workDirs.root);
  configureMupdf({ workDir: workDirs.root, limits: config.mupdf });
  configurePageRendering({ processes: config.renderProcesses });
  const folders = new WarmWorkDirs(workDirs, config.mupdfChildrenAhead, mupdfAhead);
  const run = async (spec: JobSpec, { signal, progress, published }: JobControls): Promise<ProcessReply> => {
    const tool = findTool(spec.toolId);
    const processor = tool && processorOf(tool);
    if (!tool || !processor) throw new NotAvailableError(tool?.id ?? spec.toolId);
    markStep("job started");
    const workDir = await folders.take();
    markStep("folder ready");
    try {
      const uploads = path.join(workDir, "uploads");
      await fs.mkdir(uploads);
      const fetch = async (input: StoredInput, local: string): Promise<InputFile> => {
        const target = path.join(uploads, local);
        await store.fetchInput(input.key, target);
        return { path: target, name: input.name, size: input.size, kind: input.kind };
      };
      const files = await Promise.all(spec.files.map((input, i) => fetch(input, String(i + 1))));
      const extra: Record<string, InputFile> = {};
      for (const [field, input] of Object.entries(spec.extra)) extra[field] = await fetch(input, `extra-${field}`);
      markStep("inputs fetched");
      const inputBytes = [...spec.files, ...Object.values(spec.extra)].reduce((sum, input) => sum + input.size, 0);
      const deadline = new JobDeadline(config.jobDeadline, inputBytes, signal);
      const context = {
        workDir,
        signal: deadline.signal,
        progress,
        timeoutMs: config.engineTimeoutMs,
        maxPages: config.maxPages,
        allowPages: (pages: number) => deadline.allowPages(pages),
        timeStampAuthority: config.tsaUrl ? { url: config.tsaUrl, timeoutMs: config.tsaTimeoutMs } : undefined,
        egressPolicy: config.egressPolicy,
        checkedPdfs: new Map<string, Promise<number>>(),
        locale: spec.locale,
      };
      let result;
      try {
        const input = { files, extra, options: spec.options };
        const made = spec.steps
          ? await runPipeline(spec.steps, input, context)
          : spec.batch
            ? await runBatch(processor, input, context, tool.id)
            : await processor(input, context);
        markStep("processed");
        result = await soundOutputs(made, context, context.checkedPdfs);
        markStep("outputs checked");
      } catch (err) {
        throw visitorError(deadline.explain(err), files.length === 1 ? files[0]!.name : undefined);
      } finally {
        // A check on the way in that no output waited for (a tool that failed, or wrote no copy) still ends within
        // the job, so that no qpdf outlives it.
        await Promise.allSettled(context.checkedPdfs.values());
        deadline.dispose();
      }
      // A pipeline says its steps' own.
      const notes = spec.steps ? [] : unappliedSettingNotes(tool, spec.options);
      if (notes.length > 0) result.message = [result.message ?? "", ...notes];
      const reply = await publishResult(result, store, workDir, tool.id);
      markStep("published");
      published?.(reply);
      return reply;
    } finally {
      // The job's engine children go with it: none of them may see another job's folder. A child started ahead
      // that the job never used saw nothing of it, and stays with the emptied folder for the next job. A published
      // job's reply has already gone (the queue's `published`), so this is no step of the request's time.
      await folders.giveBack(workDir);
    }
  };
  return Object.assign(run, { close: () => folders.close() });
}

/** An engine failure that reached the job unhandled is answered as its kind says; anything else stays as it is. */
function visitorError(err: unknown, fileName: string | undefined): unknown {
  if (err instanceof EngineFailure) return replyForFailure(err, fileName);
  // An engine whose adapter does not read its errors yet can still be missing.
  if (err instanceof EngineError && err.missing) return replyForFailure(new EngineFailure("not-installed", err.engine, err.message), fileName);
  return err;
}
