import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpus, ENCRYPTED_PDF } from "./helpers/corpus.js";
import { makeNumberedPdf, pdfinfo, qpdfCheck, writeTemp } from "./helpers/pdf-tools.js";
import { postTool, runTool, startServer, type TestServer } from "./helpers/server.js";

const exec = promisify(execFile);
let server: TestServer;
let two: string;
beforeAll(async () => {
  server = await startServer();
  two = await writeTemp("two.pdf", await makeNumberedPdf(2));
});
afterAll(async () => server.close());

/** pdfinfo's fields, custom entries included, dates in ISO 8601. */
const info = (file: string) => pdfinfo(file, ["-custom", "-isodates"]);

async function xmp(file: string): Promise<string> {
  return (await exec("pdfinfo", ["-meta", file])).stdout;
}

describe("edit-metadata", () => {
  it("writes every standard entry, dates and custom entries into Info and XMP alike", async () => {
    const { path, reply } = await runTool(server, "edit-metadata", [two], {
      title: "Rapport annuel – été <2024>",
      author: "Ann Example",
      subject: "Yearly figures",
      keywords: "report, figures",
      creator: "Spreadsheet 9",
      producer: "Toolbox test",
      creationDate: "2024-05-01T10:20:30+02:00",
      modificationDate: "2024-06-02",
      custom: { Project: "Apollo & co", Reviewed: "yes" },
    });
    await qpdfCheck(path);
    const got = await info(path);
    expect(got).toMatchObject({
      Title: "Rapport annuel – été <2024>",
      Author: "Ann Example",
      Subject: "Yearly figures",
      Keywords: "report, figures",
      Creator: "Spreadsheet 9",
      Producer: "Toolbox test",
      CreationDate: "2024-05-01T10:20:30+02",
      ModDate: "2024-06-02T00:00:00Z",
      Project: "Apollo & co",
      Reviewed: "yes",
    });
    const meta = await xmp(path);
    expect(meta).toContain('<rdf:li xml:lang="x-default">Rapport annuel – été &lt;2024&gt;</rdf:li>');
    expect(meta).toContain("<rdf:li>Ann Example</rdf:li>");
    expect(meta).toContain("<pdf:Keywords>report, figures</pdf:Keywords>");
    expect(meta).toContain("<pdf:Producer>Toolbox test</pdf:Producer>");
    expect(meta).toContain("<xmp:CreatorTool>Spreadsheet 9</xmp:CreatorTool>");
    expect(meta).toContain("<xmp:CreateDate>2024-05-01T10:20:30+02:00</xmp:CreateDate>");
    expect(meta).toContain("<xmp:ModifyDate>2024-06-02T00:00:00Z</xmp:ModifyDate>");
    expect(meta).toContain("<pdfx:Project>Apollo &amp; co</pdfx:Project>");
    expect(reply.message).toContain("Changed 10 entries.");
    expect(reply.message).toContain("Title: Rapport annuel – été <2024>; Author: Ann Example");
  });

  it("leaves empty fields as they are, removes a custom entry given empty, and shows what is there", async () => {
    const first = await runTool(server, "edit-metadata", [two], { title: "First", custom: { Project: "X" } });
    const second = await runTool(server, "edit-metadata", [first.path], { author: "Bo", custom: { Project: "" } });
    const got = await info(second.path);
    expect(got).toMatchObject({ Title: "First", Author: "Bo" });
    expect(got.Project).toBeUndefined();
    expect(await xmp(second.path)).not.toContain("pdfx:Project");
    const shown = await runTool(server, "edit-metadata", [second.path]);
    expect(shown.reply.message).toMatch(/^Nothing was changed\. The document information is now: Title: First; Author: Bo;/);
  });

  it("removes all metadata, Info and XMP, and can set fresh values after", async () => {
    const before = await info(two);
    expect(before.Producer).toBeTruthy();
    const { path, reply } = await runTool(server, "edit-metadata", [two], { removeAll: true });
    await qpdfCheck(path);
    const got = await info(path);
    for (const key of ["Title", "Author", "Creator", "Producer", "CreationDate", "ModDate"]) expect(got[key], key).toBeUndefined();
    expect(await xmp(path)).toBe("");
    expect(reply.message).toBe("Removed all metadata first. The document has no metadata left.");
    const fresh = await runTool(server, "edit-metadata", [two], { removeAll: true, title: "Only this" });
    const only = await info(fresh.path);
    expect(only.Title).toBe("Only this");
    expect(only.Producer).toBeUndefined();
    expect(await xmp(fresh.path)).toContain("Only this");
  });

  it("refuses bad dates, reserved or odd custom names, and password-protected files, with sentences", async () => {
    const date = await postTool(server, "edit-metadata", [two], { creationDate: "yesterday" });
    expect(date.status).toBe(400);
    expect(date.body.error).toContain('must be a date such as "2024-05-01"');
    const reserved = await postTool(server, "edit-metadata", [two], { custom: { Title: "x" } });
    expect(reserved.status).toBe(400);
    expect(reserved.body.error).toContain("use their own fields");
    const odd = await postTool(server, "edit-metadata", [two], { custom: { "a b": "x" } });
    expect(odd.status).toBe(400);
    const long = await postTool(server, "edit-metadata", [two], { title: "x".repeat(2001) });
    expect(long.status).toBe(400);
    const locked = await postTool(server, "edit-metadata", [corpus(ENCRYPTED_PDF)], { title: "x" });
    expect(locked.status).toBe(422);
    expect(locked.body.error).toContain("password-protected");
  });
});
