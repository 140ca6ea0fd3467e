import { describe, expect, it } from "vitest";
import { findTool } from "../../../catalog/index.js";
import { formatBytes } from "./format-bytes.js";
import { HOME_RULES, addedMessage, checkDrop, rejectionMessage, rulesForTool } from "./upload-rules.js";

function file(name: string, size = 1000, type = ""): File {
  const f = new File(["x"], name, { type });
  Object.defineProperty(f, "size", { value: size });
  return f;
}

const merge = rulesForTool(findTool("merge-pdf")!);
const split = rulesForTool(findTool("split-pdf")!);

describe("upload validation", () => {
  it("accepts the spec's home types and refuses others with the spec's sentence", () => {
    const names = ["a.pdf", "b.doc", "c.docx", "d.xls", "e.xlsx", "f.ppt", "g.pptx", "h.jpg", "i.jpeg", "j.png"];
    const { accepted, rejected } = checkDrop([...names.map((n) => file(n)), file("notes.txt")], 0, HOME_RULES);
    expect(accepted.map((f) => f.name)).toEqual(names);
    expect(rejectionMessage(rejected, HOME_RULES.maxBytes)).toBe("File notes.txt has an invalid file type.");
  });

  it("takes the kind from the MIME type when the name has no extension", () => {
    expect(checkDrop([file("scan", 10, "application/pdf")], 0, split).accepted).toHaveLength(1);
  });

  it("refuses files over 100 MB, naming the limit as 100 MB", () => {
    const { accepted, rejected } = checkDrop([file("big.pdf", 100 * 1024 * 1024 + 1), file("ok.pdf", 100 * 1024 * 1024)], 0, merge);
    expect(accepted.map((f) => f.name)).toEqual(["ok.pdf"]);
    expect(rejectionMessage(rejected, merge.maxBytes)).toBe("File big.pdf is too large. Max size is 100 MB.");
  });

  it("ignores .DS_Store and Thumbs.db without a message", () => {
    const { accepted, rejected } = checkDrop([file(".DS_Store"), file("Thumbs.db"), file("a.pdf")], 0, merge);
    expect(accepted.map((f) => f.name)).toEqual(["a.pdf"]);
    expect(rejected).toEqual([]);
  });

  it("refuses a drop of more than 20 files whole, saying 'Too many files' once", () => {
    const drop = Array.from({ length: 21 }, (_, i) => file(`${i}.pdf`));
    const { accepted, rejected } = checkDrop(drop, 0, merge);
    expect(accepted).toEqual([]);
    expect(rejectionMessage(rejected, merge.maxBytes)).toBe("Too many files");
  });

  it("keeps a one-file tool at one file, counting what is already selected", () => {
    expect(checkDrop([file("a.pdf"), file("b.pdf")], 0, split).accepted.map((f) => f.name)).toEqual(["a.pdf"]);
    expect(checkDrop([file("c.pdf")], 1, split).rejected.map((r) => r.reason)).toEqual(["too-many"]);
    expect(checkDrop([file("c.pdf")], 19, merge).accepted).toHaveLength(1);
    expect(checkDrop([file("c.pdf")], 20, merge).accepted).toHaveLength(0);
  });

  it("takes only what each tool accepts", () => {
    const wordToPdf = rulesForTool(findTool("word-to-pdf")!);
    const jpgToPdf = rulesForTool(findTool("jpg-to-pdf")!);
    expect(checkDrop([file("a.docx"), file("b.pdf")], 0, wordToPdf).accepted.map((f) => f.name)).toEqual(["a.docx"]);
    expect(checkDrop([file("a.png"), file("b.jpeg"), file("c.gif")], 0, jpgToPdf).accepted.map((f) => f.name)).toEqual(["a.png", "b.jpeg"]);
  });

  it("says what was added, with the total size", () => {
    expect(addedMessage([file("a.pdf", 1024), file("b.pdf", 2048)])).toBe("Added 2 file(s) (3 KB)");
  });
});

describe("formatBytes", () => {
  it("reads as the spec's helper", () => {
    expect(formatBytes(0)).toBe("0 Byte");
    expect(formatBytes(500)).toBe("500 Bytes");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(1536, 0)).toBe("2 KB");
    expect(formatBytes(100 * 1024 * 1024)).toBe("100 MB");
  });
});
