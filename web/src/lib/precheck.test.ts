import { describe, expect, it } from "vitest";
import { findTool } from "../../../catalog/index.js";
import { optionDefaults } from "./option-schema.js";
import { problemBeforeProcessing } from "./precheck.js";

const pdf = (name = "a.pdf") => new File(["%PDF"], name, { type: "application/pdf" });

async function check(toolId: string, files: File[], patch: Record<string, unknown> = {}) {
  const tool = findTool(toolId)!;
  return problemBeforeProcessing(tool, files, { ...optionDefaults(tool.options), ...patch });
}

describe("what blocks processing, with the spec's toasts", () => {
  it("no files", async () => {
    expect(await check("split-pdf", [])).toEqual({ title: "No files selected", description: "Please upload at least one file to process." });
  });

  it("merge with one file", async () => {
    expect(await check("merge-pdf", [pdf()])).toEqual({ title: "Not enough files", description: "Please upload at least two files to merge." });
    expect(await check("merge-pdf", [pdf(), pdf("b.pdf")])).toBeNull();
  });

  it("protect and encrypt with a blank password", async () => {
    for (const id of ["protect-pdf", "encrypt-pdf"]) {
      expect(await check(id, [pdf()], { userPassword: "  " })).toEqual({ title: "Password required", description: "Please enter a password to protect your PDF." });
      expect(await check(id, [pdf()], { userPassword: "x" })).toBeNull();
    }
  });

  it("unlock and decrypt with a blank password", async () => {
    expect(await check("unlock-pdf", [pdf()])).toEqual({ title: "Password required", description: "Please enter the password to unlock your PDF." });
    expect(await check("decrypt-pdf", [pdf()])).toEqual({ title: "Password required", description: "Please enter the password to decrypt your PDF." });
  });

  it("delete pages with nothing selected", async () => {
    expect(await check("delete-pages", [pdf()], { pages: "" })).toEqual({
      title: "No pages selected for deletion",
      description: "Please select at least one page to delete.",
    });
    expect(await check("delete-pages", [pdf()], { pages: "2" })).toBeNull();
  });
});
