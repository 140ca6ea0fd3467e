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

  it("says what is wrong: no page in the ZIP, both a file and a web address, neither, a file that is not HTML", async () => {
    const noPage = await postTool(server, "html-to-pdf", [{ name: "assets.zip", data: zipOf({ "style.css": "p{}" }), type: "application/zip" }]);
    expect(noPage.status).toBe(422);
    expect(noPage.body.error).toBe('"assets.zip" holds no web page: put an index.html (or one .html file) at its top.');
    const both = await postTool(server, "html-to-pdf", [html("a.html", page("x"))], { url: "https://example.org/" });
    expect(both.status).toBe(400);
    expect(both.body.error).toBe("Please upload an HTML file or give a web address, not both.");
    const neither = await postTool(server, "html-to-pdf", []);
    expect(neither.status).toBe(400);
    expect(neither.body.error).toContain("Please upload an HTML file");
    const binary = await postTool(server, "html-to-pdf", [{ name: "fake.html", data: Buffer.from([0, 1, 2, 60, 0]), type: "text/html" }]);
    expect(binary.status).toBe(415);
  });
});

describe("HTML to PDF from a web address", () => {
  /** A web site on this machine's loopback, standing in for a public one; `other` is a second, private one. */
  let site: http.Server;
  let sitePort: number;
  let other: http.Server;
  let otherUrl: string;
  let otherVisits: string[];
  let web: TestServer;
  beforeAll(async () => {
    otherVisits = [];
    other = http.createServer((req, res) => {
      otherVisits.push(req.url ?? "");
      res.end("<p>INTERNAL-ONLY</p>");
    });
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    site = http.createServer((req, res) => {
      if (req.url === "/red.png") {
        res.setHeader("content-type", "image/png");
        res.end(makePng(30, 30, () => 0));
      } else if (req.url === "/to-inside") {
        res.writeHead(302, { location: `${otherUrl}/secret` }).end();
      } else if (req.url === "/scripted") {
        res.setHeader("content-type", "text/html");
        res.end(page('<p id="t">Served static</p><script>document.getElementById("t").textContent = "Changed by a script"</script>'));
      } else {
        res.setHeader("content-type", "text/html");
        res.end(page(`<h1>Public page</h1><img src="/red.png" width="300" height="300"><img src="${otherUrl}/tracker.png"><iframe src="${otherUrl}/frame"></iframe>`));
      }
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    sitePort = (site.address() as AddressInfo).port;
    // This site alone counts as "public" here; the real policy admits public addresses on ports 80 and 443.
    web = await startServer({ egressPolicy: { allows: (address, port) => address === "127.0.0.1" && port === sitePort } });
  });
  afterAll(async () => {
    await web?.close();
    await new Promise((resolve) => site?.close(resolve));
    await new Promise((resolve) => other?.close(resolve));
  });

  it("prints the page with what it loads from allowed addresses, and nothing from private ones", async () => {
    const { path: pdf, reply } = await runTool(web, "html-to-pdf", [], { url: `http://127.0.0.1:${sitePort}/article` });
    await qpdfCheck(pdf);
    const text = await pdftotext(pdf);
    expect(text).toContain("Public page");
    expect(text).not.toContain("INTERNAL-ONLY");
    const { width, height, pixels } = await renderGray(pdf, 1, 30);
    expect(pixels.filter((v) => v < 60).length / (width * height)).toBeGreaterThan(0.05);
    expect(otherVisits).toEqual([]);
    expect(reply.filename).toBe("127.0.0.1.pdf");
    expect(reply.message).toMatch(/^Printed 127\.0\.0\.1 on 1 page \(A4, portrait\)\. \d+ requests? to (a )?private, local or unreachable address(es)? (was|were) not made\.$/);
  });

  it("keeps the page's scripts off unless asked", async () => {
    const { path: off } = await runTool(web, "html-to-pdf", [], { url: `http://127.0.0.1:${sitePort}/scripted` });
    expect(await pdftotext(off)).toContain("Served static");
    const { path: on } = await runTool(web, "html-to-pdf", [], { url: `http://127.0.0.1:${sitePort}/scripted`, javascript: "true" });
    expect(await pdftotext(on)).toContain("Changed by a script");
  });

  it("does not follow a redirect to a private address", async () => {
    const reply = await postTool(web, "html-to-pdf", [], { url: `http://127.0.0.1:${sitePort}/to-inside` });
    expect(reply.status).toBe(422);
    expect(reply.body.error).toContain("visits only public web addresses");
    expect(otherVisits).toEqual([]);
  });

  it("refuses local and private addresses with the real policy, and addresses that are not http(s)", async () => {
    for (const url of [`${otherUrl}/`, "http://localhost/", "http://169.254.169.254/latest/meta-data/", "http://[::1]/", "http://10.0.0.1/"]) {
      const reply = await postTool(server, "html-to-pdf", [], { url });
      expect(reply.status, url).toBe(422);
      expect(reply.body.error, url).toContain("visits only public web addresses");
    }
    expect(otherVisits).toEqual([]);
    for (const url of ["file:///etc/passwd", "ftp://example.org/", "javascript:alert(1)", "http://user:secret@example.org/", "not a url"]) {
      const reply = await postTool(server, "html-to-pdf", [], { url });
      expect(reply.status, url).toBe(400);
    }
  });
});
