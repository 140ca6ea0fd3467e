import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpus, ENCRYPTED_PDF } from "./helpers/corpus.js";
import { makeNumberedPdf, pageCountOf, pdftotext, qpdfCheck, renderGray, writeTemp } from "./helpers/pdf-tools.js";
import { postTool, runTool, startServer, type TestServer } from "./helpers/server.js";

/** PDF/A is read back with poppler (pdffonts, pdfinfo -meta for the XMP) and qpdf (the output intent). */

const exec = promisify(execFile);
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server.close());

/** pdffonts rows as [name, embedded]. */
async function fonts(file: string): Promise<Array<[string, boolean]>> {
  const { stdout } = await exec("pdffonts", [file]);
  return stdout
    .split("\n")
    .slice(2)
    .filter((l) => l.trim())
    .map((l) => {
      const cols = l.trim().split(/\s+/);
      // The columns after the name: type (one or two words), encoding, emb, sub, uni, object ID.
      return [cols[0]!, cols[cols.length - 5] === "yes"];
    });
}

async function xmp(file: string): Promise<string> {
  return (await exec("pdfinfo", ["-meta", file])).stdout;
}

async function outputIntent(file: string): Promise<{ subtype: string; profileComponents: number }> {
  const { stdout } = await exec("qpdf", ["--json", "--json-key=qpdf", file], { maxBuffer: 64 * 1024 * 1024 });
  const objects = (JSON.parse(stdout) as { qpdf: [unknown, Record<string, { value?: Record<string, unknown>; stream?: { dict: Record<string, unknown> } }>] }).qpdf[1];
  const root = Object.values(objects).find((o) => o.value?.["/Type"] === "/Catalog")!.value!;
  const intents = root["/OutputIntents"] as string[];
  const ref = (r: string) => objects[`obj:${r}`]!;
  const intent = ref(intents[0]!).value!;
  const profile = ref(intent["/DestOutputProfile"] as string).stream!.dict;
  return { subtype: intent["/S"] as string, profileComponents: profile["/N"] as number };
}

describe("pdf-to-pdf-a", () => {
  const source = corpus("pdflatex-outline.pdf");

  it("writes PDF/A-2b by default: XMP identification, every font embedded, an sRGB output intent, same text", async () => {
    const { path, reply } = await runTool(server, "pdf-to-pdf-a", [source]);
    expect(reply.filename).toBe("pdflatex-outline-pdfa.pdf");
    await qpdfCheck(path);
    const meta = await xmp(path);
    expect(meta).toMatch(/pdfaid:part(>|=["'])2/);
    expect(meta).toMatch(/pdfaid:conformance(>|=["'])B/);
    const list = await fonts(path);
    expect(list.length).toBeGreaterThan(0);
    expect(list.filter(([, embedded]) => !embedded)).toEqual([]);
    expect(await outputIntent(path)).toEqual({ subtype: "/GTS_PDFA1", profileComponents: 3 });
    const before = (await pdftotext(source)).replace(/\s+/g, " ").trim();
    const after = (await pdftotext(path)).replace(/\s+/g, " ").trim();
    expect(after).toBe(before);
  });

  it.each([
    ["1b", "1"],
    ["3b", "3"],
  ])("writes PDF/A-%s on request", async (conformance, part) => {
    const { path } = await runTool(server, "pdf-to-pdf-a", [corpus("minimal-document.pdf")], { conformance });
    expect(await xmp(path)).toMatch(new RegExp(`pdfaid:part(>|=["'])${part}`));
    expect((await fonts(path)).every(([, embedded]) => embedded)).toBe(true);
  });

  it("converts a file whose trailer Info is its page tree, keeping the page's picture", async () => {
    // cmyk-image.pdf points /Info at the page tree: Ghostscript finds a circular reference and writes no pages.
    const source = corpus("cmyk-image.pdf");
    const { path } = await runTool(server, "pdf-to-pdf-a", [source]);
    await qpdfCheck(path);
    expect(await pageCountOf(path)).toBe(1);
    expect(await xmp(path)).toMatch(/pdfaid:part(>|=["'])2/);
    const images = (await exec("pdfimages", ["-list", path])).stdout.split("\n").filter((l) => /^\s+1\s+\d+\s+image/.test(l));
    expect(images).toHaveLength(1);
    const { pixels } = await renderGray(path, 1, 30);
    expect(pixels.filter((p) => p < 200).length).toBeGreaterThan(pixels.length / 4);
  });

  it("embeds fonts the source left out, keeping only the pages asked for", async () => {
    // Helvetica, one of the standard 14 fonts, referenced by name and not embedded.
    const source14 = await writeTemp("helvetica.pdf", await makeNumberedPdf(4));
    expect(await fonts(source14)).toEqual([["Helvetica", false]]);
    const { path } = await runTool(server, "pdf-to-pdf-a", [source14], { pageRange: "2-3" });
    expect(await pageCountOf(path)).toBe(2);
    const list = await fonts(path);
    expect(list).toHaveLength(1);
    expect(list[0]![1]).toBe(true);
    expect((await pdftotext(path)).trim().split(/\s*\f\s*/)).toEqual(["Sample page 2 of 4", "Sample page 3 of 4"]);
  });

  it("refuses encrypted and damaged files with a sentence", async () => {
    const encrypted = await postTool(server, "pdf-to-pdf-a", [corpus(ENCRYPTED_PDF)]);
    expect(encrypted.status).toBe(422);
    const damaged = await postTool(server, "pdf-to-pdf-a", [{ name: "bad.pdf", data: "%PDF-1.4\ngarbage" }]);
    expect(damaged.status).toBe(422);
  });
});
