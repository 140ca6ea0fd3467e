import type { Text } from "../../../pdf-ops/message.js";

/** The messages between a tool page and the device worker. Files go both ways as File objects (handles, not copies). */

export type WorkerRequest =
  | ({ type: "run" } & DeviceRequest)
  /** Load the engine this tool starts with, ahead of its run. */
  | { type: "warm"; tool: string }
  | { type: "assets" };

export interface DeviceRequest {
  /** The id of the tool that does the work (processorIdOf). */
  tool: string;
  files: Array<{ name: string; data: Blob }>;
  /** Files given in option fields (Sign PDF's signature image), by the field's name. */
  extras?: Record<string, { name: string; data: Blob }>;
  /** Options already decoded and checked against the catalogue's schema, as the server checks them. */
  options: Record<string, unknown>;
}

export interface PackedResult {
  message: Text;
  /** The download: the single output, or the ZIP of several. */
  main: File;
  /** The outputs one by one where there are several (as many as a tool takes at once), for Continue with. */
  parts?: File[];
  extraction?: File;
}

export type DeviceMessage =
  | { type: "progress"; fraction: number }
  /** What the worker fetched (its own script, its engines' modules and WebAssembly), for the offline cache. */
  | { type: "assets"; urls: string[] }
  | { type: "done"; result: PackedResult }
  /** `serverMayHelp`: false where the server would refuse the same way (the visitor's options, too many pages). */
  | { type: "failed"; message: Text; serverMayHelp: boolean };
