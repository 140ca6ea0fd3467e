import { execFile, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpus } from "./helpers/corpus.js";
import { runTool } from "./helpers/server.js";

/**
 * The server as `npm start` runs it: the build in dist/, whose engine children read only the compiled modules the
 * sandbox lets them see (the other tests run the sources, whose MuPDF child is one bundle). A module an engine needs
 * but cannot see fails every task of that engine here, and nowhere else.
 */

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "..");
let child: ChildProcess;
let url: string;
let dataDir: string;

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "pdf-toolbox-built-"));
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, [path.join(ROOT, "dist/server/main.js")], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "silent" },
    stdio: "ignore",
  });
  for (let i = 0; i < 300; i++) {
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the built server did not answer /api/health within 30 s");
}, 60_000);

afterAll(async () => {
  child?.kill("SIGTERM");
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe("the built server (npm start)", () => {
  it("extracts text with its sandboxed MuPDF child", async () => {
    const { path: out } = await runTool({ url }, "pdf-to-text", [corpus("pdflatex-4-pages.pdf")]);
    const { stdout } = await run("pdftotext", [corpus("pdflatex-4-pages.pdf"), "-"]);
    const firstWords = stdout.split(/\s+/).filter((w) => /^[A-Za-z]{5,}$/.test(w)).slice(0, 5);
    expect(firstWords.length).toBe(5);
    const text = await fs.readFile(out, "utf8");
    for (const word of firstWords) expect(text).toContain(word);
  });

  it("rebuilds a document as Word through the layout analysis", async () => {
    const { path: out } = await runTool({ url }, "pdf-to-word", [corpus("multicolumn.pdf")]);
    const { stdout } = await run("unzip", ["-l", out]);
    expect(stdout).toContain("word/document.xml");
  });

  it("rotates with qpdf", async () => {
    const { path: out } = await runTool({ url }, "rotate-pdf", [corpus("pdflatex-4-pages.pdf")], { angle: 90 });
    const { stdout } = await run("pdfinfo", ["-f", "1", "-l", "1", out]);
    expect(stdout).toMatch(/Page +1 rot: +90/);
  });
});
