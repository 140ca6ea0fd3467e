import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { say } from "../server/i18n/i18n.js";
import { msg } from "../server/i18n/message.js";
import { ocrLanguageNames } from "../server/i18n/ocr-language-names.js";
import { fileSize } from "../server/i18n/quantities.js";
import { makeDocx } from "./helpers/office-fixtures.js";
import { scannedPdf } from "./helpers/ocr-fixtures.js";
import { makeNumberedPdf } from "./helpers/pdf-tools.js";
import { startServer, type TestServer, type ToolReply, type Upload } from "./helpers/server.js";
import { makeImagePdf, syntheticPhoto } from "./helpers/synthetic-pdfs.js";

/**
 * Every tool's result, said in the request's language: each tool runs on a small file in French and in Japanese,
 * and its reply (message and warning) must carry no English sentence, and the Japanese one be Japanese.
 * The compiler already refuses a string where a reply's sentence goes (ToolResult's `Said`); this checks that the
 * keys it forces exist in the other catalogues and are said there.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

async function post(tool: string, files: readonly Upload[], fields: Record<string, unknown>, language: string): Promise<ToolReply> {
  const form = new FormData();
  for (const file of files) {
    if (typeof file === "string") throw new Error("named bytes only");
    form.append("files", new Blob([file.data], { type: file.type ?? "application/octet-stream" }), file.name);
  }
  for (const [key, value] of Object.entries(fields)) form.append(key, typeof value === "object" ? JSON.stringify(value) : String(value));
  const res = await fetch(`${server.url}/api/process/${tool}`, { method: "POST", body: form, headers: { "Accept-Language": language } });
  return { status: res.status, body: (await res.json()) as ToolReply["body"] };
}

/** Words no French or Japanese sentence of ours uses, and nearly every English one does. */
const ENGLISH = /\b(the|was|were|is|are|of|to|and|by|with|from|into|has|have|been|could|which|its|their)\b/i;
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

type Case = [tool: string, files: () => Promise<Upload[]>, fields?: Record<string, unknown>];

const pdf = (pages: number, name = "a.pdf") => async (): Promise<Upload[]> => [{ name, data: await makeNumberedPdf(pages) }];
const photoPdf = async (): Promise<Upload[]> => [{ name: "photos.pdf", data: await makeImagePdf([await syntheticPhoto(1200, 900, 3)]) }];

const CASES: Case[] = [
  ["compress-pdf", photoPdf],
  ["compare-pdf", async () => [...(await pdf(2, "old.pdf")()), ...(await pdf(3, "new.pdf")())]],
  ["edit-metadata", pdf(1), { title: "Report", author: "Ann" }],
  ["extract-images", photoPdf, { minWidth: 1, minHeight: 1 }],
  ["html-to-pdf", async () => [{ name: "page.html", data: "<!doctype html><h1>Hello</h1><p>World</p>", type: "text/html" }]],
  ["jpg-to-pdf", async () => [{ name: "photo.jpg", data: await syntheticPhoto(400, 300, 5), type: "image/jpeg" }], { ocrEnabled: true }],
  // Without recognition, so that Tesseract's time is not spent three times over (names of languages: see below).
  ["ocr-pdf", async () => [{ name: "scan.pdf", data: await scannedPdf([[{ text: "A scanned page.", font: "liberationSerif", size: 28 }]], 100) }], { recognizeText: false, accuracy: "low" }],
  ["pdf-to-word", pdf(2)],
  ["pdf-to-excel", pdf(2)],
  ["pdf-to-ppt", pdf(2)],
  ["pdf-to-html", pdf(2)],
  ["pdf-to-text", pdf(2)],
  ["pdf-to-jpg", pdf(1), { imageResolution: 72 }],
  ["convert-pdf", pdf(2), { format: "pdf-to-markdown" }],
  ["convert-pdf", pdf(2), { format: "pdf-to-epub" }],
  ["convert-pdf", pdf(2), { format: "pdf-to-rtf" }],
  ["convert-pdf", pdf(2), { format: "pdf-to-svg" }],
  ["convert-pdf", pdf(1), { format: "pdf-to-png", imageResolution: 72, quality: 50 }],
  ["convert-pdf", pdf(2), { format: "pdf-to-pdf-a" }],
  ["word-to-pdf", async () => [{ name: "report.docx", data: (await makeDocx(3, 2, 2)).data }]],
  ["redact-pdf", pdf(3), { terms: "Sample", clearMetadata: true }],
  ["repair-pdf", pdf(2), { optimizeSize: true }],
  ["sign-pdf", pdf(2), { signatureType: "type", typedName: "Jane Doe", timeStamp: true }],
  ["protect-pdf", pdf(1), { userPassword: "secret" }],
  ["unlock-pdf", pdf(1), { userPassword: "secret" }],
  ["extract-text", pdf(2)],
  ["n-up-pdf", pdf(5)],
  ["organize-pdf", pdf(3), { pageOrder: [2, 1, 0], pagesToExtract: [0] }],
  ["crop-pdf", pdf(2), { top: 10 }],
  ["flatten-pdf", pdf(1)],
  ["sanitize-pdf", pdf(1)],
  ["remove-blank-pages", pdf(2)],
  ["merge-pdf", async () => [...(await pdf(1, "one.pdf")()), ...(await pdf(2, "two.pdf")())]],
  ["split-pdf", pdf(3)],
  ["delete-pages", pdf(3), { pages: "2" }],
  ["rotate-pdf", pdf(2)],
  ["add-watermark", pdf(2), { watermarkText: "DRAFT" }],
  ["add-page-numbers", pdf(2)],
];

