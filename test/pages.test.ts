import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { PDFDocument, PDFName } from "@cantoo/pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpus } from "./helpers/corpus.js";
import { makeNumberedPdf, outlineTitles, pageTexts, pdfinfo, qpdfCheck, rotationsOf, writeTemp } from "./helpers/pdf-tools.js";
import { download, postTool, runTool, startServer, type TestServer } from "./helpers/server.js";
import { readZip } from "./helpers/zip.js";

let server: TestServer;
let six: string;
beforeAll(async () => {
  server = await startServer();
  six = await writeTemp("six.pdf", await makeNumberedPdf(6));
});
afterAll(async () => server.close());

const pageOrder = async (file: string) => (await pageTexts(file)).map((t) => Number(/Sample page (\d+)/.exec(t)?.[1]));

/** The streams of a file's pages and resources (not its object and cross-reference streams), and how many have a filter. */
async function streamFilters(file: string): Promise<{ streams: number; filtered: number }> {
  const { stdout } = await promisify(execFile)("qpdf", ["--json", "--json-key=qpdf", "--json-stream-data=none", file], { maxBuffer: 64 * 1024 * 1024 });
  const objects = Object.values((JSON.parse(stdout) as { qpdf: [unknown, Record<string, { stream?: { dict: Record<string, unknown> } }>] }).qpdf[1]);
  // Object and cross-reference streams are the file's own structure, which qpdf writes anew.
  const streams = objects.filter((o) => o.stream && !["/ObjStm", "/XRef"].includes(o.stream.dict["/Type"] as string));
  return { streams: streams.length, filtered: streams.filter((o) => "/Filter" in o.stream!.dict).length };
}

describe("page tools leave stream data as it was: a stream stored without a filter is not compressed on the way", () => {
  let raw: string;
  let unfiltered: number;
  beforeAll(async () => {
    raw = six.replace(/\.pdf$/, "-raw.pdf");
    await promisify(execFile)("qpdf", ["--stream-data=uncompress", six, raw]);
    const before = await streamFilters(raw);
    expect(before.filtered).toBe(0);
    unfiltered = before.streams;
  });

  // Copies of pages keep only the streams they had, none compressed.
  it.each([
    ["rotate-pdf", {}, [1, 2, 3, 4, 5, 6]],
    ["delete-pages", { pages: "2,5" }, [1, 3, 4, 6]],
    ["organize-pdf", { pageOrder: [5, 4, 3, 2, 1, 0], pagesToDelete: [0], pageRotations: { "2": 90 } }, [6, 5, 4, 3, 2]],
  ] as const)("%s", async (tool, fields, order) => {
    const { path } = await runTool(server, tool, [raw], fields);
    await qpdfCheck(path);
    expect(await pageOrder(path)).toEqual(order);
    const after = await streamFilters(path);
    expect(after.streams).toBeGreaterThan(0);
    expect(after.filtered).toBe(0);
  });

  // A stamp brings streams of its own (compressed or not); every stream of the document stays as it was.
  it.each([
    ["add-watermark", { text: "DRAFT" }],
    ["add-page-numbers", {}],
  ] as const)("%s", async (tool, fields) => {
    const { path } = await runTool(server, tool, [raw], fields);
    await qpdfCheck(path);
    expect((await pdfinfo(path)).Pages).toBe("6");
    const after = await streamFilters(path);
    expect(after.streams - after.filtered).toBeGreaterThanOrEqual(unfiltered);
  });
});

describe("rotate-pdf", () => {
  it("turns every page 90 degrees by default", async () => {
    const { path } = await runTool(server, "rotate-pdf", [six]);
    await qpdfCheck(path);
    expect(await rotationsOf(path)).toEqual([90, 90, 90, 90, 90, 90]);
  });

  it("turns only the chosen pages, by 180 or 270, adding to a page's own rotation", async () => {
    const { path } = await runTool(server, "rotate-pdf", [six], { angle: 270, pages: "2,4-5" });
    expect(await rotationsOf(path)).toEqual([0, 270, 0, 270, 270, 0]);
    const { path: turned } = await runTool(server, "rotate-pdf", [corpus("habibi-rotated.pdf")], { angle: 180 });
    expect(await rotationsOf(corpus("habibi-rotated.pdf"))).toEqual([90, 180, 270, 0]);
    expect(await rotationsOf(turned)).toEqual([270, 0, 90, 180]);
  });

  it("refuses angles other than 90, 180 and 270", async () => {
    const reply = await postTool(server, "rotate-pdf", [six], { angle: 45 });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('"angle" must be one of: 90, 180, 270.');
  });
});

