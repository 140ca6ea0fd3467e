import type { Locale } from "../../catalog/locales.js";
import type { ZipEntry } from "../lib/zip.js";
import type { Said } from "../i18n/message.js";
import type { FileKind } from "../../catalog/file-kinds.js";
import type { EngineContext } from "../engines/context.js";
import type { EgressPolicy } from "../engines/egress/addresses.js";

/*
 * The contract between a job and the code that does its work: the files a processor is given, the context it runs
 * in and the result it answers with. It sits below the tools and the PDF, conversion, signing and comparison code
 * they use, so that all of them can speak it without importing upward.
 */

/** An uploaded file as a processor sees it: on disk in the job's folder, its kind checked by content. */
export interface InputFile {
  path: string;
  /** The visitor's file name, made safe. */
  name: string;
  size: number;
  kind: FileKind;
}

export interface ProcessorContext extends EngineContext {
  /** Reports real progress, 0 to 1. */
  progress(fraction: number): void;
  maxPages: number;
  /** The input has this many more pages than known so far: the job's deadline grows by their share (within its cap). */
  allowPages?(pages: number): void;
  /** The RFC 3161 time-stamp authority signatures may use, when the server has one. */
  timeStampAuthority?: { url: string; timeoutMs: number };
  /** Where a page printed from a web address may fetch from. */
  egressPolicy?: EgressPolicy;
  /**
   * qpdf --check's exit code on files of this job checked on the way in, by path, as it comes: the check runs beside
   * the tool's own work, and only the outputs' soundness waits for it.
   */
  checkedPdfs?: Map<string, Promise<number>>;
  /**
   * The visitor's language, for words a tool writes into its files (a batch's report.txt, Compare's report); what
   * it says beside the download is a catalogue message, said in the reader's language at the reply. English when unset.
   */
  locale?: Locale;
}

export interface OutputFile {
  path: string;
  name: string;
  /**
   * qpdf --check's exit code on this exact file, where the processor already ran it: it is not run a second time,
   * and the processor answers for the outcome (its reply must say what qpdf still reports).
   */
  checkedExitCode?: number;
  /**
   * qpdf wrote this file from pages of these (a split, a rotation, a merge): it is as sound as its sources, which are
   * then checked once (or not again, when checked on the way in) instead of every output.
   */
  copiedByQpdfFrom?: readonly string[];
}

/** One downloadable result: a single file, or several that are delivered as one ZIP named zipName. */
export interface OutputGroup {
  files: OutputFile[];
  zipName?: string;
  /**
   * The ZIP of these files, written by the processor as it made them (page images as they were rendered), with
   * the files it holds in its order: used while the group still has exactly those files.
   */
  zip?: { path: string; holds: readonly ZipEntry[] };
}

export interface ToolResult extends OutputGroup {
  /** Said to the visitor beside the download: what was done, and anything that could not be. */
  message?: Said;
  /** Set when the result is delivered but incomplete: what was lost, for a visitor who must not read it as a full success. */
  warning?: Said;
  /** organize-pdf's second file. */
  extraction?: OutputGroup;
}

export interface ProcessorInput<O> {
  files: InputFile[];
  /** Extra file fields by name (the signature image, the certificate). */
  extra: Record<string, InputFile | undefined>;
  options: O;
}

export type Processor<O = Record<string, unknown>> = (input: ProcessorInput<O>, ctx: ProcessorContext) => Promise<ToolResult>;
