import { createRequire } from "node:module";
import * as mupdf from "mupdf";
import type { DeviceEngines } from "../../pdf-ops/device/operation.js";
import type { QpdfFactory } from "../../pdf-ops/device/qpdf-wasm.js";
import { serverUnicodeFont } from "../../server/pdf/stamp.js";
import { serverSignatureFonts } from "../../server/sign/fonts.js";
import { signatureImage } from "../../server/sign/signature-image.js";

const require = createRequire(import.meta.url);

/** The engines the browser runs, loaded in Node.js: the same WebAssembly qpdf and the same mupdf package, and the fonts' same files. */
export const nodeDeviceEngines: DeviceEngines = {
  qpdf: async () => ({
    factory: require("@neslinesli93/qpdf-wasm") as QpdfFactory,
    wasmUrl: require.resolve("@neslinesli93/qpdf-wasm/dist/qpdf.wasm"),
  }),
  mupdf: async () => mupdf,
  unicodeFont: serverUnicodeFont,
  signatureFonts: serverSignatureFonts,
  // The browser scales a picture past the signature size with OffscreenCanvas, which Node.js lacks; the tests'
  // pictures are smaller, which both keep as they are.
  fitImage: signatureImage,
};
