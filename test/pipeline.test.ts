import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeNumberedPdf, pageTexts, rotationsOf, writeTemp } from "./helpers/pdf-tools.js";
import { download, postForm, startServer, type TestServer } from "./helpers/server.js";

/**
 * POST /api/pipeline: tools in a row as one job, each on the previous step's outputs, every step's options checked
 * before anything runs. Checked on the result with poppler.
 */

const exec = promisify(execFile);

function pipeline(server: TestServer, steps: unknown, uploads: readonly string[], ids: readonly string[] = [], route = "/api/pipeline") {
  return postForm(server, route, uploads, { fileIds: ids, steps: typeof steps === "string" ? steps : JSON.stringify(steps) });
}

describe("pipelines", () => {
  let server: TestServer;
  let four: string;
  beforeAll(async () => {
    server = await startServer();
    four = await writeTemp("four.pdf", await makeNumberedPdf(4));
  });
  afterAll(async () => server.close());

  it("deletes, rotates and protects in one job, each step on the last one's result", async () => {
    const steps = [
      { tool: "delete-pages", options: { pages: "2" } },
      { tool: "rotate-pdf", options: { angle: 90 } },
      { tool: "protect-pdf", options: { userPassword: "pipe-secret" } },
    ];
    const reply = await pipeline(server, steps, [four]);
    expect(reply.status).toBe(200);
    expect(reply.body.message).toMatch(/^Step 1 \(Delete Pages\): Deleted 1 page; 3 remain\. Step 2 \(Rotate PDF\): .* Step 3 \(Protect PDF\): /);
    const { path: out } = await download(server, reply.body.downloadUrl!);
    const { stdout } = await exec("pdfinfo", ["-upw", "pipe-secret", "-f", "1", "-l", "10", out]);
    expect(stdout).toMatch(/^Encrypted:\s+yes/m);
    expect([...stdout.matchAll(/^Page\s+\d+ rot:\s+(\d+)/gm)].map((m) => Number(m[1]))).toEqual([90, 90, 90]);
    const { stdout: text } = await exec("pdftotext", ["-upw", "pipe-secret", out, "-"]);
    expect(text).not.toContain("Sample page 2 of 4");
    expect(text).toContain("Sample page 3 of 4");
  });

  it("refuses a bad step before anything runs, naming the step and the field", async () => {
    const badOption = await pipeline(server, [{ tool: "rotate-pdf", options: { angle: 90 } }, { tool: "add-watermark", options: { opacity: 7 } }], [four]);
    expect(badOption.status).toBe(400);
    expect(badOption.body.error).toMatch(/^Step 2 \(Add Watermark\): .*opacity/);
    const unknown = await pipeline(server, [{ tool: "rotate-pdf" }, { tool: "shred-pdf" }], [four]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe(`Step 2: there is no tool called "shred-pdf".`);
    expect((await pipeline(server, "[", [four])).body.error).toBe(`"steps" is not valid JSON.`);
    expect((await pipeline(server, [], [four])).status).toBe(400);
    const tooMany = await pipeline(server, Array.from({ length: 21 }, () => ({ tool: "rotate-pdf" })), [four]);
    expect(tooMany.body.error).toBe(`"steps" has 21 steps: at most 20.`);
    const ownFile = await pipeline(server, [{ tool: "sign-pdf", options: {} }], [four]);
    expect(ownFile.status).toBe(400);
    expect(ownFile.body.error).toMatch(/^Step 1 \(Sign PDF\) needs a file of its own/);
  });

  it("stops at a step that fails, with its name, and at a step that cannot take the last one's result", async () => {
    const failing = await pipeline(server, [{ tool: "rotate-pdf", options: { angle: 90 } }, { tool: "delete-pages", options: { pages: "1-4" } }], [four]);
    expect(failing.status).toBe(400);
    expect(failing.body.error).toBe("Step 2 (Delete Pages) failed: You cannot delete every page: at least one page must remain.");
    const mismatch = await pipeline(server, [{ tool: "split-pdf" }, { tool: "rotate-pdf", options: { angle: 90 } }], [four]);
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.error).toBe("Step 2 (Rotate PDF) takes one file, and Step 1 (Split PDF) made 4.");
    const kind = await pipeline(server, [{ tool: "pdf-to-text" }, { tool: "rotate-pdf" }], [four]);
    expect(kind.status).toBe(422);
    expect(kind.body.error).toMatch(/^Step 2 \(Rotate PDF\) takes PDF files, and Step 1 \(PDF to Text\) made "/);
  });

  it("runs as a job with progress over the jobs API, on a result named by id", async () => {
    const first = await pipeline(server, [{ tool: "rotate-pdf", options: { angle: 180 } }], [four]);
    expect(first.body.fileId).toBeDefined();
    const started = await pipeline(server, [{ tool: "delete-pages", options: { pages: "1" } }, { tool: "rotate-pdf", options: { angle: 180 } }], [], [first.body.fileId!], "/api/jobs/pipeline");
    expect(started.status).toBe(202);
    const events = await (await fetch(`${server.url}/api/jobs/${started.body.jobId}/events`)).text();
    const progress = [...events.matchAll(/"progress":([\d.]+)/g)].map((m) => Number(m[1]));
    expect(progress.some((p) => p > 0 && p < 1)).toBe(true);
    const done = JSON.parse(/data: (\{.*"state":"succeeded".*\})/.exec(events)![1]!) as { result: { downloadUrl: string } };
    const { path: out } = await download(server, done.result.downloadUrl);
    expect(await rotationsOf(out)).toEqual([0, 0, 0]);
    expect((await pageTexts(out)).map((t) => t.trim())).toEqual(["Sample page 2 of 4", "Sample page 3 of 4", "Sample page 4 of 4"]);
  });
});
