import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EnginePool, type EnginePoolLimits } from "../server/engines/engine-pool.js";
import { treeResidentBytes } from "../server/engines/engine-child.js";
import * as mupdf from "mupdf";
import { EngineFailure, replyForFailure, type EngineFailureKind } from "../server/errors.js";
import { mupdfErrorKind } from "../server/engines/mupdf/error-kind.js";
import { mupdfChildReadOnly, runMupdf } from "../server/engines/mupdf/pool.js";
import { corpus } from "./helpers/corpus.js";
import { makeNumberedPdf, tempDir, writeTemp } from "./helpers/pdf-tools.js";
import { postTool, startServer, type TestServer } from "./helpers/server.js";
import { running, waitFor } from "./helpers/processes.js";

const MB = 1024 * 1024;
const misbehavingEntry = fileURLToPath(new URL("./helpers/misbehaving-engine.ts", import.meta.url));

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error("the task succeeded");
}

describe("engine failures", () => {
  it("read MuPDF's own complaints about a file as damage, and JavaScript's error classes as our mistakes", () => {
    const thrown = (fn: () => unknown) => {
      try {
        fn();
      } catch (err) {
        return err;
      }
      throw new Error("nothing was thrown");
    };
    expect(mupdfErrorKind(thrown(() => new mupdf.PDFDocument().loadPage(0)))).toBe("damaged");
    expect(mupdfErrorKind(new Error("cycle in page tree"))).toBe("damaged");
    expect(mupdfErrorKind(new Error("not a dict (null)"))).toBe("damaged");
    expect(mupdfErrorKind(new Error("password required"))).toBe("encrypted");
    expect(mupdfErrorKind(new TypeError("x is undefined"))).toBe("bug");
    // A key looked up inside an object the file lacks: the binding's shared null object throws on get().
    expect(mupdfErrorKind(thrown(() => new mupdf.PDFDocument().getTrailer().get("Missing").get("Deeper")))).toBe("damaged");
  });

  it("are answered with a sentence and a 4xx, except an engine that is not there (503)", () => {
    const statuses = Object.fromEntries(
      (["encrypted", "wrong-password", "damaged", "unsupported", "too-large", "timed-out", "crashed", "not-installed"] as EngineFailureKind[]).map((kind) => {
        const reply = replyForFailure(new EngineFailure(kind, "mupdf", "detail"), "a.pdf");
        expect(reply.message).toMatch(/^[A-Z].*\.$/);
        expect(reply.message).not.toContain("detail");
        return [kind, reply.status];
      }),
    );
    expect(statuses).toEqual({
      encrypted: 422,
      "wrong-password": 400,
      damaged: 422,
      unsupported: 422,
      "too-large": 422,
      "timed-out": 422,
      crashed: 422,
      "not-installed": 503,
    });
    expect(replyForFailure(new EngineFailure("timed-out", "mupdf", "")).message).toBe("This file took too long to process. Please try a smaller file.");
  });
});

describe("an engine pool with a misbehaving child", () => {
  let pool: EnginePool;
  let workDir: string;
  const limits: EnginePoolLimits = { memoryLimitBytes: 400 * MB, recycleBytes: 250 * MB, tasksPerProcess: 200 };
  const run = (task: string, args: unknown = {}, timeoutMs = 20_000) => pool.run(task, args, { timeoutMs });
  /** Runs "ok" and answers the process that served it, as this process sees it (in the sandbox a child has its own PID namespace). */
  const served = async () => {
    await run("ok");
    return pool.idlePids()[0]!;
  };

  beforeAll(async () => {
    workDir = await tempDir();
    pool = new EnginePool({
      engine: "mupdf",
      // In the engine sandbox (when it is on) the child reads what MuPDF's children read, and its own script.
      child: { entry: misbehavingEntry, execArgv: ["--import", import.meta.resolve("tsx")], readOnly: [...mupdfChildReadOnly(), path.dirname(misbehavingEntry)] },
      workDir: () => workDir,
      size: 1,
      limits: () => limits,
    });
  });
  afterAll(() => pool.close());

  it("keeps a child that only refused a file, and answers with the failure's kind", async () => {
    const pid = await served();
    const err = await failureOf(run("fail"));
    expect(err).toBeInstanceOf(EngineFailure);
    expect((err as EngineFailure).kind).toBe("damaged");
    // The same process serves the next task: an input fault leaves it sound.
    expect(await served()).toBe(pid);
  });

  it("answers a mistake in our own task code as a plain error (a server error), not as the file's fault", async () => {
    const err = await failureOf(run("bug"));
    expect(err).not.toBeInstanceOf(EngineFailure);
    expect((err as Error).message).toContain("cannot read properties of undefined");
    expect(await run("ok")).toHaveProperty("pid");
  });

  for (const [task, kind] of [
    ["exit", "crashed"],
    ["throw", "crashed"],
    ["trap", "crashed"],
    ["allocate", "too-large"],
  ] as const) {
    it(`fails only its task when the child ${task === "allocate" ? "allocates past the cap" : `${task}s`} (${kind}), and the next task succeeds`, async () => {
      const before = await served();
      const err = await failureOf(run(task));
      expect(err).toBeInstanceOf(EngineFailure);
      expect((err as EngineFailure).kind).toBe(kind);
      expect(await waitFor(async () => !(await running(before)), 5000)).toBe(true);
      const after = await served();
      expect(after).not.toBe(before);
    });
  }

  it("kills a child that spins past its deadline (timed-out), and the next task succeeds", async () => {
    const before = await served();
    const started = Date.now();
    const err = await failureOf(run("spin", {}, 1500));
    expect(Date.now() - started).toBeLessThan(5000);
    expect((err as EngineFailure).kind).toBe("timed-out");
    expect(await waitFor(async () => !(await running(before)), 5000)).toBe(true);
    expect(await run("ok")).toHaveProperty("pid");
  });

  it("kills a child on cancel", async () => {
    const abort = new AbortController();
    const task = pool.run("spin", {}, { timeoutMs: 60_000, signal: abort.signal });
    setTimeout(() => abort.abort(), 500);
    await expect(task).rejects.toThrow("cancelled");
    expect(await run("ok")).toHaveProperty("pid");
  });

  it("replaces a child that a task left holding more than the recycling threshold, which gives its memory back", async () => {
    const pid = await served();
    await run("keep", { megabytes: 300 });
    expect(await waitFor(async () => !(await running(pid)), 5000)).toBe(true);
    const fresh = pool.idlePids()[0]!;
    expect(fresh).not.toBe(pid);
    expect(treeResidentBytes(fresh)!).toBeLessThan(150 * MB);
  });
});

