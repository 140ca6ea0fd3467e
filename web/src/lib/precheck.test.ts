import { describe, expect, it } from "vitest";
import { findTool } from "../../../catalog/index.js";
import { optionDefaults } from "./option-schema.js";
import { problemBeforeProcessing } from "./precheck.js";

const pdf = (name = "a.pdf") => new File(["%PDF"], name, { type: "application/pdf" });

function check(toolId: string, files: File[], patch: Record<string, unknown> = {}) {
  const tool = findTool(toolId)!;
  return problemBeforeProcessing(tool, files, { ...optionDefaults(tool.options), ...patch });
}

describe("what blocks processing, with the spec's toasts", () => {
  it("no files", () => {
    expect(check("split-pdf", [])).toEqual({ title: "No files selected", description: "Please upload at least one file to process." });
  });

  it("merge with one file", () => {
    expect(check("merge-pdf", [pdf()])).toEqual({ title: "Not enough files", description: "Please upload at least two files to merge." });
    expect(check("merge-pdf", [pdf(), pdf("b.pdf")])).toBeNull();
  });

  it("protect and encrypt with a blank password", () => {
    for (const id of ["protect-pdf", "encrypt-pdf"]) {
      expect(check(id, [pdf()], { userPassword: "  " })).toEqual({ title: "Password required", description: "Please enter a password to protect your PDF." });
      expect(check(id, [pdf()], { userPassword: "x" })).toBeNull();
    }
  });

  it("unlock and decrypt with a blank password", () => {
    expect(check("unlock-pdf", [pdf()])).toEqual({ title: "Password required", description: "Please enter the password to unlock your PDF." });
    expect(check("decrypt-pdf", [pdf()])).toEqual({ title: "Password required", description: "Please enter the password to decrypt your PDF." });
  });

  it("delete pages with nothing selected", () => {
    expect(check("delete-pages", [pdf()], { pages: "" })).toEqual({
      title: "No pages selected for deletion",
      description: "Please select at least one page to delete.",
    });
    expect(check("delete-pages", [pdf()], { pages: "2" })).toBeNull();
  });
});
