/**
 * Where a device run passes from one phase to the next, as marks on the performance timeline (User Timing: a few
 * microseconds each, a few dozen a run). The on-device bench reads them from the page and its worker to say where a
 * run's time goes; nothing else reads them. A run clears the previous run's marks, so that they never pile up.
 */
export type DevicePhase =
  /** The page: the run's message is posted to the worker; the worker's reply arrived. */
  | "posted"
  | "reply"
  /** The worker: the run's message arrived; a visitor's file was read; a qpdf run starts and ends. */
  | "received"
  | "read"
  | "qpdf-start"
  | "qpdf-end"
  /** The worker: the operation is done; its outputs are the Files the page gets. */
  | "operation-done"
  | "packed";

const PREFIX = "device:";

export function markPhase(phase: DevicePhase): void {
  performance.mark(PREFIX + phase);
}

/** Forgets the marks of the run before. */
export function clearPhases(): void {
  for (const entry of performance.getEntriesByType("mark")) if (entry.name.startsWith(PREFIX)) performance.clearMarks(entry.name);
}
