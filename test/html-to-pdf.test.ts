import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mainPageOf } from "../server/tools/html-to-pdf.js";
import { safeEntryPath } from "../server/lib/zip-extract.js";
import { pageCountOf, pdfinfo, pdftotext, qpdfCheck, renderGray, tempDir } from "./helpers/pdf-tools.js";
import { makePng } from "./helpers/png.js";
import { postTool, runTool, startServer, type TestServer, type Upload } from "./helpers/server.js";
import { handMadeZip } from "./helpers/zip.js";

/**
 * HTML to PDF prints an uploaded page, or a ZIP of a page with its files, with Chromium in the engine sandbox:
 * the page's settings are honoured, and the page reaches neither the network nor any file beyond its own.
 */

let server: TestServer;
let visits: string[];
let listener: http.Server;
let probeUrl: string;
beforeAll(async () => {
  server = await startServer();
  // A web server on this machine's loopback: any request it receives came from a page that reached the network.
  visits = [];
  listener = http.createServer((req, res) => {
    visits.push(req.url ?? "");
    res.end("reached");
  });
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  probeUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => listener?.close(resolve));
});

const page = (body: string, head = "") => `<!doctype html><html><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;
const html = (name: string, text: string): Upload => ({ name, data: text, type: "text/html" });

function zipOf(files: Record<string, Buffer | string>): Buffer {
  return handMadeZip(
    Object.entries(files).map(([name, content]) => {
      const data = Buffer.from(content);
      return { name, deflated: zlib.deflateRawSync(data), size: data.length, crc: zlib.crc32(data) };
    }),
  );
}

describe("HTML to PDF", () => {
  it("prints an HTML file with its text, on the page size and orientation asked for", async () => {
    const { path: pdf, reply } = await runTool(server, "html-to-pdf", [html("report.html", page("<h1>Quarterly report</h1><p>Grüße, 東京, ünïcode.</p>"))], {
      pageSize: "A5",
      orientation: "landscape",
    });
    await qpdfCheck(pdf);
    expect(await pdftotext(pdf)).toMatch(/Quarterly report[\s\S]*Grüße, 東京, ünïcode\./);
    // A5 landscape: 595 × 420 points.
    expect((await pdfinfo(pdf))["Page size"]).toMatch(/^59[45](\.\d+)? x 4(19|20)(\.\d+)? pts/);
    expect(reply.message).toBe("Printed report.html on 1 page (A5, landscape).");
    expect(reply.filename).toBe("report.pdf");
  });

  it("prints a ZIP's index.html with the pictures and style sheet beside it", async () => {
    const zip = zipOf({
      "site/index.html": page('<h1 class="big">From the ZIP</h1><img src="img/red.png" width="300" height="300">', '<link rel="stylesheet" href="style.css">'),
      "site/style.css": ".big { font-size: 48px }",
      "site/img/red.png": makePng(30, 30, () => 0),
      "site/other.html": page("<p>Not this one</p>"),
    });
    const { path: pdf } = await runTool(server, "html-to-pdf", [{ name: "site.zip", data: zip, type: "application/zip" }]);
    const text = await pdftotext(pdf);
    expect(text).toContain("From the ZIP");
    expect(text).not.toContain("Not this one");
    // The picture from the ZIP is printed: a large dark square on the page.
    const { width, height, pixels } = await renderGray(pdf, 1, 30);
    const dark = pixels.filter((v) => v < 60).length;
    expect(dark / (width * height)).toBeGreaterThan(0.05);
  });

  it("honours margins, scale and backgrounds", async () => {
    const body = page('<div style="background:#000;width:400px;height:300px"></div>');
    const ink = async (fields: Record<string, string>) => {
      const { path: pdf } = await runTool(server, "html-to-pdf", [html("bg.html", body)], fields);
      const { pixels } = await renderGray(pdf, 1, 30);
      return pixels.filter((v) => v < 60).length;
    };
    const withBackground = await ink({});
    expect(withBackground).toBeGreaterThan(1000);
    expect(await ink({ printBackground: "false" })).toBeLessThan(withBackground / 10);
    // Half the scale: the black box covers about a quarter as much of the page.
    const half = await ink({ scale: "0.5" });
    expect(half / withBackground).toBeGreaterThan(0.15);
    expect(half / withBackground).toBeLessThan(0.35);
    // Wider margins push the box right and down: a page as wide keeps less of it in its top-left quarter.
    const { path: narrow } = await runTool(server, "html-to-pdf", [html("bg.html", body)], { margin: "0" });
    const { path: wide } = await runTool(server, "html-to-pdf", [html("bg.html", body)], { margin: "40" });
    const topLeftInk = async (pdf: string) => {
      const { width, pixels } = await renderGray(pdf, 1, 30);
      return pixels.filter((v, i) => v < 60 && i % width < 20 && Math.floor(i / width) < 20).length;
    };
    expect(await topLeftInk(narrow)).toBeGreaterThan(300);
    expect(await topLeftInk(wide)).toBeLessThan(await topLeftInk(narrow));
  });

  it("keeps the page's scripts off unless asked, and then runs them", async () => {
    const scripted = page('<p id="t">Static</p><script>document.getElementById("t").textContent = "Written by a script"</script>');
    const { path: off } = await runTool(server, "html-to-pdf", [html("s.html", scripted)]);
    expect(await pdftotext(off)).toContain("Static");
    const { path: on } = await runTool(server, "html-to-pdf", [html("s.html", scripted)], { javascript: "true" });
    expect(await pdftotext(on)).toContain("Written by a script");
  });

  it("cannot reach the network or any file but its own, even with scripts on", async () => {
    const secretDir = await tempDir();
    const secret = path.join(secretDir, "secret.txt");
    await fs.writeFile(secret, "TOP-SECRET-CONTENT");
    const hostile = page(
      [
        `<img src="${probeUrl}/img.png">`,
        `<link rel="stylesheet" href="${probeUrl}/style.css">`,
        `<iframe src="file://${secret}"></iframe>`,
        `<iframe src="file:///etc/passwd"></iframe>`,
        `<iframe src="file://${path.resolve("package.json")}"></iframe>`,
        `<script>fetch("${probeUrl}/fetch").catch(() => {}); new Image().src = "${probeUrl}/script-img";</script>`,
        "<p>Printed anyway</p>",
      ].join(""),
    );
    const { path: pdf } = await runTool(server, "html-to-pdf", [html("hostile.html", hostile)], { javascript: "true" });
    const text = await pdftotext(pdf);
    expect(text).toContain("Printed anyway");
    expect(text).not.toContain("TOP-SECRET-CONTENT");
    expect(text).not.toMatch(/root:x:0:0/);
    expect(text).not.toContain('"name": "pdf-toolbox"');
    expect(visits).toEqual([]);
  });

  it("writes a ZIP's files only inside its own folder, whatever their names say", async () => {
    expect(safeEntryPath("site/index.html")).toEqual(["site", "index.html"]);
    for (const name of ["../x.html", "/etc/x.html", "C:\\x.html", "a\\..\\..\\x.html", "a//b.html", "./a.html", "dir/"]) expect(safeEntryPath(name), name).toBeUndefined();
    const zip = zipOf({ "../../escaped.html": page("<p>Escaped</p>"), "index.html": page("<p>Inside</p>") });
    const { path: pdf } = await runTool(server, "html-to-pdf", [{ name: "evil.zip", data: zip, type: "application/zip" }]);
    expect(await pdftotext(pdf)).toContain("Inside");
    expect(await pageCountOf(pdf)).toBe(1);
  });

  it("finds a ZIP's main page: index.html nearest the top, or its only page", () => {
    expect(mainPageOf(["a/index.html", "index.htm", "b.css"])).toBe("index.htm");
    expect(mainPageOf(["site/page.html", "site/img.png"])).toBe("site/page.html");
    expect(mainPageOf(["one.html", "two.html"])).toBeUndefined();
    expect(mainPageOf(["one.html", "two.html", "x/index.html"])).toBe("x/index.html");
    expect(mainPageOf(["style.css"])).toBeUndefined();
  });

  it("says what is wrong: no page in the ZIP, a web address, a file that is not HTML", async () => {
    const noPage = await postTool(server, "html-to-pdf", [{ name: "assets.zip", data: zipOf({ "style.css": "p{}" }), type: "application/zip" }]);
    expect(noPage.status).toBe(422);
    expect(noPage.body.error).toBe('"assets.zip" holds no web page: put an index.html (or one .html file) at its top.');
    const url = await postTool(server, "html-to-pdf", [html("a.html", page("x"))], { url: "https://example.org/" });
    expect(url.status).toBe(400);
    expect(url.body.error).toContain("not available yet");
    const binary = await postTool(server, "html-to-pdf", [{ name: "fake.html", data: Buffer.from([0, 1, 2, 60, 0]), type: "text/html" }]);
    expect(binary.status).toBe(415);
  });
});
