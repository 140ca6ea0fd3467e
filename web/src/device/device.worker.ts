/// <reference lib="webworker" />
import createQpdf from "@neslinesli93/qpdf-wasm";
import qpdfWasmUrl from "@neslinesli93/qpdf-wasm/dist/qpdf.wasm?url";
// The server's stamps use Debian's DejaVu Sans for text Helvetica cannot encode; the build ships the same files.
import dejavuSansUrl from "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf?url";
import dejavuSansBoldUrl from "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf?url";
// The typed signatures' script fonts, as the server reads them from the same packages.
import caveatLatinUrl from "@fontsource/caveat/files/caveat-latin-400-normal.woff?url";
import caveatLatinExtUrl from "@fontsource/caveat/files/caveat-latin-ext-400-normal.woff?url";
import dancingScriptLatinUrl from "@fontsource/dancing-script/files/dancing-script-latin-400-normal.woff?url";
import dancingScriptLatinExtUrl from "@fontsource/dancing-script/files/dancing-script-latin-ext-400-normal.woff?url";
import parisienneLatinUrl from "@fontsource/parisienne/files/parisienne-latin-400-normal.woff?url";
import parisienneLatinExtUrl from "@fontsource/parisienne/files/parisienne-latin-ext-400-normal.woff?url";
import sacramentoLatinUrl from "@fontsource/sacramento/files/sacramento-latin-400-normal.woff?url";
import sacramentoLatinExtUrl from "@fontsource/sacramento/files/sacramento-latin-ext-400-normal.woff?url";
import satisfyLatinUrl from "@fontsource/satisfy/files/satisfy-latin-400-normal.woff?url";
import { MAX_FILES } from "../../../catalog/file-kinds.js";
import { UserError } from "../../../pdf-ops/errors.js";
import { msg, type Message } from "../../../pdf-ops/message.js";
import { DEFAULT_MAX_PAGES } from "../../../pdf-ops/limits.js";
import { safeFileName } from "../../../pdf-ops/names.js";
import type { DeviceEngines, DeviceOutput } from "../../../pdf-ops/device/operation.js";
import { DEVICE_OPERATIONS, ENGINE_FIRST_NEEDED } from "../../../pdf-ops/device/operations.js";
import { QpdfSession, type QpdfEngine, type QpdfFactory } from "../../../pdf-ops/device/qpdf-wasm.js";
import type { SignatureFonts } from "../../../pdf-ops/sign/appearance.js";
import type { ScriptSubset } from "../../../pdf-ops/sign/fonts.js";
import { clearPhases, markPhase } from "../../../pdf-ops/device/timing.js";
import { warmUpQpdf } from "../../../pdf-ops/device/warm-up.js";
import { StoredZip } from "../../../pdf-ops/device/zip.js";
import { fitImageInBrowser } from "./fit-image.js";
import type { DeviceMessage, DeviceRequest, PackedResult, WorkerRequest } from "./protocol.js";

/**
 * The device worker: runs one tool at a time off the page's thread, with qpdf and MuPDF as WebAssembly, loaded the
 * first time a tool needs each and kept for the next run. Cancel terminates the worker; the page starts a new one.
 */

declare const self: DedicatedWorkerGlobalScope;

/** Each font's faces (pdf-ops/sign/fonts.ts says which it has). */
const SCRIPT_FONT_URLS: Record<Parameters<SignatureFonts["script"]>[0], Partial<Record<ScriptSubset, string>>> = {
  caveat: { latin: caveatLatinUrl, "latin-ext": caveatLatinExtUrl },
  dancingScript: { latin: dancingScriptLatinUrl, "latin-ext": dancingScriptLatinExtUrl },
  parisienne: { latin: parisienneLatinUrl, "latin-ext": parisienneLatinExtUrl },
  sacramento: { latin: sacramentoLatinUrl, "latin-ext": sacramentoLatinExtUrl },
  satisfy: { latin: satisfyLatinUrl },
};

