import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeNumberedPdf, pageTexts, renderGray, tempDir, wordBoxes, writeTemp } from "./helpers/pdf-tools.js";
import { makePng } from "./helpers/png.js";
import { postTool, runTool, startServer, type TestServer } from "./helpers/server.js";
import { startLocalTsa, type LocalTsa } from "./helpers/tsa.js";

const exec = promisify(execFile);

let server: TestServer;
let three: string;
let p12: Buffer;
let certPem: string;
beforeAll(async () => {
  server = await startServer();
  three = await writeTemp("three.pdf", await makeNumberedPdf(3));
  // A throw-away signing identity made with OpenSSL, as a visitor's .p12 would be.
  const dir = await tempDir();
  const [key, cert, id] = ["key.pem", "cert.pem", "id.p12"].map((f) => path.join(dir, f));
  await exec("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-keyout", key!, "-out", cert!, "-days", "2", "-nodes", "-subj", "/CN=Jane Tester"]);
  await exec("openssl", ["pkcs12", "-export", "-inkey", key!, "-in", cert!, "-out", id!, "-passout", "pass:s3cret"]);
  p12 = await fs.readFile(id!);
  certPem = cert!;
});
afterAll(async () => server.close());

/** Posts the sign tool with the certificate as its own multipart field. */
async function signWithCertificate(fields: Record<string, string | number | boolean>, certificate: Buffer = p12, name = "id.p12", on: TestServer = server) {
  const form = new FormData();
  form.append("files", new Blob([await fs.readFile(three)]), "three.pdf");
  form.append("certificateFile", new Blob([certificate]), name);
  for (const [k, v] of Object.entries({ signatureType: "certificate", certificatePassword: "s3cret", ...fields })) form.append(k, String(v));
  const res = await fetch(`${on.url}/api/process/sign-pdf`, { method: "POST", body: form });
  return { status: res.status, body: (await res.json()) as { downloadUrl?: string; error?: string; message?: string } };
}

async function pdfsig(file: string): Promise<string> {
  const result = await exec("pdfsig", [file]).catch((err: { stdout: string }) => ({ stdout: err.stdout }));
  return result.stdout;
}

async function downloadTo(url: string, from: TestServer = server): Promise<string> {
  const file = path.join(await tempDir(), "signed.pdf");
  await fs.writeFile(file, Buffer.from(await (await fetch(`${from.url}${url}`)).arrayBuffer()));
  return file;
}

/** The CMS of the file's only signature, as pdfsig itself extracts it. */
async function dumpSignature(file: string): Promise<string> {
  const dir = path.dirname(file);
  await exec("pdfsig", ["-dump", file], { cwd: dir });
  return path.join(dir, `${path.basename(file)}.sig0`);
}

/** OpenSSL's reading of a CMS structure. */
async function cmsPrint(cmsFile: string): Promise<string> {
  return (await exec("openssl", ["cms", "-cmsout", "-print", "-inform", "DER", "-in", cmsFile], { maxBuffer: 16 * 1024 * 1024 })).stdout;
}

/**
 * The SignerInfo's signature value and its time-stamp token, cut out of the CMS where `openssl asn1parse` places
 * them: the signature is the primitive OCTET STRING at depth 5 (ContentInfo, [0], SignedData, SET, SignerInfo),
 * the token the element after the id-smime-aa-timeStampToken attribute type.
 */
