import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeNumberedPdf, pageTexts, renderGray, tempDir, writeTemp } from "./helpers/pdf-tools.js";
import { makePng } from "./helpers/png.js";
import { postTool, runTool, startServer, type TestServer } from "./helpers/server.js";

const exec = promisify(execFile);

let server: TestServer;
let three: string;
let p12: Buffer;
beforeAll(async () => {
  server = await startServer();
  three = await writeTemp("three.pdf", await makeNumberedPdf(3));
  // A throw-away signing identity made with OpenSSL, as a visitor's .p12 would be.
  const dir = await tempDir();
  const [key, cert, id] = ["key.pem", "cert.pem", "id.p12"].map((f) => path.join(dir, f));
  await exec("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-keyout", key!, "-out", cert!, "-days", "2", "-nodes", "-subj", "/CN=Jane Tester"]);
  await exec("openssl", ["pkcs12", "-export", "-inkey", key!, "-in", cert!, "-out", id!, "-passout", "pass:s3cret"]);
  p12 = await fs.readFile(id!);
});
afterAll(async () => server.close());

/** Posts the sign tool with the certificate as its own multipart field. */
async function signWithCertificate(fields: Record<string, string | number | boolean>, certificate: Buffer = p12, name = "id.p12") {
  const form = new FormData();
  form.append("files", new Blob([await fs.readFile(three)]), "three.pdf");
  form.append("certificateFile", new Blob([certificate]), name);
  for (const [k, v] of Object.entries({ signatureType: "certificate", certificatePassword: "s3cret", ...fields })) form.append(k, String(v));
  const res = await fetch(`${server.url}/api/process/sign-pdf`, { method: "POST", body: form });
  return { status: res.status, body: (await res.json()) as { downloadUrl?: string; error?: string; message?: string } };
}

async function pdfsig(file: string): Promise<string> {
  const result = await exec("pdfsig", [file]).catch((err: { stdout: string }) => ({ stdout: err.stdout }));
  return result.stdout;
}

async function downloadTo(url: string): Promise<string> {
  const file = path.join(await tempDir(), "signed.pdf");
  await fs.writeFile(file, Buffer.from(await (await fetch(`${server.url}${url}`)).arrayBuffer()));
  return file;
}

