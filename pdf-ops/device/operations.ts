import { deletePagesOnDevice } from "./delete-pages.js";
import { extractTextOnDevice } from "./extract-text.js";
import { mergeOnDevice } from "./merge.js";
import type { DeviceOperation } from "./operation.js";
import { organizeOnDevice } from "./organize.js";
import { protectOnDevice } from "./protect.js";
import { rotateOnDevice } from "./rotate.js";
import { splitOnDevice } from "./split.js";

/** The tools that run in the visitor's browser, by the id of the tool that does the work (processorIdOf). */
export const DEVICE_OPERATIONS: Readonly<Record<string, DeviceOperation<never>>> = {
  "merge-pdf": mergeOnDevice,
  "split-pdf": splitOnDevice,
  "rotate-pdf": rotateOnDevice,
  "delete-pages": deletePagesOnDevice,
  "organize-pdf": organizeOnDevice,
  "protect-pdf": protectOnDevice,
  "pdf-to-text": extractTextOnDevice,
};
