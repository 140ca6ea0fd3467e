import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpus, ENCRYPTED_PDF } from "./helpers/corpus.js";
import { makeFormPdf } from "./helpers/form-pdf.js";
import { formFieldNames, pdftotext, qpdfCheck, renderGray, writeTemp } from "./helpers/pdf-tools.js";
import { annotationsOf } from "./helpers/read-annotations.js";
import { postTool, runTool, startServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
let form: string;
beforeAll(async () => {
  server = await startServer();
  form = await writeTemp("form.pdf", await makeFormPdf());
});
afterAll(async () => server.close());

/** Mean difference of grey values between two renders of page 1, 0 to 255. */
async function meanDifference(a: string, b: string): Promise<number> {
  const [x, y] = await Promise.all([renderGray(a, 1, 72), renderGray(b, 1, 72)]);
  expect([y.width, y.height]).toEqual([x.width, x.height]);
  let sum = 0;
  for (let i = 0; i < x.pixels.length; i++) sum += Math.abs(x.pixels[i]! - y.pixels[i]!);
  return sum / x.pixels.length;
}

/** How dark the page is inside a rectangle given in points from the bottom left (at 72 dpi: pixels). */
async function darkPixels(file: string, [x0, y0, x1, y1]: [number, number, number, number]): Promise<number> {
  const page = await renderGray(file, 1, 72);
  let dark = 0;
  for (let y = page.height - y1; y < page.height - y0; y++) {
    for (let x = x0; x < x1; x++) if (page.pixels[y * page.width + x]! < 128) dark++;
  }
  return dark;
}

describe("flatten-pdf", () => {
  it("draws fields and annotations into the page and leaves none, keeping the look and the links", async () => {
    expect((await formFieldNames(form)).length).toBe(2);
    expect((await annotationsOf(form)).map((a) => a.subtype).sort()).toEqual(["/Link", "/Square", "/Widget", "/Widget"]);
    const { path, reply } = await runTool(server, "flatten-pdf", [form]);
    await qpdfCheck(path);
    expect((await formFieldNames(path)).length).toBe(0);
    expect((await annotationsOf(path)).map((a) => a.subtype)).toEqual(["/Link"]);
    expect(reply.message).toBe("Flattened 2 form fields and 1 annotation into the page content. 1 link still works.");
    // The value and the square are now content: poppler sees them without any annotation left to draw.
    expect(await pdftotext(path)).toContain("Filled value");
    expect(await darkPixels(path, [180, 20, 280, 80])).toBeGreaterThan(100);
    expect(await meanDifference(form, path)).toBeLessThan(2);
  });

  it("flattens only the form fields when asked, and removes links when asked", async () => {
    const forms = await runTool(server, "flatten-pdf", [form], { flatten: "forms" });
    expect((await formFieldNames(forms.path)).length).toBe(0);
    expect((await annotationsOf(forms.path)).map((a) => a.subtype).sort()).toEqual(["/Link", "/Square"]);
    const all = await runTool(server, "flatten-pdf", [form], { keepLinks: false });
    expect(await annotationsOf(all.path)).toEqual([]);
    expect(all.reply.message).toContain("Removed 1 link.");
  });

  it("answers a password-protected file and a bad setting with a sentence", async () => {
    const locked = await postTool(server, "flatten-pdf", [corpus(ENCRYPTED_PDF)]);
    expect(locked.status).toBe(422);
    expect(locked.body.error).toContain("password-protected");
    const bad = await postTool(server, "flatten-pdf", [form], { flatten: "everything" });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain("flatten");
  });
});
