import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpusPdfs, ENCRYPTED_PDF } from "./helpers/corpus.js";
import { postTool, startServer, type TestServer } from "./helpers/server.js";
import { inTurn } from "./helpers/sweep-turn.js";

/**
 * Every real-world corpus PDF through the formats built from structured text and page rendering: each converts,
 * repaired if need be; the file that needs a password and the one whose page tree is lost (see
 * corpus-all-tools.test.ts) are refused with their sentences, as are scans where OCR is turned off. Never a server
 * error. In the test run each format meets a third of the corpus, in turn (which third changes from day to day:
 * helpers/sweep-turn.ts), and every file that must be refused; CORPUS_SWEEP=full (`npm run bench corpus-sweep`) sends every file through every format.
 */

const FULL = process.env.CORPUS_SWEEP === "full";
const REFUSED = [ENCRYPTED_PDF, "unreadablemetadata.pdf"];

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server.close());

const FORMATS: Array<[string, Record<string, string>]> = [
  ["pdf-to-word", { embedFonts: "false", pageRange: "1-3" }],
  ["pdf-to-ppt", { pageRange: "1-2" }],
  // Word reads the scanned corpus files with OCR (the default); Excel and Markdown are asked not to, which keeps the
  // sweep short and sends the scans down the refusal path instead.
  ["pdf-to-excel", { ocrEnabled: "false" }],
  ["pdf-to-markdown", { ocrEnabled: "false" }],
  ["pdf-to-svg", { pageRange: "1" }],
];

function filesFor(format: number): string[] {
  return corpusPdfs().filter((f, index) => FULL || REFUSED.includes(path.basename(f)) || inTurn(index, format, 3));
}

describe.each(FORMATS.map(([tool, fields], format) => [tool, fields, format] as const))("%s on the corpus", (tool, fields, format) => {
  it.each(filesFor(format).map((f) => [path.basename(f), f]))("%s", async (_name, file) => {
    // Page ranges beyond a short file's end are a 400 of their own; ask for what exists.
    let reply = await postTool(server, tool, [file], fields);
    if (reply.status === 400 && fields.pageRange) reply = await postTool(server, tool, [file], { ...fields, pageRange: "1" });
    const name = path.basename(file);
    if (REFUSED.includes(name)) {
      expect(reply.status).toBe(422);
      expect(reply.body.error).toContain(name === ENCRYPTED_PDF ? "password-protected" : "could not be read");
    } else if (fields.ocrEnabled === "false" && reply.status === 422) {
      expect(reply.body.error).toContain("This PDF has no text layer (it may be a scan)");
    } else expect(reply.status, `${tool} ${name}: ${reply.body.error}`).toBe(200);
  });
});
