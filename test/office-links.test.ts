import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RECYCLE_AFTER } from "../server/engines/libreoffice.js";
import { engineSandboxState } from "../server/engines/sandbox.js";
import { makeDocx, makeIncludingDocx, makeLinkingOdt, makeLinkingPptx } from "./helpers/office-fixtures.js";
import { pdftotext, tempDir } from "./helpers/pdf-tools.js";
import { download, postTool, startServer, type TestServer } from "./helpers/server.js";

/**
 * Office documents that name local files, through the API. LibreOffice reads a linked OLE object while it imports a
 * presentation, whatever its profile says, and renders the file's first lines into the PDF: the control below shows
 * it doing so for every target when run as installed. Through the server, the office runs in the engine sandbox and
 * finds none of them: each answer is a refusal (4xx) or a PDF without any of the targets' content.
 */

const exec = promisify(execFile);
const PROJECT_PACKAGE = path.resolve("package.json");
/** The line of the project's package.json that the control shows. */
const PACKAGE_MARKER = '"name": "pdf-toolbox"';
const PASSWD_MARKER = "root:x:0:0";

let server: TestServer;
let secrets: string;
let neighbour: string;
let held: fs.FileHandle;
const files: Record<string, { path: string; marker: string }> = {};

beforeAll(async () => {
  server = await startServer();
  secrets = await tempDir();
  for (const name of ["plain", "relative", "held"]) {
    const marker = `SECRET_${name.toUpperCase()}_${process.pid}_7Q3`;
    const file = path.join(secrets, `${name}.txt`);
    await fs.writeFile(file, `${marker}\nmore of the secret\n`);
    files[name] = { path: file, marker };
  }
  // An upload of another job, in the server's own work area, as it lies while that job runs.
  neighbour = await server.workDirs.create();
  await fs.mkdir(path.join(neighbour, "uploads"));
  const neighbourMarker = `NEIGHBOUR_UPLOAD_${process.pid}_5K1`;
  await fs.writeFile(path.join(neighbour, "uploads", "1"), `${neighbourMarker}\nanother visitor's text\n`);
  files.neighbour = { path: path.join(neighbour, "uploads", "1"), marker: neighbourMarker };
  // A file the server process holds open, reachable as /proc/<server pid>/fd/N (as an upload is while it arrives).
  held = await fs.open(files.held!.path, "r");
});
afterAll(async () => {
  await held?.close();
  await server?.workDirs.remove(neighbour);
  await server?.close();
});

/** Each linked target: the URL or path the document names, and a line of the target that must not come back. */
function targets(): Array<{ name: string; target: string; marker: string }> {
  return [
    { name: "/etc/passwd", target: "file:///etc/passwd", marker: PASSWD_MARKER },
    { name: "the project's package.json", target: `file://${PROJECT_PACKAGE}`, marker: PACKAGE_MARKER },
    { name: "a file by absolute path", target: `file://${files.plain!.path}`, marker: files.plain!.marker },
    { name: "a relative ../../.. path", target: "../".repeat(16) + files.relative!.path.slice(1), marker: files.relative!.marker },
    { name: "a file the server holds open, by /proc/<pid>/fd", target: `file:///proc/${process.pid}/fd/${held.fd}`, marker: files.held!.marker },
    { name: "/proc/self/fd of the office", target: "file:///proc/self/fd/0", marker: PASSWD_MARKER },
    { name: "a neighbour job's upload", target: `file://${files.neighbour!.path}`, marker: files.neighbour!.marker },
  ];
}

/** Converts through the API: a 4xx, or a PDF whose text holds none of `markers`. Returns the text (or undefined). */
async function convertedText(name: string, data: Buffer, markers: readonly string[]): Promise<string | undefined> {
  const reply = await postTool(server, "word-to-pdf", [{ name, data }]);
  if (reply.status >= 400 && reply.status < 500) return undefined;
  expect(reply.status, reply.body.error).toBe(200);
  const { path: pdf } = await download(server, reply.body.downloadUrl!);
  const text = await pdftotext(pdf);
  for (const marker of markers) expect(text, `${name} leaked ${marker}`).not.toContain(marker);
  return text;
}

