import { processorIdOf, TOOLS } from "./tools.js";

/**
 * The tools whose work the web app does in the visitor's browser by default (a Web Worker with WebAssembly
 * engines), by the id of the tool that does the work: tools under another name (encrypt-pdf for protect-pdf) follow
 * theirs. Every other tool runs on the server. The API runs every tool on the server.
 */
export const ON_DEVICE_TOOLS: readonly string[] = [
  "merge-pdf",
  "split-pdf",
  "rotate-pdf",
  "delete-pages",
  "organize-pdf",
  "protect-pdf",
  "pdf-to-text",
  "unlock-pdf",
  "add-watermark",
  "add-page-numbers",
  "annotate-pdf",
  "sign-pdf",
  "pdf-to-jpg",
  "pdf-to-png",
  "jpg-to-pdf",
];

export function runsOnDevice(processorId: string): boolean {
  return ON_DEVICE_TOOLS.includes(processorId);
}

/** Settings with which a tool of the list still runs on the server: a certificate signature is made there only. */
const SERVER_SETTINGS: Readonly<Record<string, (values: Readonly<Record<string, unknown>>) => boolean>> = {
  "sign-pdf": (values) => values.signatureType === "certificate",
};

/** Whether the tool runs on the device with these settings. */
export function runsOnDeviceWith(processorId: string, values: Readonly<Record<string, unknown>>): boolean {
  return runsOnDevice(processorId) && !(SERVER_SETTINGS[processorId]?.(values) ?? false);
}

/** The listed tools that run on the device, in catalogue order: for the pages that tell visitors (by name). */
export function onDeviceToolIds(): string[] {
  return TOOLS.filter((tool) => tool.listed && runsOnDevice(processorIdOf(tool))).map((tool) => tool.id);
}