async function fontAt(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The font could not be loaded (${response.status}).`);
  return new Uint8Array(await response.arrayBuffer());
}

const unicodeFont = (bold: boolean) => fontAt(bold ? dejavuSansBoldUrl : dejavuSansUrl);

const engines: DeviceEngines = {
  qpdf: async (): Promise<QpdfEngine> => ({ factory: createQpdf as unknown as QpdfFactory, wasmUrl: qpdfWasmUrl }),
  mupdf: () => import("mupdf"),
  unicodeFont,
  signatureFonts: {
    script: async (font, subset) => {
      const url = SCRIPT_FONT_URLS[font][subset];
      if (!url) throw new Error(`${font} has no ${subset} face.`);
      return fontAt(url);
    },
    unicode: unicodeFont,
  },
  fitImage: fitImageInBrowser,
};

/**
 * Every operation makes its own qpdf instances (see QpdfSession), and the package compiles its WebAssembly for every
 * instance. The compiled module is kept here by address and instantiated again, which takes a fraction of the time.
 */
const compiled = new Map<string, Promise<WebAssembly.Module>>();

function compiledAt(url: string, response: () => Promise<Response>): Promise<WebAssembly.Module> {
  let module = compiled.get(url);
  if (!module) {
    module = response().then((r) => WebAssembly.compileStreaming(r));
    compiled.set(url, module);
    // A failed compile (a network error) is not kept: the next run tries again.
    module.catch(() => compiled.delete(url));
  }
  return module;
}

WebAssembly.instantiateStreaming = async (source, imports) => {
  const response = await source;
  const known = compiled.get(response.url);
  // A warm start may already be compiling it: this second download is not needed.
  if (known) void response.body?.cancel();
  const module = known ?? compiledAt(response.url, async () => response);
  return { module: await module, instance: await WebAssembly.instantiate(await module, imports) };
};

/** Whether this worker has warmed qpdf's code up, and how many runs it has been sent. */
let qpdfWarmedUp = false;
let runsStarted = 0;

/**
 * Loads a tool's engine before its run: sent when the visitor adds files, so that fetching and compiling the
 * WebAssembly, and for qpdf a warm-up (see warmUpQpdf), happen while settings are chosen. Its failure is the run's
 * to report: the run loads the engine again.
 */
async function warm(tool: string): Promise<void> {
  const engine = ENGINE_FIRST_NEEDED[tool];
  if (engine === "qpdf") {
    const url = new URL(qpdfWasmUrl, self.location.href).href;
    await compiledAt(url, () => fetch(url, { credentials: "same-origin" }));
    const qpdf = await engines.qpdf();
    if (!qpdfWarmedUp && runsStarted === 0) {
      qpdfWarmedUp = true;
      // Stops as soon as the visitor's run starts: that run warms the code as well as any warm-up would.
      await warmUpQpdf(qpdf, () => runsStarted === 0).catch(() => undefined);
    }
    QpdfSession.prepare(qpdf);
  } else if (engine === "mupdf") await engines.mupdf();
}

// qpdf leaves through exit() on some errors: Emscripten rejects a promise of its own with the exit status, which
// QpdfSession has already read. Nothing else is silenced.
self.addEventListener("unhandledrejection", (event) => {
  if (typeof (event.reason as { status?: unknown } | undefined)?.status === "number") event.preventDefault();
});

function post(message: DeviceMessage): void {
  self.postMessage(message);
}

const TYPES: Record<string, string> = { pdf: "application/pdf", zip: "application/zip", txt: "text/plain", jpg: "image/jpeg", png: "image/png" };

function typeOf(name: string): string {
  return TYPES[name.slice(name.lastIndexOf(".") + 1).toLowerCase()] ?? "application/octet-stream";
}

/**
 * An output as the File the page offers: made here, so that copying its bytes out of the worker's memory is not
 * work for the page's thread, and the page gets it without another copy.
 */
function packed(file: DeviceOutput): File {
  const name = safeFileName(file.name);
  return new File([file.data as Uint8Array<ArrayBuffer>], name, { type: typeOf(name) });
}

/**
 * A run's outputs as the page gets them: one as itself, several as the ZIP the server would send (and each on its
 * own, up to a request's worth, for Continue with). An output handed over while the run goes on (a page image)
 * becomes a File at once, which the ZIP keeps as its entry, so that the worker's memory holds one such output at a
 * time. The files of the result itself, already all in memory, go into the ZIP as they are: the ZIP becomes one
 * Blob in one step (a Blob for each of hundreds of parts costs more than qpdf's own split), and the parts offered on
 * their own are slices of it, which copy nothing.
 */
class Outputs {
  private readonly zip = new StoredZip();
  private readonly parts: Array<{ name: string; start: number; end: number }> = [];
  private count = 0;
  /** The first output, whose bytes are checksummed only once a second shows that a ZIP is needed. */
  private first: { output: DeviceOutput; file?: File } | undefined;

  /** `now`: the output becomes a File at once, and the worker lets go of its bytes. */
  add(output: DeviceOutput, now = false): void {
    const file = now ? packed(output) : undefined;
    if (this.count === 0) this.first = { output, file };
    else {
      if (this.first) this.entry(this.first.output, this.first.file);
      this.first = undefined;
      this.entry(output, file);
    }
    this.count++;
  }

  private entry(output: DeviceOutput, file: File | undefined): void {
    const at = this.zip.add(output.name, output.data, file ?? (output.data as Uint8Array<ArrayBuffer>));
    if (this.parts.length < MAX_FILES) this.parts.push({ name: safeFileName(output.name), ...at });
  }

  packed(zipName: string): { main: File; parts?: File[] } {
    if (this.first) return { main: this.first.file ?? packed(this.first.output) };
    const main = new File(this.zip.finish(), safeFileName(zipName), { type: TYPES.zip });
    if (this.count > MAX_FILES) return { main };
    return { main, parts: this.parts.map((part) => new File([main.slice(part.start, part.end)], part.name, { type: typeOf(part.name) })) };
  }
}

/** Refusals the server would make the same way: offering it would only repeat them. */
const SERVER_SAYS_THE_SAME = new Set(["invalid_options", "too_many_pages", "incorrect_password"]);

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  if (event.data.type === "run") void run(event.data);
  else if (event.data.type === "warm") warm(event.data.tool).catch(() => undefined);
  else void reportAssets();
};

/**
 * Every engine loaded (MuPDF and the stamps' and signatures' fonts too, though the last run may not have needed
 * them), then what was fetched for them: a visit without a network must find all of it in the offline cache.
 */
async function reportAssets(): Promise<void> {
  const scriptFonts = Object.values(SCRIPT_FONT_URLS).flatMap((faces) => Object.values(faces).map(fontAt));
  await Promise.all([engines.qpdf(), engines.mupdf(), engines.unicodeFont(false), engines.unicodeFont(true), ...scriptFonts]);
  const fetched = performance.getEntriesByType("resource").map((entry) => entry.name);
  post({ type: "assets", urls: [self.location.href, ...fetched] });
}

async function run({ tool, files, extras, options }: DeviceRequest): Promise<void> {
  runsStarted++;
  clearPhases();
  markPhase("received");
  try {
    const operation = DEVICE_OPERATIONS[tool];
    if (!operation) throw new Error(`${tool} does not run on the device`);
    const inputs = files.map((f) => ({ name: safeFileName(f.name), data: f.data }));
    const progress = (fraction: number) => post({ type: "progress", fraction });
    const extraInputs = Object.fromEntries(Object.entries(extras ?? {}).map(([field, f]) => [field, { name: safeFileName(f.name), data: f.data }]));
    const outputs = new Outputs();
    const emit = (output: DeviceOutput) => outputs.add(output, true);
    const done = await operation({ files: inputs, extras: extraInputs, options: options as never }, { engines, progress, maxPages: DEFAULT_MAX_PAGES, emit });
    markPhase("operation-done");
    for (const file of done.files) outputs.add(file);
    const result: PackedResult = { message: done.message, ...outputs.packed(done.zipName ?? `${tool}-results.zip`) };
    if (done.extraction) {
      const extraction = new Outputs();
      for (const file of done.extraction.files) extraction.add(file);
      result.extraction = extraction.packed("extracted_pages.zip").main;
    }
    markPhase("packed");
    post({ type: "done", result });
    // The next run on this page finds its engine ready, as the first did.
    if (ENGINE_FIRST_NEEDED[tool] === "qpdf") QpdfSession.prepare(await engines.qpdf());
  } catch (err) {
    if (err instanceof UserError) {
      post({ type: "failed", message: err.text, serverMayHelp: !SERVER_SAYS_THE_SAME.has(err.code) });
    } else {
      post({ type: "failed", message: msg("common:device.couldNotFinish", { reason: describe(err) }), serverMayHelp: true });
    }
  }
}

function describe(err: unknown): string | Message {
  if (err instanceof RangeError || (err instanceof Error && /memory/i.test(err.message))) return msg("common:device.outOfMemory");
  return err instanceof Error ? err.message : String(err);
}
