import { describe, expect, it } from "vitest";
import { findTool } from "../../../catalog/index.js";
import { decodeOptions } from "../../../pdf-ops/options.js";
import { deleteSelection } from "../routes/tool/settings/delete-selection.js";
import { initialOrder, movePage, rotatePage, togglePage } from "../routes/tool/settings/organize-state.js";
import { optionDefaults } from "./option-schema.js";
import { buildToolForm, encodeFields } from "./tool-form.js";

/** The fields a tool page sends for these settings (its defaults, changed by `patch`). */
function fieldsFor(toolId: string, patch: Record<string, unknown> = {}) {
  const tool = findTool(toolId)!;
  const values = { ...optionDefaults(tool.options), ...patch };
  return { tool, values, fields: Object.fromEntries(encodeFields(values)) };
}

/** What the server reads from those fields, with its own decoder: the mapping must survive the trip. */
function serverReads(toolId: string, fields: Record<string, string>) {
  return decodeOptions(findTool(toolId)!.options, new Map(Object.entries(fields).map(([k, v]) => [k, [v]])));
}

describe("settings to form data", () => {
  it("merge-pdf sends only the files, each as `files`", () => {
    const form = buildToolForm([new File(["a"], "a.pdf"), new File(["b"], "b.pdf")], fieldsFor("merge-pdf").values);
    expect([...form.keys()]).toEqual(["files", "files"]);
    expect((form.getAll("files") as File[]).map((f) => f.name)).toEqual(["a.pdf", "b.pdf"]);
  });

  it("add-watermark: watermarkText and opacity, defaults CONFIDENTIAL and 30", () => {
    const { fields } = fieldsFor("add-watermark");
    expect(fields).toMatchObject({ watermarkText: "CONFIDENTIAL", opacity: "30" });
    expect(serverReads("add-watermark", fieldsFor("add-watermark", { opacity: 55, watermarkText: "DRAFT" }).fields)).toMatchObject({
      watermarkText: "DRAFT",
      opacity: 55,
    });
  });

  for (const id of ["protect-pdf", "encrypt-pdf"]) {
    it(`${id}: passwords, level, algorithm, permissions and advanced options as JSON; a blank owner password is not sent`, () => {
      const { fields } = fieldsFor(id, { userPassword: "s3cret!", ownerPassword: "  " });
      expect(fields).toEqual({
        userPassword: "s3cret!",
        encryptionLevel: "256",
        encryptionAlgorithm: "aes",
        permissions: JSON.stringify({
          printing: true,
          modifying: false,
          copying: false,
          annotating: true,
          fillingForms: true,
          contentAccessibility: true,
          documentAssembly: false,
        }),
        advancedOptions: JSON.stringify({
          encryptMetadata: true,
          encryptAttachments: true,
          requireCertificate: false,
          pdfVersion: "1.7",
          digitalSignature: false,
          expirationDays: 0,
        }),
      });
      const withOwner = fieldsFor(id, { userPassword: "u", ownerPassword: "o", encryptionLevel: 128, encryptionAlgorithm: "rc4" }).fields;
      expect(serverReads(id, withOwner)).toMatchObject({ userPassword: "u", ownerPassword: "o", encryptionLevel: 128, encryptionAlgorithm: "rc4" });
    });
  }

  for (const id of ["unlock-pdf", "decrypt-pdf"]) {
    it(`${id}: userPassword and unlockOptions as JSON`, () => {
      const { fields } = fieldsFor(id, { userPassword: "openpassword" });
      expect(fields).toEqual({
        userPassword: "openpassword",
        unlockOptions: JSON.stringify({ removeRestrictions: true, preserveMetadata: true, attemptRecovery: false, forceDecode: false }),
      });
      expect(serverReads(id, fields)).toMatchObject({ userPassword: "openpassword", unlockOptions: { removeRestrictions: true } });
    });
  }

  it("sign-pdf: a cleared label or reason is sent blank and read as blank, not as the default", () => {
    const tool = findTool("sign-pdf")!;
    const values = { ...optionDefaults(tool.options), signatureType: "type", typedName: "Ada", signatureLabel: "", signatureReason: " " };
    const fields = Object.fromEntries(encodeFields(values, optionDefaults(tool.options)));
    expect(fields).toMatchObject({ signatureLabel: "", signatureReason: " " });
    // Text whose default is blank is still left out when blank.
    expect(fields).not.toHaveProperty("certificatePassword");
    expect(serverReads("sign-pdf", fields)).toMatchObject({ signatureLabel: "", signatureReason: " " });
    // Without the defaults (as before), the server would have put its own label back.
    expect(serverReads("sign-pdf", Object.fromEntries(encodeFields(values)))).toMatchObject({ signatureLabel: "Signed by" });
  });

  it("delete-pages: pages as one-based numbers by mode, and the four switches as 'true'/'false'", () => {
    expect(deleteSelection("individual", [4, 0, 2], "", 6)).toBe("1,3,5");
    expect(deleteSelection("range", [], " 1,3,5-7 ", 9)).toBe("1,3,5-7");
    expect(deleteSelection("all", [], "", 5)).toBe("2-5");
    expect(deleteSelection("all", [], "", 1)).toBe("");
    const { fields } = fieldsFor("delete-pages", { pages: "1,3" });
    expect(fields).toEqual({ pages: "1,3", keepBookmarks: "true", optimizePdf: "false", preserveMetadata: "true", createBackup: "false" });
    expect(serverReads("delete-pages", fields)).toMatchObject({ pages: "1,3", keepBookmarks: true, optimizePdf: false });
  });

  it("add-page-numbers: every field with the spec's defaults; blank ranges, prefix and suffix left to the server's default", () => {
    const { fields } = fieldsFor("add-page-numbers");
    expect(fields).toEqual({
      startNumber: "1",
      position: "bottom-center",
      format: "{n}",
      fontSize: "12",
      fontColor: "#000000",
      margin: "36",
      skipFirstPage: "false",
    });
    const changed = fieldsFor("add-page-numbers", { format: "Page {n} of {total}", prefix: "p. ", pageRange: "2-z", skipFirstPage: true }).fields;
    expect(serverReads("add-page-numbers", changed)).toMatchObject({ format: "Page {n} of {total}", prefix: "p. ", pageRange: "2-z", skipFirstPage: true });
  });

  it("organize-pdf: order, deletions, rotations and extractions, each only when not empty", () => {
    let order = initialOrder(4);
    order = movePage(order, 3, 0);
    const rotations = rotatePage(rotatePage({}, 1, 90), 2, -90);
    const { fields } = fieldsFor("organize-pdf", { pageOrder: order, pagesToDelete: togglePage([], 2), pageRotations: rotations, pagesToExtract: [] });
    expect(fields).toEqual({ pageOrder: "[3,0,1,2]", pagesToDelete: "[2]", pageRotations: '{"1":90,"2":-90}' });
    expect(serverReads("organize-pdf", fields)).toEqual({ pageOrder: [3, 0, 1, 2], pagesToDelete: [2], pageRotations: { 1: 90, 2: -90 }, pagesToExtract: [] });
  });

  it("organize state: toggles, quarter turns back to none, moves within bounds", () => {
    expect(togglePage(togglePage([], 3), 3)).toEqual([]);
    expect(rotatePage(rotatePage({}, 0, 90), 0, -90)).toEqual({});
    expect(movePage([0, 1, 2], 0, -1)).toEqual([0, 1, 2]);
    expect(movePage([0, 1, 2], 0, 2)).toEqual([1, 2, 0]);
  });

  it("split, rotate and compress send the settings the server offers", () => {
    expect(fieldsFor("split-pdf", { splitMode: "ranges", ranges: "1-2,3-z" }).fields).toEqual({ splitMode: "ranges", ranges: "1-2,3-z", pagesPerFile: "1" });
    expect(fieldsFor("rotate-pdf", { angle: 180 }).fields).toEqual({ angle: "180" });
    expect(serverReads("rotate-pdf", fieldsFor("rotate-pdf", { angle: 270, pages: "1" }).fields)).toEqual({ angle: 270, pages: "1" });
    expect(fieldsFor("compress-pdf").fields).toEqual({ compressionLevel: "recommended" });
  });
});
