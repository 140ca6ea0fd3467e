import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localeFromAcceptLanguage } from "../catalog/locales.js";
import { startServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
let dir: string;

beforeAll(async () => {
  server = await startServer();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "i18n-server-"));
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function post(tool: string, form: FormData, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}/api/process/${tool}`, { method: "POST", body: form, headers });
  return { status: response.status, body: (await response.json()) as { success: boolean; error?: string; message?: string } };
}

function emptyPdfForm(): FormData {
  const form = new FormData();
  form.append("files", new Blob([]), "empty.pdf");
  return form;
}

describe("the server's sentences in the visitor's language", () => {
  it("answers an empty file for rotate-pdf in French for Accept-Language: fr", async () => {
    const fr = await post("rotate-pdf", emptyPdfForm(), { "Accept-Language": "fr" });
    expect(fr.status).toBe(400);
    expect(fr.body.error).toBe("« empty.pdf » est vide.");
  });

  it("answers a validation error in German, with q-values honoured", async () => {
    const form = new FormData();
    form.append("files", new Blob([fs.readFileSync(path.join(import.meta.dirname, "corpus", fs.readdirSync(path.join(import.meta.dirname, "corpus")).find((f) => f.endsWith(".pdf"))!))]), "a.pdf");
    form.append("angle", "45");
    const de = await post("rotate-pdf", form, { "Accept-Language": "en;q=0.5, de-AT;q=0.9" });
    expect(de.status).toBe(400);
    expect(de.body.error).toMatch(/^„angle“/);
  });

  it("falls back to English for a language it does not speak, and takes the lang field over the header", async () => {
    const unknown = await post("rotate-pdf", emptyPdfForm(), { "Accept-Language": "tlh, eo;q=0.8" });
    expect(unknown.body.error).toBe('"empty.pdf" is empty.');
    const form = new FormData();
    form.append("lang", "ja");
    form.append("files", new Blob([]), "empty.pdf");
    const ja = await post("rotate-pdf", form, { "Accept-Language": "de" });
    expect(ja.body.error).toBe("「empty.pdf」は空のファイルです。");
  });

  it("says a tool's result message in the request's language", async () => {
    const form = new FormData();
    const pdf = fs.readdirSync(path.join(import.meta.dirname, "corpus")).find((f) => f.endsWith(".pdf"))!;
    form.append("files", new Blob([fs.readFileSync(path.join(import.meta.dirname, "corpus", pdf))]), "a.pdf");
    const de = await post("rotate-pdf", form, { "Accept-Language": "de" });
    expect(de.status).toBe(200);
    expect(de.body.message).toBe("Alle Seiten um 90 Grad gedreht.");
  });

  it("keeps the API's own documents in English", async () => {
    const docs = await (await fetch(`${server.url}/api/openapi.json`, { headers: { "Accept-Language": "de" } })).text();
    expect(docs).toContain("Merge PDF");
  });
});

describe("Accept-Language", () => {
  it("picks the highest q-value among our languages, in linear time", () => {
    expect(localeFromAcceptLanguage("fr-CH, fr;q=0.9, en;q=0.8")).toBe("fr");
    expect(localeFromAcceptLanguage("en;q=0.3, ja;q=0.7")).toBe("ja");
    expect(localeFromAcceptLanguage("zh-TW, zh-CN;q=0.5")).toBe("zh");
    expect(localeFromAcceptLanguage("zh-Hant")).toBeUndefined();
    expect(localeFromAcceptLanguage("de;q=0, xx")).toBeUndefined();
    const hostile = "a;q=".repeat(200_000);
    const started = performance.now();
    expect(localeFromAcceptLanguage(hostile)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(50);
  });
});

describe("catalogue names inside server sentences", () => {
  it("names a tool in the language of the sentence", async () => {
    const { say } = await import("../server/i18n/i18n.js");
    const { NotAvailableError } = await import("../server/errors.js");
    const error = new NotAvailableError("merge-pdf");
    expect(error.message).toBe("Merge PDF is not available yet.");
    expect(say(error.text, "de")).toBe("PDF zusammenfügen ist noch nicht verfügbar.");
    expect(say(error.text, "ja")).toBe("PDF 結合はまだご利用いただけません。");
  });
});
