import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpus, ENCRYPTED_PDF } from "./helpers/corpus.js";
import { formFieldNames, linkCount, makeNumberedPdf, outlineTitles, pageCountOf, pageTexts, qpdfCheck, writeTemp } from "./helpers/pdf-tools.js";
import { postTool, runTool, startServer, type TestServer } from "./helpers/server.js";
import { readZip } from "./helpers/zip.js";

let server: TestServer;
let ten: string;
beforeAll(async () => {
  server = await startServer();
  ten = await writeTemp("ten.pdf", await makeNumberedPdf(10));
});
afterAll(async () => server.close());

/** Writes each ZIP entry to disk and returns the paths, in archive order. */
async function unzipPdfs(zipPath: string): Promise<Array<{ name: string; path: string }>> {
  const dir = await fs.mkdtemp(path.join(path.dirname(zipPath), "unzipped-"));
  const out = [];
  for (const [name, data] of await readZip(zipPath)) {
    const file = path.join(dir, name);
    await fs.writeFile(file, data);
    out.push({ name, path: file });
  }
  return out;
}

describe("merge-pdf", () => {
  it("joins the files in upload order", async () => {
    const a = await writeTemp("a.pdf", await makeNumberedPdf(2));
    const b = await writeTemp("b.pdf", await makeNumberedPdf(3));
    const { path: merged, reply } = await runTool(server, "merge-pdf", [a, b]);
    await qpdfCheck(merged);
    expect(reply.filename).toBe("merged.pdf");
    const texts = await pageTexts(merged);
    expect(texts.map((t) => t.trim())).toEqual([
      "Sample page 1 of 2",
      "Sample page 2 of 2",
      "Sample page 1 of 3",
      "Sample page 2 of 3",
      "Sample page 3 of 3",
    ]);
  });

  it("keeps each input's bookmarks, pointing at the right pages", async () => {
    const { path: merged, reply } = await runTool(server, "merge-pdf", [corpus("pdflatex-4-pages.pdf"), corpus("pdflatex-outline.pdf")]);
    await qpdfCheck(merged);
    const original = await outlineTitles(corpus("pdflatex-outline.pdf"));
    expect(original.length).toBeGreaterThan(0);
    expect(await outlineTitles(merged)).toEqual(original);
    expect(reply.message).toContain(`Kept ${original.length} bookmarks`);
  });

  it("keeps links", async () => {
    const input = corpus("libre-office-link.pdf");
    const links = await linkCount(input);
    expect(links).toBeGreaterThan(0);
    const { path: merged } = await runTool(server, "merge-pdf", [input, ten, input]);
    expect(await linkCount(merged)).toBe(2 * links);
  });

  it("keeps form fields from every input", async () => {
    const { path: merged } = await runTool(server, "merge-pdf", [corpus("libreoffice-form.pdf"), corpus("pdflatex-forms.pdf")]);
    await qpdfCheck(merged);
    const fields = await formFieldNames(merged);
    const expected = (await formFieldNames(corpus("libreoffice-form.pdf"))).length + (await formFieldNames(corpus("pdflatex-forms.pdf"))).length;
    expect(fields.length).toBe(expected);
  });

  // Sound files merge straight away; these take the careful path that checks each input first.
  it("repairs a damaged input on the way, with its bookmarks' pages still right", async () => {
    const sound = await fs.readFile(corpus("pdflatex-outline.pdf"));
    const broken = Buffer.from(sound);
    const at = broken.lastIndexOf("startxref");
    broken.write("startxref\n999999\n%%EOF\n", at, "latin1");
    const damaged = await writeTemp("damaged.pdf", broken.subarray(0, at + 22));
    const { path: merged, reply } = await runTool(server, "merge-pdf", [ten, damaged]);
    await qpdfCheck(merged);
    expect(await pageCountOf(merged)).toBe(10 + (await pageCountOf(corpus("pdflatex-outline.pdf"))));
    expect(reply.message).toContain("Repaired on the way: damaged.pdf");
    expect(await outlineTitles(merged)).toEqual(await outlineTitles(corpus("pdflatex-outline.pdf")));
  });

  it("refuses a password-protected input, naming it", async () => {
    const reply = await postTool(server, "merge-pdf", [ten, corpus(ENCRYPTED_PDF)]);
    expect(reply.status).toBe(422);
    expect(reply.body.error).toMatch(/^This PDF is password-protected/);
    expect(reply.body.error).toContain(ENCRYPTED_PDF);
  });

  it("needs at least two files, with the spec's sentence", async () => {
    const reply = await postTool(server, "merge-pdf", [ten]);
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe("Please upload at least two files to merge.");
  });

  it("takes at most 20 files", async () => {
    const reply = await postTool(server, "merge-pdf", Array.from({ length: 21 }, () => ten));
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatch(/at most 20/);
  });
});

