import { EngineFailure } from "../errors.js";
import type { QpdfJob } from "../qpdf-args.js";
import { qpdfFailureKind } from "../qpdf-failure.js";
import { markPhase } from "./timing.js";

/**
 * qpdf compiled to WebAssembly (the npm package @neslinesli93/qpdf-wasm), run with the same command lines the
 * server gives its own qpdf. The runs of one operation share an instance (a QpdfSession): an instance costs about
 * as much as inspecting a small file, and its file system already holds the operation's files. The WebAssembly
 * comes from the HTTP cache (or the offline cache) after the first run, compiled once per worker.
 */

/** The package's factory, typed for what is used here. */
export type QpdfFactory = (options: QpdfModuleOptions) => Promise<QpdfInstance>;

interface QpdfModuleOptions {
  locateFile(name: string): string;
}

/** Emscripten's file system, by the names the package keeps (its own build minifies the rest). */
interface EmscriptenFs {
  mkdir(path: string): void;
  open(path: string, flags: string): FsStream;
  close(stream: FsStream): void;
  read(stream: FsStream, buffer: Uint8Array, offset: number, length: number, position?: number): number;
  write(stream: FsStream, buffer: Uint8Array, offset: number, length: number, position?: number, canOwn?: boolean): number;
  truncate(node: object | string, length: number): void;
  stat(path: string): { size: number };
  readdir(path: string): string[];
  unlink(path: string): void;
}

interface FsStream {
  node: object;
  position: number;
}

interface QpdfInstance {
  callMain(args: string[]): number;
  FS: EmscriptenFs;
}

/** The package's factory, and where its WebAssembly is (a URL in the browser, a path in Node.js). */
export interface QpdfEngine {
  factory: QpdfFactory;
  wasmUrl: string;
}

/** A visitor's file as a device operation gets it: bytes, or a Blob (a File in the browser) read when needed. */
export type InputData = Uint8Array | Blob;

export interface QpdfRun {
  args: readonly string[];
  /** qpdf's --progress, as a fraction of the output written. */
  onProgress?: (fraction: number) => void;
  /** A password was given (in a job file): qpdf's "invalid password" then means a wrong one. */
  passwordGiven?: boolean;
  /** qpdf's warnings are wanted on standard error (exit code 3 still counts as success). */
  warnings?: boolean;
  /** The output under /out and about how large it will be, so that its room is made once (see makeRoom). */
  expectedOutput?: { name: string; bytes: number };
}

export interface QpdfOutcome {
  stdout: string;
  stderr: string;
  exitCode: number;
  /** Reads a file this run wrote under /out, and lets the file system forget it. */
  take(name: string): Uint8Array;
  /** The names this run wrote under /out. */
  written(): string[];
}

export const IN = "/in";
export const OUT = "/out";

const PROGRESS = /wrote (\d+)% of output/;

/** Where a run's input file is, as qpdf must be told. */
export function inputPath(name: string): string {
  return `${IN}/${name}`;
}

/**
 * An instance with its console lines routed to whichever run is current. This build of qpdf writes its standard
 * output and error with console.log and console.error as they are when the instance is made, and takes no other
 * place to write them: they are pointed at the instance's own sink for that one synchronous moment.
 */
interface Live {
  instance: QpdfInstance;
  out: (line: string) => void;
  err: (line: string) => void;
  /** Outputs made room for, by their file system node: the room, and where the last byte was written. */
  sized: Map<object, Room>;
}

/**
 * One operation's qpdf: its input files mounted once (without a copy) and one instance for its runs, made again
 * only after a run that failed (qpdf may have left it half-way). qpdf's JSON mode changes where an instance's later
 * runs write, and fails on an instance that has printed anything: JSON inspections run on a second instance.
 */
export class QpdfSession {
  private readonly inputs = new Map<string, Uint8Array>();
  private plain: Live | undefined;
  private jsonLive: Live | undefined;

  constructor(
    private readonly engine: QpdfEngine,
    inputs: ReadonlyMap<string, Uint8Array> = new Map(),
  ) {
    for (const [name, data] of inputs) this.inputs.set(name, data);
  }