/** MuPDF's processes among this process's descendants (in the sandbox they run under bubblewrap), by their script. */
async function mupdfChildren(): Promise<number[]> {
  const parents = new Map<number, number>();
  for (const entry of await fs.readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const status = await fs.readFile(`/proc/${entry}/status`, "utf8").catch(() => "");
    parents.set(Number(entry), Number(/^PPid:\s*(\d+)/m.exec(status)?.[1]));
  }
  const descends = (pid: number): boolean => {
    for (let p = parents.get(pid), hops = 0; p && hops < 8; p = parents.get(p), hops++) if (p === process.pid) return true;
    return false;
  };
  const pids: number[] = [];
  for (const pid of parents.keys()) {
    if (!descends(pid)) continue;
    const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "");
    if (cmdline.startsWith(process.execPath) && cmdline.includes(`mupdf${path.sep}child.`)) pids.push(pid);
  }
  return pids;
}

/** Whether a process is using the processor now (state R). */
async function busy(pid: number): Promise<boolean> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
  return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) === "R";
}

describe("a job whose MuPDF process is killed", () => {
  let server: TestServer;
  let longPdf: string;
  beforeAll(async () => {
    // No child started ahead of a job: the one killed here must be the job's own.
    server = await startServer({ mupdfChildrenAhead: 0 });
    // The first health check asks every engine for its version; later ones answer from what it found.
    await fetch(`${server.url}/api/health`);
    longPdf = await writeTemp("long.pdf", await makeNumberedPdf(200));
  });
  afterAll(async () => server.close());

  it("fails with a sentence while the server keeps answering, and the next job succeeds", async () => {
    // CMYK JPEG pages come from MuPDF (the others from poppler: see page-images.test.ts for its processes killed).
    const reply = postTool(server, "pdf-to-jpg", [longPdf], { imageResolution: 150, colorSpace: "cmyk" });
    let killed: number | undefined;
    await waitFor(async () => {
      for (const pid of await mupdfChildren()) {
        if (await busy(pid)) {
          process.kill(pid, "SIGKILL");
          killed = pid;
          return true;
        }
      }
      return false;
    }, 30_000);
    expect(killed).toBeDefined();
    const started = Date.now();
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);

    const failed = await reply;
    expect(failed.status).toBe(422);
    expect(failed.body.error).toMatch(/made the mupdf engine fail/);

    const next = await postTool(server, "pdf-to-text", [corpus("multicolumn.pdf")]);
    expect(next.status).toBe(200);
  });

  it("a file MuPDF cannot read is answered as damaged, never as a server error", async () => {
    const dir = await tempDir();
    const broken = path.join(dir, "broken.pdf");
    // A page tree whose only kid is itself: qpdf and MuPDF both refuse it.
    await fs.writeFile(
      broken,
      "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [2 0 R] /Count 1 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
    );
    const reply = await postTool(server, "pdf-to-text", [broken]);
    expect(reply.status).toBe(422);
    expect(reply.body.error).toContain("could not be read as a PDF (broken.pdf)");
  });

  it("leaves the server's own memory alone: MuPDF's heap lives and dies in its processes", async () => {
    const before = process.memoryUsage().rss;
    const workDir = path.dirname(longPdf);
    for (let i = 0; i < 10; i++) await runMupdf("extractText", { input: longPdf, output: path.join(workDir, "out.txt") }, { workDir, timeoutMs: 60_000 });
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * MB);
  });
});
