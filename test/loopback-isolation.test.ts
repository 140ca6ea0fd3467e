import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ghostscript } from "../server/engines/ghostscript.js";
import { networkSandboxAvailable } from "../server/engines/network-sandbox.js";
import { EngineError, runProcess } from "../server/engines/process-runner.js";
import { EngineFailure } from "../server/errors.js";
import { tempDir } from "./helpers/pdf-tools.js";
import { rawPdf } from "./helpers/raw-pdf.js";
import { readZip } from "./helpers/zip.js";
import { download, postTool, startServer, type TestServer } from "./helpers/server.js";

/**
 * Engines stay off the network and out of other folders. A PDF that points at a listener on loopback in every way
 * PDF can (link, launch and remote go-to actions, a form that submits, JavaScript, an external image stream, an
 * external embedded file) goes through every tool and conversion; the listener must see no connection. Ghostscript
 * runs with -dSAFER, proven by a PostScript program that tries to read and write files outside its job folder.
 */

const exec = promisify(execFile);
let server: TestServer;
let listener: http.Server;
let connections = 0;
let base = "";

beforeAll(async () => {
  listener = http.createServer((_req, res) => res.end("%PDF-1.4\n"));
  listener.on("connection", () => connections++);
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  server = await startServer({ rateLimitPerMinute: 0 });
});
afterAll(async () => {
  listener?.close();
  await server?.close();
});

/** One page of text, with every way PDF has of naming a remote resource pointing at the listener. */
function reachingPdf(url: string): Buffer {
  const content = "BT /F1 24 Tf 72 700 Td (Loopback probe page) Tj ET q 100 0 0 100 72 500 cm /Ext Do Q";
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R /OpenAction 9 0 R /AcroForm << /Fields [8 0 R] >> /Names << /EmbeddedFiles << /Names [(remote.pdf) 11 0 R] >> >> >>`,
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> /XObject << /Ext 10 0 R >> >> /Annots [6 0 R 7 0 R 8 0 R 12 0 R] >>`,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    `<< /Type /Annot /Subtype /Link /Rect [72 690 300 720] /A << /S /URI /URI (${url}/uri) >> >>`,
    `<< /Type /Annot /Subtype /Link /Rect [72 650 300 680] /A << /S /Launch /F << /Type /Filespec /FS /URL /F (${url}/launch) >> >> >>`,
    `<< /Type /Annot /Subtype /Widget /FT /Btn /Ff 65536 /T (send) /Rect [72 600 200 630] /A << /S /SubmitForm /F << /FS /URL /F (${url}/submit) >> >> >>`,
    `<< /S /JavaScript /JS (app.launchURL\\("${url}/js", true\\); this.submitForm\\("${url}/js-submit"\\);) >>`,
    `<< /Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8 /Length 0 /F << /FS /URL /F (${url}/image) >> >>\nstream\n\nendstream`,
    `<< /Type /Filespec /F (remote.pdf) /FS /URL /UF (${url}/embedded) >>`,
    `<< /Type /Annot /Subtype /Link /Rect [72 560 300 590] /A << /S /GoToR /F << /FS /URL /F (${url}/gotor.pdf) >> /D [0 /Fit] >> >>`,
  ];
  return rawPdf(objects);
}

/** Each tool with its fields, and how many copies of the file it takes where that is more than one. */
const TOOLS: Array<[string, Record<string, string | number | object>, number?]> = [
  ["merge-pdf", {}, 2],
  ["rotate-pdf", {}],
  ["split-pdf", {}],
  ["delete-pages", { pages: "2" }],
  ["organize-pdf", { pageRotations: { "0": 90 } }],
  ["add-watermark", {}],
  ["add-page-numbers", {}],
  ["compress-pdf", {}],
  ["protect-pdf", { userPassword: "pw" }],
  ["repair-pdf", {}],
  ["sign-pdf", { signatureType: "type", typedName: "Jane Doe" }],
  ["annotate-pdf", { annotations: [{ type: "text", position: { x: 10, y: 10, pageIndex: 0, width: 50, height: 20 }, text: "x" }] }],
  ["pdf-to-word", {}],
  ["pdf-to-excel", {}],
  ["pdf-to-ppt", {}],
  ["pdf-to-html", {}],
  ["pdf-to-markdown", {}],
  ["pdf-to-epub", {}],
  ["pdf-to-rtf", {}],
  ["pdf-to-text", {}],
  ["extract-text", {}],
  ["pdf-to-jpg", {}],
  ["pdf-to-png", {}],
  ["pdf-to-svg", {}],
  ["pdf-to-pdf-a", {}],
  ["ocr-pdf", {}],
  ["flatten-pdf", {}],
  ["edit-metadata", { title: "x" }],
  ["crop-pdf", { autoCrop: "true" }],
  ["remove-blank-pages", {}],
  ["n-up-pdf", {}],
  ["extract-images", { minWidth: 1, minHeight: 1 }],
  ["sanitize-pdf", {}],
  ["redact-pdf", { presets: ["email"], areas: [{ page: 1, x: 0, y: 0, width: 50, height: 50 }] }],
  ["compare-pdf", {}, 2],
];

