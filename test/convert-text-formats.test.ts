import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpus } from "./helpers/corpus.js";
import { makeNumberedPdf, outlineTitles, writeTemp } from "./helpers/pdf-tools.js";
import { postTool, runTool, startServer, type TestServer } from "./helpers/server.js";
import { makeStructuredPdf, type StructuredContent } from "./helpers/structured-pdf.js";
import { readZip } from "./helpers/zip.js";

/** Markdown, HTML and EPUB made from a PDF of known structure; EPUB checked by epubcheck (the W3C's validator). */

const exec = promisify(execFile);
let server: TestServer;
let structured: string;
let content: StructuredContent;
beforeAll(async () => {
  server = await startServer();
  const made = await makeStructuredPdf();
  structured = await writeTemp("report.pdf", made.data);
  content = made.content;
});
afterAll(async () => server.close());

describe("pdf-to-markdown", () => {
  it("finds headings by size, paragraphs, the list and the table, with the picture beside it", async () => {
    const { path, reply } = await runTool(server, "pdf-to-markdown", [structured]);
    expect(reply.filename).toBe("report-markdown.zip");
    const entries = await readZip(path);
    expect([...entries.keys()]).toEqual(["report.md", "report-image-1.png"]);
    const md = entries.get("report.md")!.toString("utf8");
    const blocks = md.trim().split(/\n{2,}/);
    expect(blocks[0]).toBe(`# ${content.title}`);
    expect(blocks[1]).toBe(`## ${content.headings[0]}`);
    expect(blocks[2]).toBe(content.paragraphs[0]);
    expect(blocks[3]).toBe(content.paragraphs[1]);
    expect(blocks[4]).toBe(content.listItems.map((i) => `- ${i}`).join("\n"));
    expect(blocks).toContain(`## ${content.headings[1]}`);
    const table = content.table.map((r) => `| ${r.join(" | ")} |`);
    expect(md).toContain([table[0], "| --- | --- | --- |", ...table.slice(1)].join("\n"));
    expect(md).toContain("![Image](report-image-1.png)");
    const image = await sharp(entries.get("report-image-1.png")!).metadata();
    expect([image.width, image.height]).toEqual([content.image.width, content.image.height]);
  });

  it("writes setext headings, and no images when includeImages is off", async () => {
    const { path, reply } = await runTool(server, "pdf-to-markdown", [structured], { headingStyle: "setext", includeImages: false });
    expect(reply.filename).toBe("report.md");
    const md = await fs.readFile(path, "utf8");
    expect(md).toContain(`${content.title}\n${"=".repeat(content.title.length)}\n`);
    expect(md).toContain(`${content.headings[0]}\n${"-".repeat(content.headings[0]!.length)}\n`);
    expect(md).not.toContain("![");
  });
});

