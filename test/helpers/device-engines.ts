import { createRequire } from "node:module";
import * as mupdf from "mupdf";
import type { DeviceEngines } from "../../pdf-ops/device/operation.js";
import type { QpdfFactory } from "../../pdf-ops/device/qpdf-wasm.js";
import { serverUnicodeFont } from "../../server/pdf/stamp.js";

const require = createRequire(import.meta.url);

/** The engines the browser runs, loaded in Node.js: the same WebAssembly qpdf and the same mupdf package. */
export const nodeDeviceEngines: DeviceEngines = {
  qpdf: async () => ({
    factory: require("@neslinesli93/qpdf-wasm") as QpdfFactory,
    wasmUrl: require.resolve("@neslinesli93/qpdf-wasm/dist/qpdf.wasm"),
  }),
  mupdf: async () => mupdf,
  unicodeFont: serverUnicodeFont,
};