describe("no engine reaches the network", () => {
  it("the listener itself answers, so a fetch would be seen", async () => {
    await (await fetch(`${base}/control`)).text();
    expect(connections).toBe(1);
    connections = 0;
  });

  it("sees no connection while the reaching PDF goes through every tool and conversion", async () => {
    const data = reachingPdf(base);
    // The page is readable: the probe is a real document, not a file every tool refuses.
    const probe = path.join(await tempDir(), "probe.pdf");
    await fs.writeFile(probe, data);
    expect((await exec("pdftotext", [probe, "-"])).stdout).toContain("Loopback probe page");
    const statuses: string[] = [];
    for (const [tool, fields, copies = 1] of TOOLS) {
      const reply = await postTool(server, tool, Array.from({ length: copies }, (_, i) => ({ name: `reach-${i + 1}.pdf`, data })), fields);
      statuses.push(`${tool} ${reply.status}${reply.status === 200 ? "" : ` ${reply.body.error}`}`);
      if (tool === "pdf-to-html" && reply.status === 200) await expectNoRemoteResources(reply.body.downloadUrl!);
    }
    // Delete-pages on a one-page file is a 400 of its own; everything else works on the probe.
    expect(statuses.filter((s) => !/ 200$/.test(s) && !s.startsWith("delete-pages 400"))).toEqual([]);
    // Give any late fetch a moment to arrive.
    await new Promise((r) => setTimeout(r, 500));
    expect(connections).toBe(0);
  }, 300_000);
});

describe("engines run in a network namespace of their own", () => {
  // Whatever an engine is made to do, it has no network: a program started as an engine cannot even reach this
  // machine's loopback. The probe of installed engines runs outside the namespace, which makes the control.
  // Each run in a fresh folder of its own: an engine is never started in the shared temporary folder.
  const connectTo = async (engine: string) =>
    runProcess({
      engine,
      command: "python3",
      args: ["-c", `import socket; socket.create_connection(("127.0.0.1", ${new URL(base).port}), 2).close()`],
      cwd: await tempDir(),
      timeoutMs: 10_000,
    });

  it.runIf(networkSandboxAvailable())("a program started as an engine cannot connect to loopback; outside the namespace it can", async () => {
    connections = 0;
    await expect(connectTo("ghostscript")).rejects.toThrow(EngineError);
    await new Promise((r) => setTimeout(r, 200));
    expect(connections).toBe(0);
    await connectTo("probe");
    await new Promise((r) => setTimeout(r, 200));
    expect(connections).toBe(1);
    connections = 0;
    const health = (await (await fetch(`${server.url}/api/health`)).json()) as { features: { engineNetworkSandbox: boolean } };
    expect(health.features.engineNetworkSandbox).toBe(true);
  });

  it("still tells a missing program from a failing one", async () => {
    const missing = await runProcess({ engine: "qpdf", command: "no-such-engine-here", args: [], cwd: await tempDir(), timeoutMs: 10_000 }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(EngineError);
    expect((missing as EngineError).exitCode).toBeNull();
    expect((missing as EngineError).message).toContain("no-such-engine-here is not installed");
  });
});

/** pdf-to-html's page may link to the document's addresses, but never loads anything from elsewhere. */
async function expectNoRemoteResources(downloadUrl: string): Promise<void> {
  const { path: file } = await download(server, downloadUrl);
  const bytes = await fs.readFile(file);
  const pages = bytes.subarray(0, 2).toString("latin1") === "PK" ? [...(await readZip(file)).values()].map((b) => b.toString("utf8")) : [bytes.toString("utf8")];
  const html = pages.join("\n");
  expect(html).toContain("Loopback probe page");
  expect(html).not.toMatch(/<(img|script|iframe|embed|object|video|audio|source)\b[^>]*\bsrc\s*=\s*["']?(https?:)?\/\//i);
  expect(html).not.toMatch(/<link\b[^>]*\bhref\s*=\s*["']?(https?:)?\/\//i);
  expect(html).not.toMatch(/url\(\s*["']?(https?:)?\/\//i);
  expect(html).not.toMatch(/@import/i);
}

describe("Ghostscript runs with -dSAFER", () => {
  const attempts = {
    read: "(/etc/hostname) (r) file 100 string readstring pop print",
    write: "(../../escaped.txt) (w) file dup (x) writestring closefile",
  };

  it.each(Object.entries(attempts))("refuses a PostScript program's attempt to %s a file outside its job folder", async (_what, program) => {
    const root = await tempDir();
    const workDir = path.join(root, "a", "b");
    await fs.mkdir(workDir, { recursive: true });
    const run = ghostscript(["-sDEVICE=nullpage", "-c", program, "-c", "(REACHED) print quit"], [], { workDir, timeoutMs: 30_000 });
    // The adapter reads Ghostscript's refusal as the input's fault; Ghostscript's own words stay in the cause.
    await expect(run).rejects.toBeInstanceOf(EngineFailure);
    await expect(run).rejects.toMatchObject({ kind: "damaged", cause: { stderr: expect.stringContaining("invalidfileaccess") } });
    await expect(fs.access(path.join(root, "escaped.txt"))).rejects.toThrow();
    // Control: the same program without SAFER does what it asks, so the refusal above is SAFER's.
    const unsafe = await exec("gs", ["-dNOSAFER", "-dBATCH", "-dNOPAUSE", "-dQUIET", "-sDEVICE=nullpage", "-c", program, "-c", "(REACHED) print quit"], { cwd: workDir });
    expect(unsafe.stdout).toContain("REACHED");
  });

  it("is the only way the server starts gs, and nothing turns SAFER off", async () => {
    const serverDir = path.resolve(import.meta.dirname, "../server");
    const { stdout } = await exec("grep", ["-rlE", "command: \"gs\"", serverDir]).catch(() => ({ stdout: "" }));
    expect(stdout.trim().split("\n").map((f) => path.relative(serverDir, f))).toEqual(["engines/ghostscript.ts"]);
    const nosafer = await exec("grep", ["-rlE", "NOSAFER|DELAYSAFER|-dSAFER=false", serverDir]).catch(() => ({ stdout: "" }));
    expect(nosafer.stdout.trim()).toBe("");
  });
});