describe("each tool's result in the request's language", () => {
  it.each(CASES.map(([tool, files, fields = {}]) => ({ tool, files, fields, name: `${tool} ${JSON.stringify(fields)}` })))("$name", async ({ tool, files, fields }) => {
    const uploads = await files();
    const replies = {} as Record<"fr" | "ja", ToolReply>;
    for (const language of ["fr", "ja"] as const) {
      const reply = await post(tool, uploads, fields, language);
      expect(reply.status, `${language}: ${reply.body.error}`).toBe(200);
      const said = `${reply.body.message ?? ""} ${reply.body.warning ?? ""}`;
      expect(said.trim(), language).not.toBe("");
      expect(said, language).not.toMatch(ENGLISH);
      replies[language] = reply;
    }
    expect(replies.ja.body.message).toMatch(JAPANESE);
    // The same result said twice in one language would be a sentence outside the catalogues.
    expect(replies.ja.body.message).not.toBe(replies.fr.body.message);
    if (process.env.SHOW_REPLIES) for (const [language, reply] of Object.entries(replies)) console.log(tool, language, reply.body.message, reply.body.warning ?? "");
  }, 120_000);
});

describe("numbers, sizes and language names in the reader's language", () => {
  it("writes sizes as each language does", () => {
    expect(say(fileSize(1536), "en")).toBe("1.5 KB");
    expect(say(fileSize(1536), "fr")).toBe("1,5 Ko");
    expect(say(fileSize(3.4 * 1024 * 1024), "de")).toBe("3,40 MB");
    expect(say(fileSize(1), "en")).toBe("1 byte");
    expect(say(fileSize(812), "fr")).toBe("812 octets");
  });

  it("names OCR languages through Intl, with the catalogue's words where Intl has none", () => {
    const recognised = msg("ocr.recognised", { count: 2, languages: ocrLanguageNames(["deu", "chi_sim", "ita_old", "frk", "custom_model"]) });
    expect(say(recognised, "en")).toBe(
      "Recognised 2 pages in German (deu), Simplified Chinese (chi_sim), Italian (historical) (ita_old), Fraktur (German) (frk) and custom_model.",
    );
    const fr = say(recognised, "fr");
    expect(fr).toContain("allemand (deu)");
    expect(fr).toContain("chinois simplifié (chi_sim)");
    expect(fr).toContain("italien (ancien) (ita_old)");
    expect(fr).toContain("Fraktur (allemand) (frk)");
    expect(fr).toContain(" et custom_model.");
    const ja = say(recognised, "ja");
    expect(ja).toContain("ドイツ語 (deu)");
    expect(ja).toContain("ドイツ文字（フラクトゥール） (frk)");
  });
});
