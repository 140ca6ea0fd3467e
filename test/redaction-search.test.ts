import { describe, expect, it } from "vitest";
import { emptyReplacementTexts } from "../server/engines/mupdf/replacement-texts.js";
import { passesIbanCheck, passesLuhn } from "../server/lib/check-digits.js";
import { compileSearch, PatternError, type SearchSpec } from "../server/lib/text-search.js";

const spec = (patch: Partial<SearchSpec>): SearchSpec => ({ terms: [], matchCase: false, wholeWord: false, useRegex: false, presets: [], ...patch });
const found = (text: string, patch: Partial<SearchSpec>) => compileSearch(spec(patch)).find(text).map((s) => text.slice(s.start, s.end));

describe("search terms", () => {
  it("match literally, any case, a space in a term matching any run of blanks or line breaks", () => {
    expect(found("Dear John\nSmith, john  smith", { terms: ["John Smith"] })).toEqual(["John\nSmith", "john  smith"]);
    expect(found("a.b axb", { terms: ["a.b"] })).toEqual(["a.b"]);
    expect(found("Smith smith", { terms: ["Smith"], matchCase: true })).toEqual(["Smith"]);
    expect(found("MÜLLER und müller", { terms: ["müller"] })).toEqual(["MÜLLER", "müller"]);
  });

  it("keep to whole words as Unicode reads them", () => {
    expect(found("Ärger, Ärgernis, verärgert", { terms: ["Ärger"], wholeWord: true })).toEqual(["Ärger"]);
    expect(found("cat concat cat_x cat.", { terms: ["cat"], wholeWord: true })).toEqual(["cat", "cat"]);
  });

  it("run regular expressions, merging what overlaps, and refuse what RE2 cannot run", () => {
    expect(found("ab12 cd345", { terms: [String.raw`[a-z]+\d+`], useRegex: true })).toEqual(["ab12", "cd345"]);
    expect(found("abcdef", { terms: ["abc", "cde"] })).toEqual(["abcde"]);
    expect(found("xxx", { terms: ["y*"], useRegex: true })).toEqual([]);
    for (const bad of ["(?=a)b", String.raw`(a)\1`, "a{2000}", "(a"]) {
      expect(() => compileSearch(spec({ terms: [bad], useRegex: true })), bad).toThrow(PatternError);
    }
  });
});

describe("presets", () => {
  it("find e-mail addresses without the full stop after them", () => {
    expect(found("Mail jane.doe+x@mail.example.co.uk. Or bob@example.org!", { presets: ["email"] })).toEqual(["jane.doe+x@mail.example.co.uk", "bob@example.org"]);
    expect(found("user@localhost, @example.com", { presets: ["email"] })).toEqual([]);
  });

  it("find phone numbers, not dates, bare digit runs or the tail of an account number", () => {
    const text = "Call +49 30 1234567, 030/123 4567 or 0049 89 123456; US (555) 234-5678. " + "Not 2024-05-01, 01.05.2024, 1234567890, 12:30, DE89 3704 0044 0532 0130 00.";
    expect(found(text, { presets: ["phone"] })).toEqual(["+49 30 1234567", "030/123 4567", "0049 89 123456", "(555) 234-5678"]);
  });

  it("find IBANs that pass mod 97, spaced or not, and stop where the IBAN ends", () => {
    const text = "IBAN DE89 3704 0044 0532 0130 00 EUR, GB82WEST12345698765432; bad DE89 3704 0044 0532 0130 01, XDE89370400440532013000";
    expect(found(text, { presets: ["iban"] })).toEqual(["DE89 3704 0044 0532 0130 00", "GB82WEST12345698765432"]);
  });

  it("find card numbers that pass Luhn, and not other digit runs", () => {
    const text = "Visa 4111 1111 1111 1111 12/25, MC 5500-0055-5555-5559, Amex 378282246310005; bad 4111 1111 1111 1112, order 4929123456789012, 1111111111111117";
    expect(found(text, { presets: ["card"] })).toEqual(["4111 1111 1111 1111", "5500-0055-5555-5559", "378282246310005"]);
  });

  it("take time in proportion to the text, on inputs that make backtracking engines work hardest", () => {
    const inputs = [
      `${"a".repeat(200_000)}!`,
      "1 ".repeat(100_000),
      "0-".repeat(100_000),
      "a@".repeat(100_000),
      `AB12${"A ".repeat(100_000)}`,
      `+1${" (1)".repeat(50_000)}`,
    ];
    const search = compileSearch(spec({ terms: ["(a+)+$", "(x|x)*y"], useRegex: true, presets: ["email", "phone", "iban", "card"] }));
    for (const input of inputs) {
      const started = performance.now();
      search.find(input);
      expect(performance.now() - started, input.slice(0, 12)).toBeLessThan(3000);
    }
  });
});

describe("check digits", () => {
  it("Luhn and mod 97", () => {
    expect(["4111111111111111", "5500005555555559", "378282246310005"].map(passesLuhn)).toEqual([true, true, true]);
    expect(["4111111111111112", "4929123456789012", "12a4"].map(passesLuhn)).toEqual([false, false, false]);
    expect(["DE89370400440532013000", "GB82WEST12345698765432", "FR1420041010050500013M02606"].map(passesIbanCheck)).toEqual([true, true, true]);
    expect(["DE89370400440532013001", "de89370400440532013000"].map(passesIbanCheck)).toEqual([false, false]);
  });
});

describe("replacement texts in content streams", () => {
  const drop = (t: string) => t.includes("SECRET");
  it("empties the ActualText, Alt and E strings that hold a match, however they are written", () => {
    const utf16 = `<FEFF${Buffer.from("SECRET", "utf16le").swap16().toString("hex")}>`;
    const stream = [
      "/Span<</ActualText(The SECRET)>>BDC (x) Tj EMC",
      `/Span << /Alt ${utf16} >> BDC EMC`,
      "/Span <</E (S\\105CRET \\(nested (brackets)\\))>> BDC EMC",
      "/Span <</ActualText (harmless)>> BDC EMC",
      "(/ActualText (SECRET) inside a shown string) Tj % /Alt (SECRET) in a comment",
      "BI /W 2 /H 1 /BPC 8 /CS /G ID \x00/Alt (SECRET)EIx EI Q",
    ].join("\n");
    const { text, emptied } = emptyReplacementTexts(stream, drop);
    expect(emptied).toBe(3);
    expect(text.split("\n")).toEqual([
      "/Span<</ActualText()>>BDC (x) Tj EMC",
      "/Span << /Alt () >> BDC EMC",
      "/Span <</E ()>> BDC EMC",
      "/Span <</ActualText (harmless)>> BDC EMC",
      "(/ActualText (SECRET) inside a shown string) Tj % /Alt (SECRET) in a comment",
      "BI /W 2 /H 1 /BPC 8 /CS /G ID \x00/Alt (SECRET)EIx EI Q",
    ]);
  });

  it("reads a long stream in one pass", () => {
    const stream = "/Span <</ActualText (a)>> BDC (((((( EMC ".repeat(20_000);
    const started = performance.now();
    emptyReplacementTexts(stream, drop);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
