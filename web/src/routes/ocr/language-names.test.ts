import { describe, expect, it } from "vitest";
import { OCR_LANGUAGES } from "../../../../catalog/ocr-languages.js";
import { ocrLanguageName, type OcrLanguageWords } from "./language-names.js";

const german: OcrLanguageWords = {
  auto: "Automatisch erkennen",
  historic: (language) => `${language} (historisch)`,
  model: (code) => (code === "frk" ? "Fraktur (Deutsch)" : undefined),
};
const japanese: OcrLanguageWords = {
  auto: "自動検出",
  historic: (language) => `${language}（古語）`,
  model: (code) => (code === "frk" ? "ドイツ文字（フラクトゥール）" : undefined),
};

describe("OCR language names in the page's language", () => {
  it("names Tesseract's languages through Intl, begun with a capital, with their code", () => {
    expect(ocrLanguageName("deu", "de", german)).toBe("Deutsch (deu)");
    expect(ocrLanguageName("fra", "de", german)).toBe("Französisch (fra)");
    expect(ocrLanguageName("chi_sim", "de", german)).toBe("Chinesisch (vereinfacht) (chi_sim)");
    expect(ocrLanguageName("deu", "fr", german)).toBe("Allemand (deu)");
    expect(ocrLanguageName("deu", "ja", japanese)).toBe("ドイツ語 (deu)");
    expect(ocrLanguageName("chi_tra", "ja", japanese)).toBe("繁体中国語 (chi_tra)");
  });

  it("says what Intl has no name for in the catalogue's words", () => {
    expect(ocrLanguageName("auto", "de", german)).toBe("Automatisch erkennen");
    expect(ocrLanguageName("ita_old", "de", german)).toBe("Italienisch (historisch) (ita_old)");
    expect(ocrLanguageName("frk", "ja", japanese)).toBe("ドイツ文字（フラクトゥール） (frk)");
    expect(ocrLanguageName("my_model", "de", german)).toBe("my_model");
  });

  it("has a name other than the English one for nearly every language offered", () => {
    // Intl knows Tesseract's ISO 639 codes; only Fraktur needs the catalogue, and a few names are the same in German.
    const same = OCR_LANGUAGES.filter((l) => ocrLanguageName(l.code, "de", german).replace(/ \(\w+\)$/, "") === l.name);
    expect(same.length / OCR_LANGUAGES.length).toBeLessThan(0.3);
    expect(OCR_LANGUAGES.every((l) => ocrLanguageName(l.code, "de", german) !== l.code)).toBe(true);
  });
});
