import type { FileKind } from "../../catalog/file-kinds.js";
import type { Locale } from "../../catalog/locales.js";

/** One uploaded file of a job, kept in the file store until the job ends. */
export interface StoredInput {
  key: string;
  /** The visitor's file name, made safe. */
  name: string;
  size: number;
  kind: FileKind;
}

/**
 * Everything needed to run a job, as plain JSON: it travels through Redis to a worker on any machine. Options are
 * already validated against the tool's schema.
 */
export interface JobSpec {
  id: string;
  /** The tool that runs (for Convert PDF, the format it dispatched to). */
  toolId: string;
  files: StoredInput[];
  extra: Record<string, StoredInput>;
  options: Record<string, unknown>;
  /** A one-file tool applied to each file on its own (batch.ts). */
  batch?: boolean;
  /** Tools run one after the other, each on the previous one's outputs (pipeline.ts); toolId names the first. */
  steps?: PipelineStep[];
  /** The language of the request, for what the job writes into its files (see ProcessorContext.locale). */
  locale?: Locale;
}

/** One step of a pipeline: a tool (never Convert PDF itself: the format it dispatches to) and its checked options. */
export interface PipelineStep {
  toolId: string;
  options: Record<string, unknown>;
}
