import type * as Mupdf from "mupdf";
import type { Said } from "../message.js";
import type { SignatureFonts } from "../sign/appearance.js";
import type { ImageFitter } from "../sign/visible.js";
import type { UnicodeFontSource } from "../stamp/draw.js";
import type { InputData, QpdfEngine } from "./qpdf-wasm.js";

/**
 * A tool run in the visitor's browser (in a Web Worker), or in Node.js by the tests that compare it with the
 * server: files in as bytes, files out as bytes, with the server's names and sentences.
 */

export interface DeviceInput {
  name: string;
  data: InputData;
}

export interface DeviceOutput {
  name: string;
  data: Uint8Array;
}

export interface DeviceResult {
  files: DeviceOutput[];
  /** The name of the ZIP that carries several files, as the server names it. */
  zipName?: string;
  /** What was done, as catalogue messages: the page says them in its language. */
  message: Said;
  /** organize-pdf's second file. */
  extraction?: { files: DeviceOutput[] };
}

/** The engines, loaded by whoever runs the operation and only when it asks. */
export interface DeviceEngines {
  qpdf(): Promise<QpdfEngine>;
  mupdf(): Promise<typeof Mupdf>;
  /** DejaVu Sans, for stamps with text Helvetica cannot encode. */
  unicodeFont: UnicodeFontSource;
  /** The typed signatures' script fonts (with DejaVu Sans where they lack a letter). */
  signatureFonts: SignatureFonts;
  /** A signature picture made fit to embed, as the server's sharp makes it. */
  fitImage: ImageFitter;
}

export interface DeviceContext {
  engines: DeviceEngines;
  /** Real progress, 0 to 1. */
  progress(fraction: number): void;
  /** The most pages a document may have: the server's default, so that both refuse the same files. */
  maxPages: number;
  /**
   * Takes outputs one by one as they are made, where an operation makes many (page images), so that they need not
   * all be in memory at once; they come before the result's own files. Without it they come in the result.
   */
  emit?(output: DeviceOutput): void;
}

export interface DeviceRun<O> {
  files: readonly DeviceInput[];
  options: O;
  /** Files given in option fields (Sign PDF's signature image), by the field's name. */
  extras?: Readonly<Record<string, DeviceInput>>;
}

export type DeviceOperation<O = Record<string, unknown>> = (input: DeviceRun<O>, ctx: DeviceContext) => Promise<DeviceResult>;
