import fs from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpus } from "./helpers/corpus.js";
import { makeNumberedPdf, writeTemp } from "./helpers/pdf-tools.js";
import { postTool, runTool, startServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server.close());

const read = async (file: string) => fs.readFile(file, "utf8");

describe.each(["extract-text", "pdf-to-text"])("%s", (tool) => {
  it("writes UTF-8 text with a form feed after each page", async () => {
    const input = await writeTemp("three.pdf", await makeNumberedPdf(3));
    const { path, headers, reply } = await runTool(server, tool, [input]);
    expect(headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(reply.filename).toBe("three.txt");
    const pages = (await read(path)).split("\f");
    expect(pages.slice(0, 3).map((p) => p.trim())).toEqual(["Sample page 1 of 3", "Sample page 2 of 3", "Sample page 3 of 3"]);
  });

  it("reads two columns one after the other", async () => {
    const text = await read((await runTool(server, tool, [corpus("multicolumn.pdf")])).path);
    // The abstract (left column, top) comes before the first body paragraph, which comes before the second column.
    const abstract = text.indexOf("This is a sample document with two columns");
    const first = text.indexOf("Lorem ipsum dolor sit amet");
    const lastOfLeft = text.indexOf("Duis eget orci sit amet orci dig");
    const right = text.indexOf("Nam dui ligula, fringilla a, euismod sodales");
    expect(abstract).toBeGreaterThan(-1);
    expect(abstract).toBeLessThan(first);
    expect(first).toBeLessThan(lastOfLeft);
    expect(lastOfLeft).toBeLessThan(right);
  });

  it("keeps right-to-left text in logical order", async () => {
    const text = await read((await runTool(server, tool, [corpus("habibi.pdf")])).path);
    expect(text).toContain("حَبيبي");
    expect(text).toContain("habibi");
    expect(text).not.toContain("\uFFFD");
  });
});

describe("pdf-to-text options", () => {
  it("takes only the pages in pageRange", async () => {
    const input = await writeTemp("five.pdf", await makeNumberedPdf(5));
    const text = await read((await runTool(server, "pdf-to-text", [input], { pageRange: "2,4" })).path);
    expect(text.split("\f").map((p) => p.trim()).filter(Boolean)).toEqual(["Sample page 2 of 5", "Sample page 4 of 5"]);
  });

  it("joins lines into paragraphs when preserveFormatting is off", async () => {
    const kept = await read((await runTool(server, "pdf-to-text", [corpus("multicolumn.pdf")])).path);
    const joined = await read((await runTool(server, "pdf-to-text", [corpus("multicolumn.pdf")], { preserveFormatting: false })).path);
    expect(kept).toContain("consectetuer adip-\niscing elit");
    expect(joined).toContain("consectetuer adipiscing elit");
    expect(joined.split("\n").length).toBeLessThan(kept.split("\n").length / 2);
  });

  it("refuses a PDF without a text layer when OCR is off, pointing to OCR", async () => {
    const reply = await postTool(server, "pdf-to-text", [corpus("imagemagick-images.pdf")], { ocrEnabled: false });
    expect(reply.status).toBe(422);
    expect(reply.body.error).toContain("no text layer");
    expect(reply.body.error).toContain("Turn on OCR");
  });
});
