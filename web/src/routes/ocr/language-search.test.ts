// @vitest-environment node
import { describe, expect, it } from "vitest";
import { OCR_LANGUAGES, PRIMARY_OCR_LANGUAGE_CODES } from "../../../../catalog/ocr-languages.js";
import { MAX_LANGUAGE_MATCHES, searchLanguages } from "./language-search.js";

const codes = (query: string, excluded: string[] = []) => searchLanguages(query, excluded).map((l) => l.code);

describe("additional-language search", () => {
  it("offers the full list of about a hundred codes, the 13 primary ones among them", () => {
    expect(OCR_LANGUAGES.length).toBeGreaterThanOrEqual(100);
    const all = new Set(OCR_LANGUAGES.map((l) => l.code));
    for (const code of PRIMARY_OCR_LANGUAGE_CODES) expect(all.has(code)).toBe(true);
    for (const code of ["eng", "spa", "fra", "deu", "chi_sim", "chi_tra", "jpn", "kor", "ara", "hin"]) expect(all.has(code)).toBe(true);
  });

  it("shows at most 8 matches", () => {
    expect(MAX_LANGUAGE_MATCHES).toBe(8);
    const many = OCR_LANGUAGES.filter((l) => l.name.toLowerCase().includes("a") || l.code.includes("a")).length;
    expect(many).toBeGreaterThan(8);
    expect(codes("a")).toHaveLength(8);
  });

  it("matches on name or code, ignoring case, an exact code first", () => {
    expect(codes("deu")[0]).toBe("deu");
    expect(codes("GERMAN")).toEqual(expect.arrayContaining(["deu", "frk"]));
    expect(codes("chi")).toEqual(["chi_sim", "chi_tra"]);
    expect(codes("por")[0]).toBe("por");
    expect(codes("zzz")).toEqual([]);
    expect(codes("   ")).toEqual([]);
  });

  it("leaves out the languages already chosen", () => {
    expect(codes("chi", ["chi_sim"])).toEqual(["chi_tra"]);
    expect(codes("english", ["eng"])).toEqual(["enm"]);
  });
});
