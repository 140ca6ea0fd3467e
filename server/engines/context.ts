/** What every engine call needs from the job that makes it. */
export interface EngineContext {
  /** The job's own folder: engines run here and write nothing elsewhere. */
  workDir: string;
  signal?: AbortSignal;
  timeoutMs: number;
}