describe("pdf-to-html", () => {
  it("writes one responsive page with CSS, semantic elements and the picture inlined", async () => {
    const { path } = await runTool(server, "pdf-to-html", [structured], { singlePage: true });
    const html = await fs.readFile(path, "utf8");
    expect(html).toContain('<meta name="viewport"');
    expect(html).toContain("<style>");
    expect(html).toContain(`<h1>${content.title}</h1>`);
    expect(html).toContain(`<p>${content.paragraphs[0]}</p>`);
    expect(html).toContain(`<li>${content.listItems[0]}</li>`);
    expect(html).toContain("<th>Item</th><th>Quantity</th><th>Price</th>");
    expect(html).toMatch(/<img src="data:image\/png;base64,/);
  });

  it("writes one file per page without CSS or reflow when asked", async () => {
    const input = await writeTemp("three.pdf", await makeNumberedPdf(3));
    const { path, reply } = await runTool(server, "pdf-to-html", [input], { singlePage: false, includeCss: false, responsiveLayout: false });
    expect(reply.filename).toBe("three-html.zip");
    const entries = await readZip(path);
    expect([...entries.keys()]).toEqual(["three-page-1.html", "three-page-2.html", "three-page-3.html"]);
    const second = entries.get("three-page-2.html")!.toString("utf8");
    expect(second).toContain("<p>Sample page 2 of 3</p>");
    expect(second).not.toContain("<style>");
    expect(second).not.toContain("viewport");
  });
});

/**
 * Debian's epubcheck is an executable jar (run through binfmt where that is set up); java runs it anywhere. One check
 * is a short run, over before the JVM's optimising compiler or its parallel collector would pay for themselves: the
 * quick compiler and the serial collector check the same in half the processor time.
 */
async function epubcheck(file: string): Promise<void> {
  const named = `${file}.epub`;
  await fs.copyFile(file, named);
  try {
    await exec("java", ["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-jar", "/usr/share/java/epubcheck.jar", named], { timeout: 120_000 });
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    throw new Error(`epubcheck failed:\n${e.stdout}\n${e.stderr}`, { cause: err });
  }
}

describe("pdf-to-epub", () => {
  it("passes epubcheck, with chapters from the headings and the picture", async () => {
    const { path } = await runTool(server, "pdf-to-epub", [structured]);
    await epubcheck(path);
    const entries = await readZip(path);
    expect([...entries.keys()][0]).toBe("mimetype");
    const nav = entries.get("OEBPS/nav.xhtml")!.toString("utf8");
    expect(nav).toContain(content.title);
    expect(entries.has("OEBPS/images/image-1.png")).toBe(true);
    const text = [...entries.entries()].filter(([k]) => k.endsWith(".xhtml") && k.includes("chapter")).map(([, v]) => v.toString("utf8")).join("");
    for (const p of content.paragraphs) expect(text).toContain(p);
  }, 150_000);

  it("takes chapters from the bookmarks", async () => {
    const source = corpus("pdflatex-outline.pdf");
    const { path, reply } = await runTool(server, "pdf-to-epub", [source]);
    await epubcheck(path);
    expect(reply.message).toContain("from the bookmarks");
    const nav = (await readZip(path)).get("OEBPS/nav.xhtml")!.toString("utf8");
    const titles = await outlineTitles(source);
    expect(titles.length).toBeGreaterThan(0);
    // The top-level bookmarks are the chapters, in order.
    const navTitles = [...nav.matchAll(/<a href="[^"]+">([^<]*)<\/a>/g)].map((m) => m[1]);
    expect(navTitles.length).toBeGreaterThan(0);
    for (const t of navTitles) expect(titles).toContain(t);
  }, 150_000);

  it("makes a valid book of a two-column article and refuses a damaged file", async () => {
    const { path } = await runTool(server, "pdf-to-epub", [corpus("multicolumn.pdf")]);
    await epubcheck(path);
    const damaged = await postTool(server, "pdf-to-epub", [{ name: "bad.pdf", data: "%PDF-1.4 nothing" }]);
    expect(damaged.status).toBe(422);
  }, 150_000);
});

describe("settings a format cannot apply", () => {
  const preserveNote = "Preserve formatting applies to PDF to Text only";
  it("are named in the reply when a call sets them, and only then", async () => {
    const [set, unset, text, excel] = await Promise.all([
      runTool(server, "pdf-to-markdown", [structured], { preserveFormatting: false, quality: 40 }),
      runTool(server, "pdf-to-markdown", [structured]),
      runTool(server, "pdf-to-text", [structured], { preserveFormatting: false }),
      runTool(server, "pdf-to-excel", [structured], { preserveFormatting: false, quality: 95 }),
    ]);
    expect(set.reply.message).toContain(`${preserveNote}: PDF to Markdown keeps all the layout its format can hold either way.`);
    expect(set.reply.message).toContain("Pictures are stored losslessly as PNG: the quality setting does not apply.");
    expect(unset.reply.message).not.toMatch(/Preserve formatting|quality setting/);
    // PDF to Text is the one format where the setting changes the output, so it says nothing of it.
    expect(text.reply.message).not.toContain(preserveNote);
    expect(excel.reply.message).toContain(`${preserveNote}: PDF to Excel keeps`);
    expect(excel.reply.message).toContain("the quality setting does not apply.");
  });
});
