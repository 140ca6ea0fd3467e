import { describe, expect, it } from "vitest";
import { pageNumberOptions } from "../catalog/options/page-numbers.js";
import { ocrOptions } from "../catalog/options/ocr.js";
import { redactOptions } from "../catalog/options/redact.js";
import { protectOptions, unlockOptions } from "../catalog/options/security.js";
import { splitOptions } from "../catalog/options/pages.js";
import { watermarkOptions } from "../catalog/options/watermark.js";
import { decodeOptions } from "../pdf-ops/options.js";
// The server reads its errors in English through its catalogue; the sentences below are that English.
import "../server/i18n/i18n.js";

const fields = (entries: Record<string, string | string[]>) =>
  new Map(Object.entries(entries).map(([k, v]) => [k, Array.isArray(v) ? v : [v]]));

describe("multipart fields to options", () => {
  it("applies the spec's defaults", () => {
    expect(decodeOptions(pageNumberOptions, fields({}))).toEqual({
      startNumber: 1,
      position: "bottom-center",
      format: "{n}",
      fontSize: 12,
      fontColor: "#000000",
      margin: 36,
      pageRange: "",
      excludePages: "",
      prefix: "",
      suffix: "",
      skipFirstPage: false,
    });
  });

  it("reads numbers, booleans and JSON from text, and keeps text that looks like numbers as text", () => {
    const options = decodeOptions(
      protectOptions,
      fields({
        userPassword: "123456",
        encryptionLevel: "128",
        permissions: '{"printing":false}',
        advancedOptions: '{"pdfVersion":"2.0","expirationDays":30}',
      }),
    );
    expect(options.userPassword).toBe("123456");
    expect(options.encryptionLevel).toBe(128);
    expect(options.permissions).toMatchObject({ printing: false, annotating: true, documentAssembly: false });
    expect(options.advancedOptions).toMatchObject({ pdfVersion: "2.0", expirationDays: 30, encryptMetadata: true });
  });

  it("treats an empty field as absent where that is allowed", () => {
    expect(decodeOptions(splitOptions, fields({ pagesPerFile: "" })).pagesPerFile).toBe(1);
  });

  it("keeps a cleared text field blank, so that required text is asked for rather than defaulted", () => {
    expect(() => decodeOptions(watermarkOptions, fields({ watermarkText: "  " }))).toThrow("Please enter the watermark text.");
    expect(decodeOptions(watermarkOptions, fields({ watermarkText: "DRAFT", opacity: "" }))).toMatchObject({ watermarkText: "DRAFT", opacity: 30 });
  });

  it("gathers name[0], name[1], ... into a list", () => {
    const options = decodeOptions(ocrOptions, fields({ "multipleLanguages[1]": "fra", "multipleLanguages[0]": "deu" }));
    expect(options.multipleLanguages).toEqual(["deu", "fra"]);
  });

  it("gathers a list field sent several times, or once with one element, and reads a JSON list as the list", () => {
    expect(decodeOptions(redactOptions, fields({ terms: ["Smith", "[0-9]+"] })).terms).toEqual(["Smith", "[0-9]+"]);
    expect(decodeOptions(redactOptions, fields({ terms: "[0-9]" })).terms).toEqual(["[0-9]"]);
    // A JSON list of texts is the list; one that is not a list of texts is a term as typed (a pattern such as [1]).
    expect(decodeOptions(redactOptions, fields({ terms: '["a b", "c"]' })).terms).toEqual(["a b", "c"]);
    expect(decodeOptions(redactOptions, fields({ terms: "[1]" })).terms).toEqual(["[1]"]);
    expect(decodeOptions(redactOptions, fields({ presets: ["email", "card"] })).presets).toEqual(["email", "card"]);
    expect(decodeOptions(redactOptions, fields({ presets: "iban" })).presets).toEqual(["iban"]);
    expect(decodeOptions(redactOptions, fields({ terms: "", presets: "email" })).terms).toEqual([]);
    // A list of objects keeps its JSON reading, so that a mistake inside it is named.
    expect(() => decodeOptions(redactOptions, fields({ areas: '[{"page":0,"x":0,"y":0,"width":5,"height":5}]' }))).toThrow('"areas.0.page" must be at least 1.');
    expect(() => decodeOptions(redactOptions, fields({ areas: "[{]" }))).toThrow('"areas" must be an array.');
    expect(decodeOptions(ocrOptions, fields({ multipleLanguages: "deu" })).multipleLanguages).toEqual(["deu"]);
  });

  it("answers with the spec's sentence or one naming the field", () => {
    expect(() => decodeOptions(protectOptions, fields({ userPassword: "   " }))).toThrow("Please enter a password to protect your PDF.");
    expect(() => decodeOptions(unlockOptions, fields({}))).toThrow("Please enter the password to unlock your PDF.");
    expect(() => decodeOptions(pageNumberOptions, fields({ fontSize: "big" }))).toThrow('"fontSize" must be a number.');
    expect(() => decodeOptions(pageNumberOptions, fields({ fontSize: "12.5" }))).toThrow('"fontSize" must be a whole number.');
    expect(() => decodeOptions(protectOptions, fields({ userPassword: "x", encryptionLevel: "64" }))).toThrow(
      '"encryptionLevel" must be one of: 128, 256.',
    );
    expect(() => decodeOptions(protectOptions, fields({ userPassword: "x", advancedOptions: '{"expirationDays":9999}' }))).toThrow(
      '"advancedOptions.expirationDays" must be at most 3650.',
    );
  });
});