  /** Adds a file under /in for the runs that follow (a result of an earlier run read back, say). */
  addInput(name: string, data: Uint8Array): void {
    this.inputs.set(name, data);
    for (const live of [this.plain, this.jsonLive]) if (live) mount(live.instance, name, data);
  }

  /**
   * Makes the instance for the runs that follow, so that it can be made while the files are still being read (they
   * are added after, with addInput).
   */
  async ready(): Promise<void> {
    this.plain ??= await this.start();
  }

  /** Runs qpdf once; exit code 3 ("done, with warnings") counts as success, as on the server. */
  async run(run: QpdfRun): Promise<QpdfOutcome> {
    const json = run.args.some((a) => a.startsWith("--json"));
    const live = json ? (this.jsonLive ??= await this.start()) : (this.plain ??= await this.start());
    const { instance } = live;
    const stdout: string[] = [];
    const stderr: string[] = [];
    live.out = (line) => {
      const progress = PROGRESS.exec(line);
      if (progress && run.onProgress) run.onProgress(Number(progress[1]) / 100);
      else stdout.push(line);
    };
    live.err = (line) => stderr.push(line);
    const before = new Set(instance.FS.readdir(OUT));
    if (run.expectedOutput) makeRoom(live, `${OUT}/${run.expectedOutput.name}`, run.expectedOutput.bytes);
    const args = [...(run.warnings ? [] : ["--no-warn"]), ...(run.onProgress ? ["--progress"] : []), ...run.args];
    let exitCode: number;
    markPhase("qpdf-start");
    try {
      exitCode = instance.callMain(args);
    } catch (err) {
      // qpdf leaves through exit() on some errors: Emscripten throws the exit status.
      const status = (err as { status?: unknown }).status;
      this.forget(live);
      if (typeof status !== "number") throw new EngineFailure("crashed", "qpdf", String(err), { cause: err });
      exitCode = status;
    } finally {
      markPhase("qpdf-end");
    }
    if (exitCode !== 0 && exitCode !== 3) {
      this.forget(live);
      const text = stderr.join("\n");
      const passwordGiven = run.passwordGiven ?? args.some((a) => a.startsWith("--password="));
      throw new EngineFailure(qpdfFailureKind(text, passwordGiven), "qpdf", text);
    }
    const written = instance.FS.readdir(OUT).filter((name) => name !== "." && name !== ".." && !before.has(name));
    return { stdout: stdout.join("\n"), stderr: stderr.join("\n"), exitCode, take: (name) => take(live, `${OUT}/${name}`), written: () => written };
  }

  /** Runs a qpdf job (JSON) as the server does wherever a password is involved, so that both sides give qpdf the same job. */
  async runJob(job: QpdfJob, options: Omit<QpdfRun, "args" | "passwordGiven"> = {}): Promise<QpdfOutcome> {
    this.addInput("job.json", new TextEncoder().encode(JSON.stringify(job)));
    return this.run({ ...options, args: [`--job-json-file=${IN}/job.json`], passwordGiven: job.password !== undefined });
  }

  private forget(live: Live): void {
    if (this.plain === live) this.plain = undefined;
    if (this.jsonLive === live) this.jsonLive = undefined;
  }

  private async start(): Promise<Live> {
    const live = await takeSpare(this.engine) ?? await makeLive(this.engine);
    for (const [name, data] of this.inputs) mount(live.instance, name, data);
    return live;
  }

  /**
   * Makes an instance ahead of the next session's first run, while the visitor chooses settings: making one takes
   * about as long as looking at a small file. The instance has run nothing yet; the next session takes it.
   */
  static prepare(engine: QpdfEngine): void {
    if (spare?.wasmUrl === engine.wasmUrl) return;
    const made = makeLive(engine);
    spare = { wasmUrl: engine.wasmUrl, made };
    // One that fails to be made is not kept: the run makes its own, and reports what goes wrong then.
    made.catch(() => {
      if (spare?.made === made) spare = undefined;
    });
  }
}

/** The instance QpdfSession.prepare made, for the engine at that address. */
let spare: { wasmUrl: string; made: Promise<Live> } | undefined;

