import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localeFromAcceptLanguage } from "../catalog/locales.js";
import { makeNumberedPdf, pageTexts } from "./helpers/pdf-tools.js";
import { download, postForm, startServer, type TestServer } from "./helpers/server.js";
import { readZip } from "./helpers/zip.js";

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

describe("validation, result, pipeline and batch sentences in the request's language", () => {
  let four: Uint8Array;
  beforeAll(async () => {
    four = await makeNumberedPdf(4);
  });

  async function deletePages(pages: string, language: string) {
    const form = new FormData();
    form.append("files", new Blob([four]), "four.pdf");
    form.append("pages", pages);
    return post("delete-pages", form, { "Accept-Language": language });
  }

  it("refuses a missing or malformed page selection in German and Japanese, naming the field", async () => {
    expect((await deletePages("", "de")).body.error).toBe("Bitte wählen Sie mindestens eine Seite zum Löschen aus.");
    expect((await deletePages("", "ja")).body.error).toBe("削除するページを 1 ページ以上選んでください。");
    const de = await deletePages("two", "de");
    expect(de.status).toBe(400);
    expect(de.body.error).toBe("„pages“ muss aus Seitenzahlen und Bereichen wie „1,3,5-7“ bestehen.");
    expect((await deletePages("two", "ja")).body.error).toBe("「pages」には「1,3,5-7」のようにページ番号と範囲を指定してください。");
    expect((await deletePages("two", "en")).body.error).toBe('"pages" must be page numbers and ranges such as "1,3,5-7".');
  });

  it("says a page beyond the document in German and Japanese, with the document's page count", async () => {
    const de = await deletePages("9", "de");
    expect(de.status).toBe(400);
    expect(de.body.error).toBe("pages: „9“ liegt außerhalb des Dokuments, das 4 Seiten hat.");
    expect((await deletePages("9", "ja")).body.error).toBe("pages: 「9」は文書の範囲外です（この文書は 4 ページです）。");
  });

  it("says what was deleted and what remains in German and Japanese, in each language's plural forms", async () => {
    const one = await deletePages("2", "de");
    expect(one.status).toBe(200);
    expect(one.body.message).toBe("1 Seite gelöscht; 3 verbleiben.");
    expect((await deletePages("1-3", "de")).body.message).toBe("3 Seiten gelöscht; 1 verbleibt.");
    expect((await deletePages("1-3", "ja")).body.message).toBe("3 ページを削除しました（残り 1 ページ）。");
  });

  it("names a pipeline's steps by their tools in French, and refuses a bad step in Japanese", async () => {
    const steps = JSON.stringify([{ tool: "delete-pages", options: { pages: "1" } }, { tool: "rotate-pdf", options: {} }]);
    const fr = await postForm(server, "/api/pipeline", [{ name: "four.pdf", data: four }], { steps, lang: "fr" });
    expect(fr.status).toBe(200);
    expect(fr.body.message).toBe("Étape 1 (Supprimer des pages) : 1 page supprimée ; il en reste 3. Étape 2 (Faire pivoter un PDF) : Toutes les pages ont été pivotées de 90 degrés.");
    const bad = JSON.stringify([{ tool: "rotate-pdf", options: { angle: 45 } }]);
    const ja = await postForm(server, "/api/pipeline", [{ name: "four.pdf", data: four }], { steps: bad, lang: "ja" });
    expect(ja.status).toBe(400);
    expect(ja.body.error).toBe("ステップ 1（PDF 回転）: 「angle」は次のいずれかにしてください: 90, 180, 270。");
  });

  it("writes a batch's message, warning and report.txt in German", async () => {
    const reply = await postForm(
      server,
      "/api/process/rotate-pdf",
      [
        { name: "a.pdf", data: four },
        { name: "broken.pdf", data: "%PDF-1.4\nnot a document at all\n" },
      ],
      { batch: "true", lang: "de" },
    );
    expect(reply.status).toBe(200);
    expect(reply.body.message).toMatch(/^1 von 2 Dateien einzeln verarbeitet\. Nicht verarbeitet: broken\.pdf \(.+\) Details in report\.txt im ZIP-Archiv\.$/);
    expect(reply.body.warning).toBe("1 von 2 Dateien konnten nicht verarbeitet werden: siehe report.txt.");
    const entries = await readZip((await download(server, reply.body.downloadUrl!)).path);
    const report = entries.get("report.txt")!.toString("utf8").split("\n");
    expect(report[0]).toBe("OK      a.pdf -> a-rotated.pdf (Alle Seiten um 90 Grad gedreht.)");
    expect(report[1]).toMatch(/^FEHLER {2}broken\.pdf: Diese Datei ließ sich nicht als PDF lesen/);
    // The rotated file itself is a real PDF of the same four pages.
    const rotated = path.join(dir, "a-rotated.pdf");
    fs.writeFileSync(rotated, entries.get("a-rotated.pdf")!);
    expect(await pageTexts(rotated)).toHaveLength(4);
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

  it("writes lists of counted things as each language writes lists", async () => {
    const { say } = await import("../server/i18n/i18n.js");
    const { list, msg } = await import("../server/i18n/message.js");
    const removed = msg("sanitize.removed", { items: list([msg("sanitize.counts.javascript", { count: 2 }), msg("sanitize.counts.links", { count: 1 })]) });
    expect(say(removed, "en")).toBe("Removed 2 scripts, 1 link.");
    expect(say(removed, "de")).toBe("Entfernt: 2 Skripte und 1 Link.");
    expect(say(removed, "ja")).toBe("スクリプト 2 件、リンク 1 件を削除しました。");
    const repaired = msg("results.repairedOnTheWay", { count: 2, names: list(["a.pdf", "b.pdf"]) });
    expect(say(repaired, "en")).toBe("Repaired on the way: a.pdf and b.pdf had a damaged structure.");
    expect(say(repaired, "fr")).toBe("Réparé au passage : la structure de a.pdf et b.pdf était endommagée.");
  });
});
