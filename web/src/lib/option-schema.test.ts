// @vitest-environment node
import { describe, expect, it } from "vitest";
import { findTool } from "../../../catalog/index.js";
import { choicesOf, fieldOf, numberBounds, optionDefaults, unwrap } from "./option-schema.js";

const options = (id: string) => findTool(id)!.options;

describe("reading the catalogue's schemas for the settings panels", () => {
  it("gives the spec's defaults, with required text blank", () => {
    expect(optionDefaults(options("add-watermark"))).toMatchObject({ watermarkText: "CONFIDENTIAL", opacity: 30 });
    expect(optionDefaults(options("protect-pdf"))).toMatchObject({ userPassword: "", ownerPassword: undefined, encryptionLevel: 256, encryptionAlgorithm: "aes" });
    expect(optionDefaults(options("split-pdf"))).toMatchObject({ splitMode: "every-page" });
  });

  it("gives the spec's bounds", () => {
    expect(numberBounds(options("add-watermark"), "opacity")).toMatchObject({ min: 10, max: 100 });
    expect(numberBounds(options("add-page-numbers"), "fontSize")).toMatchObject({ min: 8, max: 24 });
    expect(numberBounds(options("add-page-numbers"), "margin")).toMatchObject({ min: 10, max: 72 });
    expect(numberBounds(unwrap(fieldOf(options("protect-pdf"), "advancedOptions")), "expirationDays")).toEqual({ min: 0, max: 3650, integer: true });
    expect(numberBounds(options("html-to-pdf"), "scale")).toEqual({ min: 0.1, max: 2, integer: false });
  });

  it("gives the choices of enums and literal unions", () => {
    expect(choicesOf(options("protect-pdf"), "encryptionLevel")).toEqual([128, 256]);
    expect(choicesOf(options("add-page-numbers"), "format")).toEqual(["{n}", "Page {n}", "{n}/{total}", "Page {n} of {total}", "-{n}-"]);
    expect(choicesOf(unwrap(fieldOf(options("protect-pdf"), "advancedOptions")), "pdfVersion")).toEqual(["1.5", "1.6", "1.7", "2.0"]);
  });
});
