import { EngineFailure } from "../errors.js";
import type { QpdfJob } from "../qpdf-args.js";
import { qpdfFailureKind } from "../qpdf-failure.js";

/**
 * qpdf compiled to WebAssembly (the npm package @neslinesli93/qpdf-wasm), run with the same command lines the
 * server gives its own qpdf. Each run gets a fresh instance: qpdf's main keeps state between calls, and a run's
 * memory goes with its instance when the run is over. The WebAssembly comes from the HTTP cache (or the offline
 * cache) after the first run; compiling its 1.3 MB takes a fraction of a second.
 */

/** The package's factory, typed for what is used here. */
export type QpdfFactory = (options: QpdfModuleOptions) => Promise<QpdfInstance>;

interface QpdfModuleOptions {
  locateFile(name: string): string;
}

interface QpdfInstance {
  callMain(args: string[]): number;
  FS: {
    mkdir(path: string): void;
    writeFile(path: string, data: Uint8Array): void;
    readFile(path: string): Uint8Array;
    readdir(path: string): string[];
  };
}

/** The package's factory, and where its WebAssembly is (a URL in the browser, a path in Node.js). */
export interface QpdfEngine {
  factory: QpdfFactory;
  wasmUrl: string;
}

/** A visitor's file as a device operation gets it: bytes, or a Blob (a File in the browser) read when needed. */
export type InputData = Uint8Array | Blob;

export interface QpdfRun {
  /** Files qpdf reads, by their names under /in (copied into its file system: qpdf reads in small pieces). */
  inputs: ReadonlyMap<string, Uint8Array>;
  args: readonly string[];
  /** qpdf's --progress, as a fraction of the output written. */
  onProgress?: (fraction: number) => void;
  /** A password was given (in a job file): qpdf's "invalid password" then means a wrong one. */
  passwordGiven?: boolean;
}

export interface QpdfOutcome {
  stdout: string;
  /** Reads a file qpdf wrote under /out. */
  read(name: string): Uint8Array;
  /** The names qpdf wrote under /out. */
  written(): string[];
}

export const IN = "/in";
export const OUT = "/out";

const PROGRESS = /wrote (\d+)% of output/;

/** Runs qpdf once; exit code 3 ("done, with warnings") counts as success, as on the server. */
export async function runQpdf(engine: QpdfEngine, run: QpdfRun): Promise<QpdfOutcome> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const instance = await withConsole(
    (line) => {
      const progress = PROGRESS.exec(line);
      if (progress && run.onProgress) run.onProgress(Number(progress[1]) / 100);
      else stdout.push(line);
    },
    (line) => stderr.push(line),
    () =>
      engine.factory({ locateFile: () => engine.wasmUrl }),
  );
  mountInputs(instance, run.inputs);
  instance.FS.mkdir(OUT);
  const args = ["--no-warn", ...(run.onProgress ? ["--progress"] : []), ...run.args];
  let exitCode: number;
  try {
    exitCode = instance.callMain(args);
  } catch (err) {
    // qpdf leaves through exit() on some errors: Emscripten throws the exit status.
    const status = (err as { status?: unknown }).status;
    if (typeof status !== "number") throw new EngineFailure("crashed", "qpdf", String(err), { cause: err });
    exitCode = status;
  }
  if (exitCode !== 0 && exitCode !== 3) {
    const text = stderr.join("\n");
    const passwordGiven = run.passwordGiven ?? args.some((a) => a.startsWith("--password="));
    throw new EngineFailure(qpdfFailureKind(text, passwordGiven), "qpdf", text);
  }
  return {
    stdout: stdout.join("\n"),
    read: (name) => instance.FS.readFile(`${OUT}/${name}`),
    written: () => instance.FS.readdir(OUT).filter((name) => name !== "." && name !== ".."),
  };
}

/**
 * Runs a qpdf job (JSON) as the server does wherever a password is involved, so that both sides give qpdf the same
 * job; `files` are what its inputFile names under /in.
 */
export async function runQpdfJobOnDevice(engine: QpdfEngine, job: QpdfJob, files: ReadonlyMap<string, Uint8Array>): Promise<QpdfOutcome> {
  const inputs = new Map(files);
  inputs.set("job.json", new TextEncoder().encode(JSON.stringify(job)));
  return runQpdf(engine, { inputs, args: [`--job-json-file=${IN}/job.json`], passwordGiven: job.password !== undefined });
}

function mountInputs(instance: QpdfInstance, inputs: ReadonlyMap<string, Uint8Array>): void {
  instance.FS.mkdir(IN);
  for (const [name, data] of inputs) instance.FS.writeFile(`${IN}/${name}`, data);
}

/** Where a run's input file is, as qpdf must be told. */
export function inputPath(name: string): string {
  return `${IN}/${name}`;
}

/**
 * This build of qpdf writes its standard output and error with console.log and console.error, bound when an
 * instance is made, and takes no other place to write them: they are pointed at this run's own lines for that one
 * synchronous moment.
 */
function withConsole<T>(out: (line: string) => void, err: (line: string) => void, make: () => T): T {
  const { log, error } = console;
  console.log = (...parts: unknown[]) => out(parts.join(" "));
  console.error = (...parts: unknown[]) => err(parts.join(" "));
  try {
    return make();
  } finally {
    console.log = log;
    console.error = error;
  }
}