describe("delete-pages", () => {
  it("deletes the one-based pages named", async () => {
    const { path, reply } = await runTool(server, "delete-pages", [six], { pages: "1,3,5-6" });
    await qpdfCheck(path);
    expect(await pageOrder(path)).toEqual([2, 4]);
    expect(reply.message).toBe("Deleted 4 pages; 2 remain.");
  });

  it("says '1 remains' when one page is left", async () => {
    const { path, reply } = await runTool(server, "delete-pages", [six], { pages: "1-5" });
    expect(await pageOrder(path)).toEqual([6]);
    expect(reply.message).toBe("Deleted 5 pages; 1 remains.");
  });

  it("keeps at least one page", async () => {
    const reply = await postTool(server, "delete-pages", [six], { pages: "1-6" });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe("You cannot delete every page: at least one page must remain.");
  });

  it("asks for pages with the spec's sentence", async () => {
    const reply = await postTool(server, "delete-pages", [six], { pages: "" });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe("Please select at least one page to delete.");
  });

  it("keeps bookmarks to the remaining pages, or drops them all when asked", async () => {
    const input = corpus("mistitled_outlines_example.pdf");
    const before = await outlineTitles(input);
    expect(before.length).toBeGreaterThan(0);
    const kept = await runTool(server, "delete-pages", [input], { pages: "1" });
    await qpdfCheck(kept.path);
    expect((await outlineTitles(kept.path)).length).toBeGreaterThan(0);
    const dropped = await runTool(server, "delete-pages", [input], { pages: "1", keepBookmarks: false });
    expect(await outlineTitles(dropped.path)).toEqual([]);
  });

  it("removes metadata when preserveMetadata is off, and keeps it by default", async () => {
    const keep = await runTool(server, "delete-pages", [await writeTemp("m.pdf", await makeNumberedPdf(2))], { pages: "1" });
    expect((await pdfinfo(keep.path)).Producer).toBeTruthy();
    const strip = await runTool(server, "delete-pages", [await writeTemp("m.pdf", await makeNumberedPdf(2))], {
      pages: "1",
      preserveMetadata: false,
    });
    const stripped = await pdfinfo(strip.path);
    expect(stripped.Producer).toBeUndefined();
    expect(stripped.Creator).toBeUndefined();
  });

  it("removes metadata without harm when the file's Info entry is its page tree", async () => {
    // Some producers point /Info at the page tree; emptying that "metadata" would empty the page tree.
    const doc = await PDFDocument.load(await makeNumberedPdf(3));
    doc.context.trailerInfo.Info = doc.catalog.get(PDFName.of("Pages"));
    const input = await writeTemp("info-is-pages.pdf", await doc.save({ useObjectStreams: false }));
    const { path } = await runTool(server, "delete-pages", [input], { pages: "1", preserveMetadata: false });
    await qpdfCheck(path);
    expect((await pageTexts(path)).map((t) => t.trim())).toEqual(["Sample page 2 of 3", "Sample page 3 of 3"]);
  });

  it("optimizes when asked, and returns the original as a backup", async () => {
    const { path, reply } = await runTool(server, "delete-pages", [six], { pages: "2", optimizePdf: true, createBackup: true });
    expect(reply.filename).toBe("six-pages-deleted.zip");
    const entries = await readZip(path);
    expect([...entries.keys()]).toEqual(["six-pages-deleted.pdf", "six-original.pdf"]);
    expect(entries.get("six-pages-deleted.pdf")!.includes("/ObjStm")).toBe(true);
  });
});

describe("organize-pdf", () => {
  it("reorders, rotates and deletes as the thumbnail editor sends it", async () => {
    const { path, reply } = await runTool(server, "organize-pdf", [six], {
      pageOrder: [5, 4, 3, 2, 1, 0],
      pagesToDelete: [2],
      pageRotations: { "0": 90, "4": -90, "5": 450 },
    });
    await qpdfCheck(path);
    expect(await pageOrder(path)).toEqual([6, 5, 4, 2, 1]);
    expect(await rotationsOf(path)).toEqual([90, 270, 0, 0, 90]);
    expect(reply.extractionResult).toBeUndefined();
  });

  it("writes extracted pages to a second file, in the new order and turned", async () => {
    const reply = await postTool(server, "organize-pdf", [six], {
      pageOrder: [1, 0, 2, 3, 4, 5],
      pagesToExtract: [0, 1, 4],
      pageRotations: { "1": 180 },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.extractionResult).toMatchObject({ success: true, filename: "extracted_pages.pdf" });
    const extracted = await download(server, reply.body.extractionResult!.downloadUrl);
    expect(await pageOrder(extracted.path)).toEqual([2, 1, 5]);
    expect(await rotationsOf(extracted.path)).toEqual([180, 0, 0]);
    const main = await download(server, reply.body.downloadUrl!);
    expect(await pageOrder(main.path)).toEqual([2, 1, 3, 4, 5, 6]);
  });

  it("refuses page indexes outside the document", async () => {
    const reply = await postTool(server, "organize-pdf", [six], { pageOrder: [0, 1, 9] });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe("Page index 9 is outside the document, which has 6 pages (indexes start at 0).");
  });

  it("refuses rotations that are not quarter turns", async () => {
    const reply = await postTool(server, "organize-pdf", [six], { pageRotations: { "0": 45 } });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toContain("multiples of 90");
  });
});
