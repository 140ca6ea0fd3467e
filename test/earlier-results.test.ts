import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { movableClock } from "./helpers/clock.js";
import { makeNumberedPdf, pageCountOf, pageTexts, pdfinfo, rotationsOf, writeTemp } from "./helpers/pdf-tools.js";
import { download, postForm, postTool, startServer, type TestServer } from "./helpers/server.js";

/**
 * Results are inputs: every reply names its results by id, and every tool takes those ids (`fileIds`) in place of
 * uploading the files again, or after uploaded ones. Checked on the files that come out, with poppler.
 */

const exec = promisify(execFile);
const HOUR = 3_600_000;

/** Results named by id (each id a field of its own), after any uploads. */
function postWithIds(server: TestServer, tool: string, ids: readonly string[], fields: Record<string, string> = {}, uploads: readonly string[] = []) {
  return postForm(server, `/api/process/${tool}`, uploads, { ...fields, fileIds: ids });
}

describe("results as inputs", () => {
  const clock = movableClock();
  let server: TestServer;
  let threePages: string;
  let twoPages: string;
  beforeAll(async () => {
    server = await startServer({}, clock.now);
    threePages = await writeTemp("three.pdf", await makeNumberedPdf(3));
    twoPages = await writeTemp("two.pdf", await makeNumberedPdf(2));
  });
  afterAll(async () => server.close());

  it("a rotated result is protected without being uploaded again", async () => {
    const rotated = (await postTool(server, "rotate-pdf", [threePages], { angle: 90 }));
    expect(rotated.status).toBe(200);
    expect(rotated.body.fileId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    // The id is the download's own.
    expect(rotated.body.downloadUrl).toBe(`/api/download/${rotated.body.fileId}`);

    const protectedReply = await postWithIds(server, "protect-pdf", [rotated.body.fileId!], { userPassword: "s3cret-pass" });
    expect(protectedReply.status).toBe(200);
    const { path: out } = await download(server, protectedReply.body.downloadUrl!);
    await expect(pdfinfo(out)).rejects.toThrow(/Incorrect password/);
    const { stdout } = await exec("pdfinfo", ["-upw", "s3cret-pass", "-f", "1", "-l", "3", out]);
    expect(stdout).toMatch(/^Encrypted:\s+yes/m);
    expect([...stdout.matchAll(/^Page\s+\d+ rot:\s+(\d+)/gm)].map((m) => Number(m[1]))).toEqual([90, 90, 90]);
  });

  it("takes results after the uploaded files, in the order named", async () => {
    const first = (await postTool(server, "rotate-pdf", [threePages], { angle: 180 }));
    const merged = await postWithIds(server, "merge-pdf", [first.body.fileId!], {}, [twoPages]);
    expect(merged.status).toBe(200);
    const { path: out } = await download(server, merged.body.downloadUrl!);
    const texts = await pageTexts(out);
    expect(texts.map((t) => t.trim())).toEqual(["Sample page 1 of 2", "Sample page 2 of 2", "Sample page 1 of 3", "Sample page 2 of 3", "Sample page 3 of 3"]);
    expect(await rotationsOf(out)).toEqual([0, 0, 180, 180, 180]);
  });

  it("takes each result in its place among the uploads, as the parts were sent", async () => {
    const rotated = await postTool(server, "rotate-pdf", [threePages], { angle: 90 });
    const form = new FormData();
    form.append("fileIds", rotated.body.fileId!);
    form.append("files", new Blob([await fs.readFile(twoPages)]), "two.pdf");
    form.append("fileIds", rotated.body.fileId!);
    const res = await fetch(`${server.url}/api/process/merge-pdf`, { method: "POST", body: form });
    expect(res.status).toBe(200);
    const { path: out } = await download(server, ((await res.json()) as { downloadUrl: string }).downloadUrl);
    expect(await rotationsOf(out)).toEqual([90, 90, 90, 0, 0, 90, 90, 90]);
    expect((await pageTexts(out)).map((t) => t.trim())).toEqual([
      ...["1 of 3", "2 of 3", "3 of 3"].map((n) => `Sample page ${n}`),
      "Sample page 1 of 2",
      "Sample page 2 of 2",
      ...["1 of 3", "2 of 3", "3 of 3"].map((n) => `Sample page ${n}`),
    ]);
  });

  it("names each output where there are several, each one an input again; the ZIP itself has no id", async () => {
    const split = (await postTool(server, "split-pdf", [threePages]));
    expect(split.status).toBe(200);
    expect(split.body.fileId).toBeUndefined();
    expect(split.body.fileIds).toHaveLength(3);
    const second = await postWithIds(server, "rotate-pdf", [split.body.fileIds![1]!], { angle: "270" });
    expect(second.status).toBe(200);
    const { path: out } = await download(server, second.body.downloadUrl!);
    expect(await pageCountOf(out)).toBe(1);
    expect((await pageTexts(out))[0]!.trim()).toBe("Sample page 2 of 3");
  });

  it("answers a malformed id with a 400, an unknown or expired one with a 404, and a result of the wrong kind with a 415", async () => {
    const malformed = await postWithIds(server, "rotate-pdf", ["../../etc/passwd"]);
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toMatch(/is not a file id/);

    const unknown = await postWithIds(server, "rotate-pdf", ["AAAAAAAAAAAAAAAAAAAAAAAA"]);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe("This file does not exist or has expired: files are deleted one hour after upload.");

    const image = (await postTool(server, "pdf-to-jpg", [twoPages], { pages: "1" }));
    expect(image.status).toBe(200);
    const ids = image.body.fileId ? [image.body.fileId] : image.body.fileIds!;
    const wrongKind = await postWithIds(server, "rotate-pdf", [ids[0]!]);
    expect(wrongKind.status).toBe(415);

    const kept = (await postTool(server, "rotate-pdf", [twoPages], { angle: 90 }));
    clock.advance(HOUR + 1000);
    const expired = await postWithIds(server, "rotate-pdf", [kept.body.fileId!]);
    expect(expired.status).toBe(404);
    expect(expired.body.error).toBe("This file does not exist or has expired: files are deleted one hour after upload.");
  });
});
