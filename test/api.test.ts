import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findTool, FORMAT_KEYS, TOOLS } from "../catalog/tools.js";
import { processorOf } from "../server/tools/index.js";
import { corpus } from "./helpers/corpus.js";
import { download, postTool, startServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server.close());

describe("catalogue", () => {
  it("declares the spec's 26 tool ids, the 14 format keys and sign-pdf", () => {
    const ids = new Set(TOOLS.map((t) => t.id));
    const spec = [
      "add-page-numbers", "organize-pdf", "merge-pdf", "split-pdf", "compress-pdf", "pdf-to-word", "pdf-to-jpg",
      "word-to-pdf", "rotate-pdf", "delete-pages", "add-watermark", "protect-pdf", "unlock-pdf", "convert-pdf",
      "pdf-to-excel", "pdf-to-ppt", "jpg-to-pdf", "extract-text", "annotate-pdf", "pdf-to-html", "repair-pdf",
      "ocr-pdf", "pdf-sign", "pdf-to-text", "encrypt-pdf", "decrypt-pdf",
    ];
    expect(spec).toHaveLength(26);
    for (const id of [...spec, ...FORMAT_KEYS, "sign-pdf"]) expect(ids, id).toContain(id);
    expect(ids.size).toBe(TOOLS.length);
  });

  it("lets only merge, jpg-to-pdf and the batch converters take many files, 20 at most, and compare exactly two", () => {
    for (const tool of TOOLS) {
      if (tool.id === "compare-pdf") expect([tool.minFiles, tool.maxFiles]).toEqual([2, 2]);
      else if (tool.multiple) expect(tool.maxFiles).toBe(20);
      else expect(tool.maxFiles).toBe(1);
    }
    expect(TOOLS.filter((t) => t.multiple).map((t) => t.id).sort()).toEqual(["compare-pdf", "convert-pdf", "jpg-to-pdf", "merge-pdf", "pdf-to-word"]);
  });
});

describe("service endpoints", () => {
  it("reports each engine and whether it is present", async () => {
    const res = await fetch(`${server.url}/api/health`);
    const body = (await res.json()) as { engines: Array<{ name: string; present: boolean }>; tools: { available: string[] } };
    expect(res.status).toBe(200);
    const qpdf = body.engines.find((e) => e.name === "qpdf");
    expect(qpdf?.present).toBe(true);
    expect(body.engines.find((e) => e.name === "mupdf")?.present).toBe(true);
    expect(body.tools.available).toContain("merge-pdf");
  });

  it("serves an OpenAPI document generated from the catalogue, and a docs page", async () => {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      openapi: string;
      paths: Record<string, { post?: { requestBody: { content: Record<string, { schema: { properties: Record<string, { default?: unknown; maximum?: number }> } }> } } }>;
    };
    expect(doc.openapi).toBe("3.1.0");
    for (const tool of TOOLS) expect(doc.paths).toHaveProperty(`/api/process/${tool.id}`);
    const numbers = doc.paths["/api/process/add-page-numbers"]!.post!.requestBody.content["multipart/form-data"]!.schema.properties;
    expect(numbers.fontSize).toMatchObject({ default: 12, maximum: 24 });
    expect(numbers.position).toMatchObject({ default: "bottom-center" });
    // Results as inputs, batches, pipelines and the jobs API are documented too.
    expect(numbers).toHaveProperty("fileIds");
    expect(numbers).toHaveProperty("batch");
    expect(doc.paths["/api/process/merge-pdf"]!.post!.requestBody.content["multipart/form-data"]!.schema.properties).not.toHaveProperty("batch");
    for (const route of ["/api/pipeline", "/api/jobs/{tool}", "/api/jobs/{jobId}", "/api/jobs/{jobId}/events"]) expect(doc.paths).toHaveProperty(route);
    const docs = await fetch(`${server.url}/api/docs`);
    expect(docs.headers.get("content-type")).toContain("text/html");
    expect(await docs.text()).toContain("Add Page Numbers");
  });

  it("answers the app's pages with 200 and any other address with the not-found page, a 404 and noindex", async () => {
    for (const url of ["/", "/merge-pdf", "/tool/split-pdf", "/pdf-sign", "/e-sign", "/faq", "/privacy-policy", "/convert-pdf", "/workflows"]) {
      const res = await fetch(`${server.url}${url}`);
      expect(res.status, url).toBe(200);
      expect(res.headers.get("x-robots-tag"), url).toBeNull();
      await res.arrayBuffer();
    }
    for (const url of ["/no/such/page", "/merge-pdff", "/sign-pdf", "/not-found", "/faq/", "/tool/nothing"]) {
      const res = await fetch(`${server.url}${url}`);
      expect(res.status, url).toBe(404);
      expect(res.headers.get("x-robots-tag"), url).toBe("noindex");
      expect(res.headers.get("content-type"), url).toContain("text/html");
      expect(await res.text(), url).toContain('<div id="root">');
    }
  });

  it("answers 404 with a sentence for an unknown tool and an unknown download", async () => {
    const tool = await postTool(server, "make-coffee", [corpus("minimal-document.pdf")]);
    expect(tool.status).toBe(404);
    expect(tool.body).toEqual({ success: false, error: 'There is no tool called "make-coffee".' });
    const missing = await fetch(`${server.url}/api/download/AAAAAAAAAAAAAAAAAAAAAAAA`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: string }).error).toMatch(/expired/);
    const traversal = await fetch(`${server.url}/api/download/..%2F..%2Fetc%2Fpasswd`);
    expect(traversal.status).toBe(404);
  });

  it("has a processor for every tool, or for every format it dispatches to, and reports none missing", async () => {
    // The compiler already refuses a catalogue tool without a processor; this checks the lookup the requests use.
    for (const tool of TOOLS) {
      const doers = tool.dispatchField ? tool.dispatchField.targets.map((id) => findTool(id)) : [tool];
      for (const doer of doers) expect(doer && processorOf(doer), `${tool.id} → ${doer?.id}`).toBeTruthy();
    }
    const health = (await (await fetch(`${server.url}/api/health`)).json()) as { tools: { notAvailableYet: string[] } };
    expect(health.tools.notAvailableYet).toEqual([]);
  });

  it("serves results as attachments with a safe name and 128+ bit ids", async () => {
    const reply = await postTool(server, "rotate-pdf", [
      { name: 'quarterly "report" ünïcode\r\n.pdf', data: await import("node:fs/promises").then((fs) => fs.readFile(corpus("minimal-document.pdf"))) },
    ]);
    expect(reply.status).toBe(200);
    const id = reply.body.downloadUrl!.split("/").pop()!;
    expect(id.length).toBeGreaterThanOrEqual(22);
    const { headers } = await download(server, reply.body.downloadUrl!);
    expect(headers.get("content-type")).toBe("application/pdf");
    const disposition = headers.get("content-disposition")!;
    expect(disposition).toMatch(/^attachment; filename="quarterly _report_ _n_code-rotated.pdf"; filename\*=UTF-8''/);
    expect(disposition).not.toMatch(/[\r\n]/);
    expect(decodeURIComponent(disposition.split("''")[1]!)).toBe("quarterly _report_ ünïcode-rotated.pdf");
  });
});