describe("office documents linking local files", () => {
  it("runs the office sandboxed here", () => {
    expect(engineSandboxState()).toBe("on");
  });

  it("control: LibreOffice as installed renders each linked file into the PDF", async () => {
    const control = await tempDir();
    const names: string[] = [];
    for (const [i, t] of targets().entries()) {
      // /proc/self/fd/0 of a plain office is whatever its stdin is; it proves nothing here.
      if (t.target.startsWith("file:///proc/self")) continue;
      await fs.writeFile(path.join(control, `link${i}.pptx`), await makeLinkingPptx(t.target));
      names.push(`link${i}`);
    }
    // The held file's descriptor belongs to this process, which the control office is not: it reads this
    // process's descriptor through /proc, just as an office outside the sandbox would read the server's.
    await exec(
      "soffice",
      [`-env:UserInstallation=file://${control}/profile`, "--headless", "--convert-to", "pdf", "--outdir", control, ...names.map((n) => path.join(control, `${n}.pptx`))],
      { timeout: 120_000 },
    );
    const leaked: string[] = [];
    for (const [i, t] of targets().entries()) {
      if (t.target.startsWith("file:///proc/self")) continue;
      const text = await pdftotext(path.join(control, `link${i}.pdf`));
      if (text.includes(t.marker)) leaked.push(t.name);
    }
    expect(leaked).toEqual(targets().filter((t) => !t.target.startsWith("file:///proc/self")).map((t) => t.name));
  }, 180_000);

  it("PPTX with a linked OLE object: no target's content comes back", async () => {
    const all = targets().map((t) => t.marker);
    for (const t of targets()) {
      const text = await convertedText("linked.pptx", await makeLinkingPptx(t.target), all);
      // The slide itself still converts: only the linked content is missing.
      if (text !== undefined) expect(text).toContain("Slide 1");
    }
  }, 300_000);

  it("ODT with draw:object xlink:href to local files: no target's content comes back", async () => {
    const all = targets().map((t) => t.marker);
    for (const t of targets().filter((t) => t.target.startsWith("file://"))) {
      const text = await convertedText("linked.odt", await makeLinkingOdt(t.target), all);
      if (text !== undefined) expect(text).toContain("Before the linked object.");
    }
  }, 300_000);

  it("DOCX with an INCLUDETEXT field naming local files: no target's content comes back", async () => {
    const all = targets().map((t) => t.marker);
    for (const file of ["/etc/passwd", PROJECT_PACKAGE, files.plain!.path, files.neighbour!.path]) {
      const text = await convertedText("include.docx", await makeIncludingDocx(file), all);
      if (text !== undefined) expect(text).toContain("Before the included text.");
    }
  }, 300_000);
});

/** The generations of the offices this process runs (their UNO pipes end in _<slot>_<generation>). */
async function officeGenerations(): Promise<string[]> {
  const { stdout } = await exec("ps", ["-eo", "comm=,args="]);
  const pipe = new RegExp(`pdftoolbox_office_${process.pid}_(\\d+_\\d+);`);
  return stdout
    .split("\n")
    .filter((l) => l.trimStart().startsWith("soffice.bin "))
    .map((l) => pipe.exec(l)?.[1])
    .filter((g): g is string => g !== undefined);
}

describe("the office", () => {
  it("keeps no document after a conversion, and is replaced by a fresh one after its share", async () => {
    const { data } = await makeDocx(2);
    await convertedText("first.docx", data, []);
    const before = await officeGenerations();
    expect(before.length).toBeGreaterThan(0);
    // Each office folder's io folder is empty between documents.
    const root = path.join(os.tmpdir(), `pdf-toolbox-office-${process.pid}`);
    for (const slot of await fs.readdir(root)) expect(await fs.readdir(path.join(root, slot, "io")), slot).toEqual([]);
    // Whatever the office had converted before, within RECYCLE_AFTER more it has been replaced.
    for (let i = 0; i < RECYCLE_AFTER; i++) await convertedText(`n${i}.docx`, data, []);
    const gone = async () => (await officeGenerations()).every((g) => !before.includes(g));
    for (let waited = 0; waited < 3000 && !(await gone()); waited += 100) await new Promise((r) => setTimeout(r, 100));
    expect(await gone()).toBe(true);
    const text = await convertedText("after.docx", data, []);
    expect(text).toBeTruthy();
  }, 300_000);
});
