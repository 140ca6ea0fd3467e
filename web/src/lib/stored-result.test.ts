import { describe, expect, it } from "vitest";
import { StoredResult, storedResultOf } from "./stored-result.js";
import { buildToolForm } from "./tool-form.js";

const ID = "AbCdEfGhIjKlMnOpQrStUvWx";

describe("results kept on the server as selected files", () => {
  it("show the stored name and size, and go as fileIds instead of bytes", () => {
    const result = storedResultOf({ success: true, fileId: ID, filename: "report-compressed.pdf", size: 24_000 })!;
    expect([result.name, result.size]).toEqual(["report-compressed.pdf", 24_000]);
    const form = buildToolForm([new File(["%PDF"], "a.pdf"), result], {});
    expect(form.getAll("fileIds")).toEqual([ID]);
    expect((form.getAll("files") as File[]).map((f) => f.name)).toEqual(["a.pdf"]);
  });

  it("is absent for a reply without a single id (a ZIP of several outputs)", () => {
    expect(storedResultOf({ success: true, filename: "parts.zip", size: 10 })).toBeUndefined();
  });

  it("go in their place among the uploads, without being downloaded", () => {
    const form = buildToolForm([new StoredResult(ID, "b.pdf", 10), new File(["%PDF"], "a.pdf"), new StoredResult("XbCdEfGhIjKlMnOpQrStUvWx", "c.pdf", 10)], {});
    expect([...form.entries()].map(([name, value]) => `${name}:${value instanceof File ? value.name : value}`)).toEqual([
      `fileIds:${ID}`,
      "files:a.pdf",
      "fileIds:XbCdEfGhIjKlMnOpQrStUvWx",
    ]);
  });
});
