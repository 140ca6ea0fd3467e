import { DamagedPdfError, EngineFailure, replyForFailure, TooManyPagesError, UserError } from "../errors.js";
import { msg } from "../message.js";
import { pageTreeArgs, readPageTree, treeIsSound } from "../qpdf-inspection.js";
import type { DeviceContext, DeviceInput } from "./operation.js";
import { inputPath, QpdfSession } from "./qpdf-wasm.js";
import { markPhase } from "./timing.js";

/** A visitor's PDF as qpdf sees it: where it is in the session's file system, its pages, and whether it has bookmarks. */
export interface DevicePdf {
  name: string;
  data: Uint8Array;
  /** Its name under /in. */
  key: string;
  path: string;
  pageCount: number;
  /** Known only where asked for (`outlines`). */
  hasOutline: boolean;
}

export interface OpenedOnDevice {
  /** The qpdf that read the files, with them in its file system, for the operation's own runs. */
  session: QpdfSession;
  pdfs: DevicePdf[];
}

/**
 * Reads the visitor's files, each once and whole (qpdf reads a file in many small pieces, each of which would be a
 * synchronous read of a Blob), into one qpdf session, and looks at each as the server does before a tool starts:
 * its page count and page tree in one run, its outline where asked. What qpdf cannot read, or needs a password for,
 * is answered with the server's sentence for it, naming the file; a page tree that does not hold the pages it
 * states, which the server rebuilds before working on the file, is handed back to the server.
 */
export async function openOnDevice(files: readonly DeviceInput[], ctx: DeviceContext, options: { outlines?: boolean; share?: number } = {}): Promise<OpenedOnDevice> {
  const { session, inputs } = await sessionWith(files, ctx);
  const pdfs: DevicePdf[] = [];
  for (const [i, arriving] of inputs.entries()) {
    const input = await arriving;
    const path = inputPath(input.key);
    const tree = await readTree(session, path, input.name, ctx.maxPages, options.outlines ? ["--show-object=trailer"] : []);
    const hasOutline = options.outlines ? await hasOutlineEntries(session, path, input.name, tree.stdout) : false;
    pdfs.push({ ...input, path, pageCount: tree.pageCount, hasOutline });
    if (options.share) ctx.progress((options.share * (i + 1)) / inputs.length);
  }
  return { session, pdfs };
}

/** openOnDevice for a tool that takes one file. */
export async function openOneOnDevice(file: DeviceInput, ctx: DeviceContext, options: { outlines?: boolean } = {}): Promise<{ session: QpdfSession; pdf: DevicePdf }> {
  const { session, pdfs } = await openOnDevice([file], ctx, options);
  return { session, pdf: pdfs[0]! };
}

/** A visitor's file in a qpdf session: its name under /in is `key`. */
export interface SessionInput {
  name: string;
  key: string;
  data: Uint8Array;
}

/**
 * A qpdf session that the visitor's files are added to, named 1.pdf, 2.pdf and so on, each as soon as it is read:
 * the engine starts while they are read, and the first can be looked at while the browser still reads the others.
 */
export async function sessionWith(files: readonly DeviceInput[], ctx: DeviceContext): Promise<{ session: QpdfSession; inputs: Array<Promise<SessionInput>> }> {
  const reads = files.map((file, i) => bytesOf(file.data).then((data) => ({ name: file.name, key: `${i + 1}.pdf`, data })));
  // A file that cannot be read fails the run where it is awaited; meanwhile its failure is not left unhandled.
  for (const read of reads) read.catch(() => undefined);
  const session = new QpdfSession(await ctx.engines.qpdf());
  await session.ready();
  const inputs = reads.map((read) =>
    read.then((input) => {
      markPhase("read");
      session.addInput(input.key, input.data);
      return input;
    }),
  );
  for (const input of inputs) input.catch(() => undefined);
  return { session, inputs };
}

/** The file's page count, where its page tree holds the pages it states (the server's check before a tool). */
export async function countPages(session: QpdfSession, path: string, name: string, maxPages: number): Promise<number> {
  return (await readTree(session, path, name, maxPages)).pageCount;
}

/** countPages, with what the run printed besides (`before`: more of qpdf's inspections in the same run). */
async function readTree(session: QpdfSession, path: string, name: string, maxPages: number, before: readonly string[] = []): Promise<{ pageCount: number; stdout: string }> {
  const run = await answered(name, () => session.run({ args: pageTreeArgs(path, before), warnings: true }));
  const reading = readPageTree(run.stdout, run.stderr, run.exitCode);
  if (!reading?.walkedPages) throw new DamagedPdfError(name);
  if (!treeIsSound(reading)) throw new UserError(msg("common:device.pageTreeToRebuild", { name }), 422, "needs_repair");
  if (reading.pageCount > maxPages) throw new TooManyPagesError(maxPages);
  return { pageCount: reading.pageCount, stdout: run.stdout };
}

/** The catalogue's number in a trailer as qpdf prints it (`--show-object=trailer`). */
const ROOT = /\/Root (\d+) (\d+) R/;

/**
 * Whether the file has bookmarks. The catalogue, found through the trailer the page tree's run printed, is read
 * in a plain run: one naming no /Outlines has none. One that does is looked at by qpdf's JSON, which needs an
 * instance of its own and takes several times as long, as does anything else (no catalogue where the trailer
 * points, say).
 */
async function hasOutlineEntries(session: QpdfSession, path: string, name: string, treeStdout: string): Promise<boolean> {
  const root = ROOT.exec(treeStdout);
  if (root) {
    const catalog = await answered(name, () => session.run({ args: [`--show-object=${root[1]},${root[2]}`, path] }));
    if (catalog.stdout.includes("/Type /Catalog") && !catalog.stdout.includes("/Outlines")) return false;
  }
  const run = await answered(name, () => session.run({ args: ["--json=2", "--json-key=outlines", path] }));
  const json = JSON.parse(run.stdout) as { outlines?: unknown[] };
  return (json.outlines?.length ?? 0) > 0;
}

/** `run`, with an engine's failure said as the server says it for the file `name`. */
export async function answered<T>(name: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw err instanceof EngineFailure ? replyForFailure(err, name) : err;
  }
}

/** How large a visitor's file is, before it is read. */
export function fileSize(data: DeviceInput["data"]): number {
  return data instanceof Uint8Array ? data.length : data.size;
}

/** The bytes of a visitor's file, for an engine that reads whole documents. */
export async function bytesOf(data: DeviceInput["data"]): Promise<Uint8Array> {
  return data instanceof Uint8Array ? data : new Uint8Array(await data.arrayBuffer());
}