async function signerParts(cmsFile: string): Promise<{ signatureValue: Buffer; token?: Buffer }> {
  const cms = await fs.readFile(cmsFile);
  const { stdout } = await exec("openssl", ["asn1parse", "-inform", "DER", "-in", cmsFile], { maxBuffer: 16 * 1024 * 1024 });
  const lines = stdout.split("\n").map((line) => {
    const m = /^\s*(\d+):d=(\d+)\s+hl=(\d+) l=\s*(\d+) (cons|prim): (.*)$/.exec(line);
    return m ? { offset: +m[1]!, depth: +m[2]!, size: +m[3]! + +m[4]!, header: +m[3]!, text: m[6]! } : undefined;
  });
  const elements = lines.filter((l) => l !== undefined);
  const signature = elements.find((e) => e.depth === 5 && e.text.startsWith("OCTET STRING"))!;
  const tokenType = elements.findIndex((e) => e.text.includes(":id-smime-aa-timeStampToken"));
  const token = tokenType >= 0 ? elements.slice(tokenType + 1).find((e) => e.depth === elements[tokenType]!.depth + 1) : undefined;
  return {
    signatureValue: cms.subarray(signature.offset + signature.header, signature.offset + signature.size),
    token: token && cms.subarray(token.offset, token.offset + token.size),
  };
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

  it("writes the reason as Unicode text, and leaves out a label or reason sent blank", async () => {
    const signatureDictionaries = async (file: string) => {
      const { stdout } = await exec("qpdf", ["--json=2", "--json-key=qpdf", file]);
      const objects = (JSON.parse(stdout) as { qpdf: [unknown, Record<string, { value?: Record<string, unknown> }>] }).qpdf[1];
      return Object.values(objects)
        .map((o) => o.value)
        .filter((v) => v?.["/Type"] === "/Sig");
    };
    const withReason = await signWithCertificate({ signatureReason: "Geprüft – 東京", lockPdfAfterSigning: false });
    expect(withReason.status, withReason.body.error).toBe(200);
    const signed = await downloadTo(withReason.body.downloadUrl!);
    const [dictionary] = await signatureDictionaries(signed);
    expect(dictionary?.["/Reason"]).toBe("u:Geprüft – 東京");
    expect(await pdfsig(signed)).toContain("Signature Validation: Signature is Valid.");

    const blank = await signWithCertificate({ signatureLabel: "", signatureReason: "", lockPdfAfterSigning: false });
    expect(blank.status, blank.body.error).toBe(200);
    const plain = await downloadTo(blank.body.downloadUrl!);
    expect((await signatureDictionaries(plain))[0]).not.toHaveProperty("/Reason");
    const lastPage = (await pageTexts(plain))[2]!;
    expect(lastPage).not.toContain("Signed by");
    expect(lastPage).not.toContain("Reason:");
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

  it("answers 422 for a certificate too large to fit in the signature", async () => {
    const dir = await tempDir();
    const names = Array.from({ length: 400 }, (_, i) => `DNS:host-${i}-${"x".repeat(40)}.example`).join(",");
    await exec("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-keyout", "k.pem", "-out", "c.pem", "-days", "2", "-nodes", "-subj", "/CN=Big", "-addext", `subjectAltName=${names}`], { cwd: dir });
    await exec("openssl", ["pkcs12", "-export", "-inkey", "k.pem", "-in", "c.pem", "-out", "big.p12", "-passout", "pass:s3cret"], { cwd: dir });
    const reply = await signWithCertificate({}, await fs.readFile(path.join(dir, "big.p12")));
    expect(reply.status).toBe(422);
    expect(reply.body.error).toBe("This certificate file holds too many or too large certificates to fit in a PDF signature.");
  });

  it("keeps the signing time inside a basic PKCS#7 signature, and no PAdES attributes", async () => {
    const reply = await signWithCertificate({ lockPdfAfterSigning: false, certificateLevel: "basic" });
    const printed = await cmsPrint(await dumpSignature(await downloadTo(reply.body.downloadUrl!)));
    expect(printed).toContain("object: signingTime");
    expect(printed).not.toContain("signingCertificateV2");
  });

  it("makes a PAdES baseline signature at the advanced level: ETSI.CAdES.detached with the certificate bound by its hash", async () => {
    const reply = await signWithCertificate({ lockPdfAfterSigning: false, certificateLevel: "advanced" });
    expect(reply.status, reply.body.error).toBe(200);
    expect(reply.body.message).toContain("with a PAdES baseline signature (ETSI.CAdES.detached, SHA-256, bound to your certificate) covering the whole document.");
    const file = await downloadTo(reply.body.downloadUrl!);
    const report = await pdfsig(file);
    expect(report).toContain("Signature Type: ETSI.CAdES.detached");
    expect(report).toContain("Signature Validation: Signature is Valid.");
    expect(report).toContain("Total document signed");
    // The signing time is the signature dictionary's M entry, which pdfsig reports.
    expect(report).toMatch(/Signing Time: \w+ \d+ \d{4}/);

    const printed = await cmsPrint(await dumpSignature(file));
    expect(printed).toContain("object: contentType");
    expect(printed).toContain("object: messageDigest");
    expect(printed).toContain("object: id-smime-aa-signingCertificateV2");
    // PAdES forbids the CMS signing time.
    expect(printed).not.toContain("signingTime");
    // signing-certificate-v2 holds the SHA-256 of the signer's certificate.
    const der = (await exec("openssl", ["x509", "-in", certPem, "-outform", "DER"], { encoding: "buffer" })).stdout;
    const hash = crypto.createHash("sha256").update(der).digest("hex");
    const certHash = /id-smime-aa-signingCertificateV2[\s\S]*?OCTET STRING\s+\[HEX DUMP\]:([0-9A-F]+)/.exec(printed)?.[1];
    expect(certHash?.toLowerCase()).toBe(hash);
  });

  it("says what it cannot do: a qualified signature, and time stamps on a server without an authority", async () => {
    const reply = await signWithCertificate({ certificateLevel: "qualified", timeStamp: true });
    expect(reply.status).toBe(200);
    expect(reply.body.message).toContain("a key uploaded in a .p12 file cannot be one, so this is an advanced (PAdES) signature.");
    expect(reply.body.message).toContain("Time-stamping is unavailable on this server: no time-stamp authority is configured, so no time stamp was added.");
    const file = await downloadTo(reply.body.downloadUrl!);
    expect(await cmsPrint(await dumpSignature(file))).not.toContain("timeStampToken");
    const health = (await (await fetch(`${server.url}/api/health`)).json()) as { features: { timeStamp: boolean } };
    expect(health.features.timeStamp).toBe(false);
  });
});