async function takeSpare(engine: QpdfEngine): Promise<Live | undefined> {
  if (spare?.wasmUrl !== engine.wasmUrl) return undefined;
  const { made } = spare;
  spare = undefined;
  return made.catch(() => undefined);
}

async function makeLive(engine: QpdfEngine): Promise<Live> {
  const sink = { out: (_line: string) => undefined as void, err: (_line: string) => undefined as void };
  const { log, error } = console;
  console.log = (...parts: unknown[]) => sink.out(parts.join(" "));
  console.error = (...parts: unknown[]) => sink.err(parts.join(" "));
  let made: Promise<QpdfInstance>;
  try {
    made = engine.factory({ locateFile: () => engine.wasmUrl });
  } finally {
    console.log = log;
    console.error = error;
  }
  const live: Live = Object.assign(sink, { instance: await made, sized: new Map<object, Room>() });
  const fs = live.instance.FS;
  fs.mkdir(IN);
  fs.mkdir(OUT);
  watchSizedOutputs(live);
  return live;
}

/** Puts a file under /in as the file system's own bytes: qpdf only reads it, so it is not copied. */
function mount(instance: QpdfInstance, name: string, data: Uint8Array): void {
  const stream = instance.FS.open(`${IN}/${name}`, "w");
  try {
    if (data.length > 0) instance.FS.write(stream, data, 0, data.length, 0, true);
  } finally {
    instance.FS.close(stream);
  }
}

interface Room {
  /** The file's bytes: the memory file system writes into the buffer it was given to own, until the file outgrows it. */
  bytes: Uint8Array;
  end: number;
}

/**
 * Emscripten's memory file system grows a file by an eighth at a time past 1 MB, copying all of it each time:
 * writing a 50 MB result that way costs more than qpdf's own work on it. A result whose size is about known gets
 * its room at once, with a margin: the file is made that large before qpdf opens it (from a buffer the file system
 * then owns), qpdf's truncation on opening is skipped, and the last byte qpdf writes marks its end. Room never used
 * is never touched, so it costs no memory.
 */
function makeRoom(live: Live, path: string, expected: number): void {
  const fs = live.instance.FS;
  const bytes = new Uint8Array(expected + Math.ceil(expected / 16) + ROOM_MARGIN);
  const stream = fs.open(path, "w");
  try {
    fs.write(stream, bytes, 0, bytes.length, 0, true);
    live.sized.set(stream.node, { bytes, end: 0 });
  } finally {
    fs.close(stream);
  }
}

/** Room beyond the expected size, for a result that comes out a little larger than its inputs. */
const ROOM_MARGIN = 1 << 20;

function watchSizedOutputs(live: Live): void {
  const fs = live.instance.FS;
  const truncate = fs.truncate;
  const write = fs.write;
  fs.truncate = (node, length) => {
    const room = typeof node === "string" ? undefined : live.sized.get(node);
    if (room && length === 0 && room.end === 0) return;
    // Any other truncation moves the file to a buffer of the file system's own: it is then read as any file.
    if (room && typeof node !== "string") live.sized.delete(node);
    truncate(node, length);
  };
  fs.write = (stream, buffer, offset, length, position, canOwn) => {
    const start = position ?? stream.position;
    const written = write(stream, buffer, offset, length, position, canOwn);
    const room = live.sized.get(stream.node);
    if (room) room.end = Math.max(room.end, start + written);
    return written;
  };
}

/**
 * A file's bytes, then the file is removed from the file system. A result written within its room is handed over
 * as it lies there (the file system wrote into the room's buffer, which nothing else holds once the file is gone);
 * any other file is copied out.
 */
function take(live: Live, path: string): Uint8Array {
  const fs = live.instance.FS;
  const stream = fs.open(path, "r");
  try {
    const room = live.sized.get(stream.node);
    live.sized.delete(stream.node);
    if (room && room.end <= room.bytes.length) return room.bytes.subarray(0, room.end);
    const length = room ? room.end : fs.stat(path).size;
    const bytes = new Uint8Array(length);
    fs.read(stream, bytes, 0, length, 0);
    return bytes;
  } finally {
    fs.close(stream);
    fs.unlink(path);
  }
}
