import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeNumberedPdf, pageTexts, rotationsOf, tempDir } from "./helpers/pdf-tools.js";
import { download, postForm, startServer, type TestServer } from "./helpers/server.js";
import { readZip } from "./helpers/zip.js";

/**
 * `batch=true`: a tool that takes one file applied to each of several, one ZIP back with a report of each file; a
 * file that fails costs only itself. The ZIP's files are checked with poppler.
 */

function post(server: TestServer, tool: string, uploads: ReadonlyArray<{ name: string; data: Uint8Array | string }>, fields: Record<string, string | readonly string[]>) {
  return postForm(server, `/api/process/${tool}`, uploads, fields);
}

/** The ZIP's entries written to a folder, by name. */
async function unpacked(server: TestServer, downloadUrl: string): Promise<Map<string, string>> {
  const { path: zip } = await download(server, downloadUrl);
  const dir = await tempDir();
  const files = new Map<string, string>();
  for (const [name, data] of await readZip(zip)) {
    const file = path.join(dir, name);
    await fs.writeFile(file, data);
    files.set(name, file);
  }
  return files;
}

describe("batch", () => {
  let server: TestServer;
  let two: Uint8Array;
  let three: Uint8Array;
  beforeAll(async () => {
    server = await startServer();
    two = await makeNumberedPdf(2);
    three = await makeNumberedPdf(3);
  });
  afterAll(async () => server.close());

  it("rotates each file on its own, names clashes apart, and reports the file that failed", async () => {
    const reply = await post(
      server,
      "rotate-pdf",
      [
        { name: "a.pdf", data: two },
        { name: "broken.pdf", data: "%PDF-1.4\nnot a document at all\n" },
        { name: "a.pdf", data: three },
      ],
      { batch: "true", angle: "90" },
    );
    expect(reply.status).toBe(200);
    expect(reply.body.message).toMatch(/^Processed 2 of 3 files one by one\. Not processed: broken\.pdf \(/);
    expect(reply.body.warning).toBe("1 of 3 files could not be processed: see report.txt.");
    const files = await unpacked(server, reply.body.downloadUrl!);
    expect([...files.keys()].sort()).toEqual(["a-rotated (2).pdf", "a-rotated.pdf", "report.txt"]);
    expect(await rotationsOf(files.get("a-rotated.pdf")!)).toEqual([90, 90]);
    expect(await rotationsOf(files.get("a-rotated (2).pdf")!)).toEqual([90, 90, 90]);
    const report = await fs.readFile(files.get("report.txt")!, "utf8");
    expect(report.split("\n")[1]).toMatch(/^FAILED {2}broken\.pdf: /);
    expect(report).toContain("OK      a.pdf -> a-rotated.pdf");
  });

  it("fails the job with a sentence only when every file fails", async () => {
    const reply = await post(server, "rotate-pdf", [{ name: "x.pdf", data: "%PDF-1.4\nno\n" }, { name: "y.pdf", data: "%PDF-1.4\nno\n" }], { batch: "true" });
    expect(reply.status).toBe(422);
    expect(reply.body.error).toMatch(/^None of the 2 files could be processed\. x\.pdf: /);
  });

  it("takes earlier results by id, each as a file of the batch", async () => {
    const split = await post(server, "split-pdf", [{ name: "three.pdf", data: three }], {});
    expect(split.body.fileIds).toHaveLength(3);
    const reply = await post(server, "pdf-to-text", [], { batch: "true", fileIds: split.body.fileIds! });
    expect(reply.status).toBe(200);
    const files = await unpacked(server, reply.body.downloadUrl!);
    const texts = [...files.entries()].filter(([name]) => name.endsWith(".txt") && name !== "report.txt");
    expect(texts).toHaveLength(3);
    const words = await Promise.all(texts.map(async ([, file]) => (await fs.readFile(file, "utf8")).trim()));
    expect(words.sort()).toEqual(["Sample page 1 of 3", "Sample page 2 of 3", "Sample page 3 of 3"]);
  });

  it("is refused for a tool that takes several files, and for a value that is no yes or no", async () => {
    const merge = await post(server, "merge-pdf", [{ name: "a.pdf", data: two }, { name: "b.pdf", data: two }], { batch: "true" });
    expect(merge.status).toBe(400);
    expect(merge.body.error).toBe(`"batch" is for tools that take one file; Merge PDF takes several at once.`);
    const odd = await post(server, "rotate-pdf", [{ name: "a.pdf", data: two }], { batch: "maybe" });
    expect(odd.status).toBe(400);
    expect(odd.body.error).toBe(`"batch" must be true or false.`);
    // Without it, a one-file tool still takes one file.
    const many = await post(server, "rotate-pdf", [{ name: "a.pdf", data: two }, { name: "b.pdf", data: two }], {});
    expect(many.status).toBe(400);
  });

  it("a single file in a batch comes back in the ZIP with its report", async () => {
    const reply = await post(server, "rotate-pdf", [{ name: "one.pdf", data: two }], { batch: "true", angle: "180" });
    expect(reply.status).toBe(200);
    const files = await unpacked(server, reply.body.downloadUrl!);
    expect([...files.keys()].sort()).toEqual(["one-rotated.pdf", "report.txt"]);
    expect((await pageTexts(files.get("one-rotated.pdf")!)).length).toBe(2);
  });
});