describe("sign-pdf with a time-stamp authority (TSA_URL)", () => {
  let tsa: LocalTsa;
  let stamping: TestServer;
  beforeAll(async () => {
    tsa = await startLocalTsa();
    stamping = await startServer({ tsaUrl: tsa.url, tsaTimeoutMs: 1500 });
  });
  afterAll(async () => {
    await stamping.close();
    await tsa.close();
  });

  it("says in /api/health that time stamps are available", async () => {
    const health = (await (await fetch(`${stamping.url}/api/health`)).json()) as { features: { timeStamp: boolean } };
    expect(health.features.timeStamp).toBe(true);
  });

  it("adds an RFC 3161 token over the signature value that openssl verifies (PAdES B-T)", async () => {
    tsa.mode = "grant";
    const reply = await signWithCertificate({ certificateLevel: "advanced", timeStamp: true, lockPdfAfterSigning: true }, p12, "id.p12", stamping);
    expect(reply.status, reply.body.error).toBe(200);
    expect(reply.body.message).toMatch(/Time-stamped by the server's time-stamp authority at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \(PAdES B-T\)\./);
    const file = await downloadTo(reply.body.downloadUrl!, stamping);
    const report = await pdfsig(file);
    expect(report).toContain("Signature Validation: Signature is Valid.");
    expect(report).toContain("Total document signed");

    const cmsFile = await dumpSignature(file);
    expect(await cmsPrint(cmsFile)).toContain("object: id-smime-aa-timeStampToken");
    const { signatureValue, token } = await signerParts(cmsFile);
    expect(token).toBeDefined();
    const dir = await tempDir();
    await fs.writeFile(path.join(dir, "signature.bin"), signatureValue);
    await fs.writeFile(path.join(dir, "token.der"), token!);
    const verify = (data: string) =>
      exec("openssl", ["ts", "-verify", "-data", data, "-in", "token.der", "-token_in", "-CAfile", tsa.caFile, "-untrusted", tsa.certFile], { cwd: dir });
    expect((await verify("signature.bin")).stdout).toContain("Verification: OK");
    // The token is bound to this signature value and nothing else.
    await fs.writeFile(path.join(dir, "other.bin"), Buffer.concat([signatureValue, Buffer.from([0])]));
    await expect(verify("other.bin")).rejects.toThrow();
  });

  it("time-stamps a basic PKCS#7 signature as well", async () => {
    tsa.mode = "grant";
    const reply = await signWithCertificate({ certificateLevel: "basic", timeStamp: true }, p12, "id.p12", stamping);
    expect(reply.status, reply.body.error).toBe(200);
    const file = await downloadTo(reply.body.downloadUrl!, stamping);
    expect(await pdfsig(file)).toContain("Signature Validation: Signature is Valid.");
    expect((await signerParts(await dumpSignature(file))).token).toBeDefined();
  });

  it("answers 502 when the authority refuses or fails, and 504 when it does not answer in time", async () => {
    const cases: Array<[LocalTsa["mode"], number, string]> = [
      ["reject", 502, "Time-stamping failed: the time-stamp authority refused the request (status 2: Message digest algorithm is not supported; badAlg)."],
      ["http-error", 502, "Time-stamping failed: the time-stamp authority answered HTTP 500."],
      ["silent", 504, "Time-stamping failed: the time-stamp authority did not answer within 1.5 seconds."],
    ];
    for (const [mode, status, sentence] of cases) {
      tsa.mode = mode;
      const reply = await signWithCertificate({ certificateLevel: "advanced", timeStamp: true }, p12, "id.p12", stamping);
      expect(reply.status, mode).toBe(status);
      expect(reply.body.error).toBe(`${sentence} The document was not signed; try again, or sign without a time stamp.`);
    }
    tsa.mode = "grant";
    // Without timeStamp the authority is not asked at all.
    const before = tsa.requests;
    expect((await signWithCertificate({ certificateLevel: "advanced" }, p12, "id.p12", stamping)).status).toBe(200);
    expect(tsa.requests).toBe(before);
  });

  it("answers 502 when the authority cannot be reached", async () => {
    const unreachable = await startServer({ tsaUrl: "http://127.0.0.1:9/tsa", tsaTimeoutMs: 1500 });
    try {
      const reply = await signWithCertificate({ certificateLevel: "advanced", timeStamp: true }, p12, "id.p12", unreachable);
      expect(reply.status).toBe(502);
      expect(reply.body.error).toContain("Time-stamping failed: the time-stamp authority could not be reached.");
    } finally {
      await unreachable.close();
    }
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

  it("slants the letters of a cursive name without tilting its line", async () => {
    const heightOf = async (typedStyle: string) => {
      const { path: file } = await runTool(server, "sign-pdf", [three], { signatureType: "type", typedName: "Alexandrina Hamiltonian", typedFont: "dancingScript", typedStyle });
      const word = (await wordBoxes(file, 3)).words.find((w) => w.text === "Alexandrina")!;
      return { height: word.yMax - word.yMin, width: word.xMax - word.xMin };
    };
    const upright = await heightOf("standard");
    const cursive = await heightOf("cursive");
    expect(cursive.height).toBeLessThan(upright.height * 1.2);
    expect(cursive.width).toBeGreaterThan(upright.width * 0.9);
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