describe("split-pdf", () => {
  it("puts every page in its own file by default, in a ZIP", async () => {
    const { path: zip, reply } = await runTool(server, "split-pdf", [ten]);
    expect(reply.filename).toBe("ten-split.zip");
    const parts = await unzipPdfs(zip);
    expect(parts.map((p) => p.name)).toEqual(Array.from({ length: 10 }, (_, i) => `ten-page-${i + 1}.pdf`));
    for (const [i, part] of parts.entries()) {
      await qpdfCheck(part.path);
      expect((await pageTexts(part.path)).map((t) => t.trim())).toEqual([`Sample page ${i + 1} of 10`]);
    }
  });

  it("splits at written ranges, z meaning the last page", async () => {
    const { path: zip } = await runTool(server, "split-pdf", [ten], { splitMode: "ranges", ranges: "1-3,4-6,7-z" });
    const parts = await unzipPdfs(zip);
    expect(parts.map((p) => p.name)).toEqual(["ten-pages-1-3.pdf", "ten-pages-4-6.pdf", "ten-pages-7-10.pdf"]);
    expect(await Promise.all(parts.map((p) => pageCountOf(p.path)))).toEqual([3, 3, 4]);
    expect((await pageTexts(parts[2]!.path))[0]).toContain("Sample page 7 of 10");
  });

  it("splits every N pages", async () => {
    const { path: zip } = await runTool(server, "split-pdf", [ten], { splitMode: "every-n", pagesPerFile: 4 });
    const parts = await unzipPdfs(zip);
    expect(await Promise.all(parts.map((p) => pageCountOf(p.path)))).toEqual([4, 4, 2]);
    expect(parts.map((p) => p.name)).toEqual(["ten-pages-1-4.pdf", "ten-pages-5-8.pdf", "ten-pages-9-10.pdf"]);
  });

  it("splits a long document in stretches side by side and still gives every group, in page order", async () => {
    // 150 pages is past the point where the split runs as one qpdf per core; 7 does not divide 150.
    const long = await writeTemp("long.pdf", await makeNumberedPdf(150));
    const { path: zip } = await runTool(server, "split-pdf", [long], { splitMode: "every-n", pagesPerFile: 7 });
    const parts = await unzipPdfs(zip);
    expect(parts).toHaveLength(22);
    expect(parts.at(-1)!.name).toBe("long-pages-148-150.pdf");
    for (const [i, part] of parts.entries()) {
      const texts = (await pageTexts(part.path)).map((t) => t.trim());
      const first = i * 7 + 1;
      expect(texts, part.name).toEqual(Array.from({ length: Math.min(7, 151 - first) }, (_, k) => `Sample page ${first + k} of 150`));
    }
    await qpdfCheck(parts[11]!.path);

    const { path: pagesZip } = await runTool(server, "split-pdf", [long]);
    const pages = await unzipPdfs(pagesZip);
    expect(pages.map((p) => p.name)).toEqual(Array.from({ length: 150 }, (_, i) => `long-page-${i + 1}.pdf`));
    for (const i of [0, 74, 75, 149]) expect((await pageTexts(pages[i]!.path)).map((t) => t.trim())).toEqual([`Sample page ${i + 1} of 150`]);
  });

  it("puts selected pages into one PDF (not a ZIP)", async () => {
    const { path: file, reply, headers } = await runTool(server, "split-pdf", [ten], { splitMode: "selected", pages: "2,5-6,9" });
    expect(headers.get("content-type")).toBe("application/pdf");
    expect(reply.filename).toBe("ten-selected-pages.pdf");
    expect((await pageTexts(file)).map((t) => t.trim())).toEqual([
      "Sample page 2 of 10",
      "Sample page 5 of 10",
      "Sample page 6 of 10",
      "Sample page 9 of 10",
    ]);
  });

  it("explains a range outside the document", async () => {
    const reply = await postTool(server, "split-pdf", [ten], { splitMode: "ranges", ranges: "1-3,8-12" });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('"8-12" is outside the document, which has 10 pages.');
  });

  it("asks for the ranges when the mode needs them", async () => {
    const reply = await postTool(server, "split-pdf", [ten], { splitMode: "ranges" });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('Please enter the ranges to split at, such as "1-3,4-6".');
  });
});
