import fs from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OCR_LANGUAGES } from "../catalog/ocr-languages.js";
import { normaliseText, shapedScanPdf } from "./helpers/ocr-fixtures.js";
import { writeTemp } from "./helpers/pdf-tools.js";
import { postTool, runTool, startServer, type TestServer } from "./helpers/server.js";

/**
 * Every language the OCR screen lists is installed, reads its own script, and "auto" tells scripts apart. The
 * pages are set by Pango in fonts that set-up installs for the tests (Garuda for Thai, Lohit for Devanagari,
 * WenQuanYi for Chinese; DejaVu for the rest), so shaped scripts look as they do in print.
 */

interface Sample {
  language: string;
  font: string;
  text: string;
  /** Words (for Thai, which writes none apart: phrases) that must come back. */
  words: string[];
}

const SAMPLES: Sample[] = [
  {
    language: "heb",
    font: "DejaVu Sans",
    text: "הספר נמצא על השולחן בחדר הגדול, והילדים קוראים אותו בכל בוקר לפני בית הספר.",
    words: ["הספר", "נמצא", "השולחן", "בחדר", "הגדול", "והילדים", "קוראים", "בוקר"],
  },
  {
    language: "tha",
    font: "Garuda",
    text: "ภาษาไทยเป็นภาษาราชการของประเทศไทย เด็กนักเรียนไปโรงเรียนทุกวัน",
    words: ["ภาษาไทย", "ภาษาราชการ", "ประเทศไทย", "นักเรียน", "โรงเรียน", "ทุกวัน"],
  },
  {
    language: "hin",
    font: "Lohit Devanagari",
    text: "भारत एक विशाल देश है। हम हर दिन विद्यालय में हिंदी भाषा पढ़ते हैं।",
    words: ["भारत", "विशाल", "देश", "विद्यालय", "हिंदी", "भाषा", "पढ़ते"],
  },
  {
    language: "ell",
    font: "DejaVu Sans",
    text: "Η γλώσσα είναι το σημαντικότερο εργαλείο της επικοινωνίας ανάμεσα στους ανθρώπους.",
    words: ["γλώσσα", "είναι", "σημαντικότερο", "εργαλείο", "επικοινωνίας", "ανθρώπους"],
  },
  {
    language: "kat",
    font: "DejaVu Sans",
    text: "საქართველო ლამაზი ქვეყანაა, მთები და ზღვა ერთად არის.",
    words: ["საქართველო", "ლამაზი", "ქვეყანაა", "მთები", "ზღვა", "ერთად"],
  },
  {
    language: "vie",
    font: "DejaVu Sans",
    text: "Tiếng Việt là ngôn ngữ chính thức của Việt Nam, người dân học đọc và viết mỗi ngày.",
    words: ["Tiếng", "Việt", "ngôn", "ngữ", "chính", "thức", "người", "viết", "ngày"],
  },
];

const RUSSIAN = "Москва является столицей России. Сегодня хорошая погода, и мы идём гулять в большой парк. Летом в городе много туристов.";
const CHINESE =
  "今天天气很好，我们一起去公园散步。北京是中国的首都，有很多历史悠久的建筑。学生们每天早上八点去学校学习语文和数学。我们的城市有很多公园和图书馆，周末的时候人们喜欢在那里看书和休息。";

let server: TestServer;
const scans = new Map<string, string>();
beforeAll(async () => {
  server = await startServer();
  for (const sample of SAMPLES) scans.set(sample.language, await writeTemp(`${sample.language}-scan.pdf`, await shapedScanPdf(sample.text, sample.font, 14)));
  scans.set("rus", await writeTemp("russian-scan.pdf", await shapedScanPdf(RUSSIAN, "DejaVu Sans", 14)));
  scans.set("chi_sim", await writeTemp("chinese-scan.pdf", await shapedScanPdf(CHINESE + CHINESE, "WenQuanYi Micro Hei", 14)));
  // A page number alone: too few characters for script detection.
  scans.set("blank", await writeTemp("page-number-scan.pdf", await shapedScanPdf("7", "DejaVu Sans", 14)));
}, 120_000);
afterAll(async () => server.close());

async function recognisedText(file: string, language: string): Promise<{ text: string; message: string }> {
  const { path, reply } = await runTool(server, "ocr-pdf", [file], { language, outputFormat: "text" });
  return { text: normaliseText(await fs.readFile(path, "utf8")), message: reply.message ?? "" };
}

describe("OCR languages", () => {
  it("has every listed language installed, and health lists them", async () => {
    const res = await fetch(`${server.url}/api/health`);
    const health = (await res.json()) as { ocrLanguages: string[] };
    const missing = OCR_LANGUAGES.map((l) => l.code).filter((code) => !health.ocrLanguages.includes(code));
    expect(missing).toEqual([]);
    // Script detection's model is not a language to read a document in.
    expect(health.ocrLanguages).not.toContain("osd");
  });

  it.each(SAMPLES.map((s) => [s.language, s] as const))("reads a %s page in its own script", async (language, sample) => {
    const { text, message } = await recognisedText(scans.get(language)!, language);
    expect(message).toContain(`(${language})`);
    const found = sample.words.filter((word) => text.includes(word));
    expect(found.length, `found ${found.join(" ")} in: ${text}`).toBeGreaterThanOrEqual(sample.words.length - 1);
  }, 120_000);

  it("detects Cyrillic and reads the page as Russian with language auto", async () => {
    const { text, message } = await recognisedText(scans.get("rus")!, "auto");
    expect(message).toContain("Detected Cyrillic script, so the pages were read as Russian (rus)");
    for (const word of ["Москва", "столицей", "России", "погода", "парк"]) expect(text).toContain(word);
  }, 120_000);

  it("detects Han and reads the page as Simplified Chinese with language auto", async () => {
    const { text, message } = await recognisedText(scans.get("chi_sim")!, "auto");
    expect(message).toContain("Detected Han script, so the pages were read as Simplified Chinese (chi_sim)");
    for (const word of ["公园", "北京", "中国", "学生", "图书馆"]) expect(text).toContain(word);
  }, 120_000);

  it("reads a page with too little text as English with language auto, and says so", async () => {
    const { message } = await recognisedText(scans.get("blank")!, "auto");
    expect(message).toContain("too little text to detect its script, so the pages were read as English (eng)");
  }, 120_000);

  it("refuses a language that is not installed with a 422 naming it and its package", async () => {
    const reply = await postTool(server, "ocr-pdf", [scans.get("heb")!], { language: "tlh" });
    expect(reply.status).toBe(422);
    expect(reply.body.error).toContain("tlh");
    expect(reply.body.error).toContain("tesseract-ocr-tlh");
  });
});