describe("sign-pdf with a certificate", () => {
  it("makes a PKCS#7 signature that pdfsig finds valid and covering the whole document", async () => {
    const reply = await signWithCertificate({ lockPdfAfterSigning: false });
    expect(reply.status, reply.body.error).toBe(200);
    const file = await downloadTo(reply.body.downloadUrl!);
    const report = await pdfsig(file);
    expect(report).toContain("Signer Certificate Common Name: Jane Tester");
    expect(report).toContain("Signature Validation: Signature is Valid.");
    expect(report).toContain("Total document signed");
    expect(report).toMatch(/Signature Type: adbe.pkcs7.detached/);
    // The visible appearance is on the last page by default.
    expect((await pageTexts(file))[2]).toContain("Signed by Jane Tester");
  });

  it("certifies the document when locking, so that a later change breaks the signature", async () => {
    const reply = await signWithCertificate({ lockPdfAfterSigning: true });
    const file = await downloadTo(reply.body.downloadUrl!);
    const { stdout } = await exec("qpdf", ["--json", "--json-key=qpdf", file], { maxBuffer: 64 * 1024 * 1024 });
    expect(stdout).toContain('"/DocMDP"');
    expect(stdout).toContain('"/TransformMethod": "/DocMDP"');
    expect(await pdfsig(file)).toContain("Signature is Valid.");
    // Append an incremental update: the signed byte ranges no longer cover the file.
    await fs.appendFile(file, "\n1 0 obj\n<< >>\nendobj\n");
    expect(await pdfsig(file)).toMatch(/not total document signed|Total document signed:? no/i);
  });

  it("answers a wrong password and a file that is no certificate clearly", async () => {
    const wrong = await signWithCertificate({ certificatePassword: "nope" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe("The certificate password is incorrect.");
    const junk = Buffer.concat([Buffer.from([0x30, 0x82, 0x01, 0x00]), Buffer.alloc(256, 7)]);
    const notACert = await signWithCertificate({}, junk);
    expect(notACert.status).toBe(400);
    expect(notACert.body.error).toBe("This file is not a certificate we can read. Please upload a .pfx or .p12 file.");
  });

  it("says what it cannot do: higher levels and time stamps", async () => {
    const reply = await signWithCertificate({ certificateLevel: "qualified", timeStamp: true });
    expect(reply.status).toBe(200);
    expect(reply.body.message).toContain("qualified level needs PAdES signature attributes");
    expect(reply.body.message).toContain("no time-stamp authority is configured");
  });
});

describe("sign-pdf with a drawn, typed or image signature", () => {
  const drawing = `data:image/png;base64,${makePng(250, 75, (x, y) => (Math.abs(y - 37 - 25 * Math.sin(x / 20)) < 3 ? 0 : 255)).toString("base64")}`;

  it("draws the signature where it was placed, with label, date and reason", async () => {
    const { path: file, reply } = await runTool(server, "sign-pdf", [three], {
      signatureType: "draw",
      drawSignatureData: drawing,
      signaturePage: 2,
      signatureX: 10,
      signatureY: 10,
    });
    expect(reply.message).toContain("Signed page 2 with your drawn signature.");
    const texts = await pageTexts(file);
    expect(texts[1]).toContain("Signed by");
    expect(texts[1]).toContain("Reason: I approve this document");
    expect(texts[1]).toMatch(/Date: \d{4}-\d{2}-\d{2}/);
    expect(texts[0]).not.toContain("Signed by");
    // The drawing is in the top-left region (10%, 10%) of page 2 and not elsewhere.
    const { width, height, pixels } = await renderGray(file, 2, 72);
    const darkIn = (x0: number, y0: number, x1: number, y1: number) => {
      let n = 0;
      for (let y = Math.floor(y0 * height); y < y1 * height; y++) for (let x = Math.floor(x0 * width); x < x1 * width; x++) if (pixels[y * width + x]! < 128) n++;
      return n;
    };
    expect(darkIn(0.1, 0.1, 0.45, 0.2)).toBeGreaterThan(100);
    expect(darkIn(0.5, 0.7, 0.95, 0.95)).toBe(0);
  });

  it("writes a typed name in the chosen font", async () => {
    const { path: file } = await runTool(server, "sign-pdf", [three], { signatureType: "type", typedName: "Jane Doe", typedFont: "sacramento", typedStyle: "formal" });
    const { stdout } = await exec("pdffonts", [file]);
    expect(stdout).toMatch(/Sacramento/i);
    expect((await pageTexts(file))[2]).toContain("Signed by Jane Doe");
  });

  it("uses an uploaded image", async () => {
    const form = new FormData();
    form.append("files", new Blob([await fs.readFile(three)]), "three.pdf");
    form.append("signatureImage", new Blob([makePng(120, 40, (x) => (x % 10 < 5 ? 0 : 255))]), "sig.png");
    form.append("signatureType", "image");
    const res = await fetch(`${server.url}/api/process/sign-pdf`, { method: "POST", body: form });
    expect(res.status).toBe(200);
  });

  it("answers the spec's sentences for what is missing", async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ signatureType: "draw" }, "Please draw your signature"],
      [{ signatureType: "type", typedName: "  " }, "Please enter your name for the typed signature"],
      [{ signatureType: "image" }, "Please upload a signature image"],
      [{ signatureType: "certificate" }, "Please upload a digital certificate file"],
      [{ signatureType: "type", typedName: "A", signaturePage: "9" }, "The document has 3 pages; choose a page from 1 to 3."],
    ];
    for (const [fields, message] of cases) {
      const reply = await postTool(server, "sign-pdf", [three], fields);
      expect(reply.status, message).toBe(400);
      expect(reply.body.error).toBe(message);
    }
  });
});
