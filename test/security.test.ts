import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { PDFDocument } from "@cantoo/pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECURITY_PRESETS } from "../catalog/options/security.js";
import { ENCRYPTED_PDF, corpus } from "./helpers/corpus.js";
import { makeNumberedPdf, pdfinfo, pdftotext, qpdfCheck, tempDir, writeTemp } from "./helpers/pdf-tools.js";
import { postTool, runTool, startServer, type TestServer } from "./helpers/server.js";

const exec = promisify(execFile);

/** qpdf's own account of a file's encryption, read with the given password. */
async function showEncryption(file: string, password?: string): Promise<string> {
  const args = password === undefined ? ["--show-encryption", file] : [`--password=${password}`, "--show-encryption", file];
  const { stdout } = await exec("qpdf", args);
  return stdout;
}

function permissionLine(shown: string, label: string): string | undefined {
  return new RegExp(`^${label}: (.*)$`, "m").exec(shown)?.[1];
}

/** Each listed permission as qpdf reports it, allowed (true) or not. */
function expectPermissions(shown: string, expected: Record<string, boolean>): void {
  const actual = Object.fromEntries(Object.keys(expected).map((label) => [label, permissionLine(shown, label) === "allowed"]));
  expect(actual).toEqual(expected);
}

async function headerOf(file: string): Promise<string> {
  return (await fs.readFile(file)).subarray(0, 8).toString("latin1");
}

/** A titled two-page document, encrypted by qpdf itself with the given arguments. */
async function encryptedFixture(encryptArgs: string[], title = "Quarterly figures"): Promise<string> {
  const doc = await PDFDocument.load(await makeNumberedPdf(2));
  doc.setTitle(title);
  const plain = await writeTemp("plain.pdf", await doc.save());
  const out = path.join(path.dirname(plain), "encrypted.pdf");
  await exec("qpdf", [plain, "--encrypt", ...encryptArgs, "--", out]);
  return out;
}

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server.close());

describe("protect-pdf", () => {
  it("encrypts with AES-256 (R6) by default, with the spec's default permissions and a separate owner password", async () => {
    const { path: out, reply } = await runTool(server, "protect-pdf", [corpus("minimal-document.pdf")], {
      userPassword: "open sesame",
      ownerPassword: "owner secret",
    });
    const shown = await showEncryption(out, "owner secret");
    expect(shown).toMatch(/^R = 6$/m);
    expect(shown).toMatch(/Supplied password is owner password/);
    expect(shown).toMatch(/stream encryption method: AESv3/);
    expectPermissions(shown, {
      "print high resolution": true,
      "modify other": false,
      "extract for any purpose": false,
      "modify annotations": true,
      "modify forms": true,
      "extract for accessibility": true,
      "modify document assembly": false,
    });
    expect(await showEncryption(out, "open sesame")).toMatch(/Supplied password is user password/);
    // Without the password nothing opens; with it the text is there.
    await expect(exec("pdfinfo", [out])).rejects.toThrow();
    const { stdout } = await exec("pdftotext", ["-upw", "open sesame", out, "-"]);
    expect(stdout.trim().length).toBeGreaterThan(10);
    await exec("qpdf", ["--password=open sesame", "--check", out]);
    expect(reply.message).toMatch(/AES-256/);
    expect(reply.filename).toBe("minimal-document-protected.pdf");
  });

  it("sets exactly the permissions chosen, with AES-128", async () => {
    const permissions = {
      printing: false,
      modifying: true,
      copying: true,
      annotating: false,
      fillingForms: true,
      contentAccessibility: true,
      documentAssembly: true,
    };
    const { path: out } = await runTool(server, "encrypt-pdf", [corpus("minimal-document.pdf")], {
      userPassword: "u",
      ownerPassword: "o",
      encryptionLevel: 128,
      encryptionAlgorithm: "aes",
      permissions,
    });
    const shown = await showEncryption(out, "o");
    expect(shown).toMatch(/^R = 4$/m);
    expect(shown).toMatch(/stream encryption method: AESv2/);
    expectPermissions(shown, {
      "print high resolution": false,
      "print low resolution": false,
      "modify other": true,
      "extract for any purpose": true,
      "modify annotations": false,
      "modify forms": true,
      "modify document assembly": true,
    });
    expect(await headerOf(out)).toBe("%PDF-1.7");
  });

  for (const preset of SECURITY_PRESETS) {
    it(`applies the ${preset.name} preset`, async () => {
      const { path: out, reply } = await runTool(server, "protect-pdf", [corpus("crazyones-pdfa.pdf")], {
        userPassword: "preset-pass",
        ownerPassword: "preset-owner",
        encryptionLevel: preset.encryptionLevel,
        encryptionAlgorithm: preset.encryptionAlgorithm,
        permissions: preset.permissions,
        advancedOptions: preset.advancedOptions,
      });
      const shown = await showEncryption(out, "preset-owner");
      expect(shown).toMatch(preset.encryptionAlgorithm === "rc4" ? /^R = [34]$/m : /^R = 6$/m);
      if (preset.encryptionAlgorithm === "rc4") expect(shown).not.toMatch(/AES/);
      expect(await headerOf(out)).toBe(`%PDF-${preset.advancedOptions.pdfVersion}`);
      expect(permissionLine(shown, "print high resolution")).toBe(preset.permissions.printing ? "allowed" : "not allowed");
      expect(permissionLine(shown, "extract for any purpose")).toBe(preset.permissions.copying ? "allowed" : "not allowed");
      expect(permissionLine(shown, "modify other")).toBe("not allowed");
      expect(permissionLine(shown, "modify document assembly")).toBe("not allowed");
      await exec("qpdf", ["--password=preset-pass", "--check", out]);
      // Unencrypted metadata is readable in the file's bytes; encrypted metadata is not.
      const raw = (await fs.readFile(out)).toString("latin1");
      expect(raw.includes("x:xmpmeta")).toBe(!preset.advancedOptions.encryptMetadata);
      if (preset.advancedOptions.digitalSignature) expect(reply.message).toMatch(/cannot require a digital signature/);
    });
  }

  it("says what PDF encryption cannot do instead of dropping it", async () => {
    const { path: out, reply } = await runTool(server, "protect-pdf", [corpus("minimal-document.pdf")], {
      userPassword: "only-one",
      encryptionLevel: 256,
      encryptionAlgorithm: "rc4",
      permissions: { printing: true, contentAccessibility: false },
      advancedOptions: { pdfVersion: "1.5", expirationDays: 30, requireCertificate: true, digitalSignature: true, encryptAttachments: false },
    });
    const message = reply.message!;
    expect(message).toMatch(/30-day expiry was not applied/);
    expect(message).toMatch(/Certificate-based encryption is not supported/);
    expect(message).toMatch(/cannot require a digital signature/);
    expect(message).toMatch(/Attachments are encrypted together with the document/);
    expect(message).toMatch(/RC4 exists only with keys up to 128 bits/);
    expect(message).toMatch(/written as PDF 1\.7 instead of 1\.5/);
    expect(message).toMatch(/open password is also the owner password/);
    // AES-256 cannot deny accessibility extraction: the reply says so, and qpdf agrees.
    expect(message).toMatch(/The permission “content accessibility” could not be restricted/);
    const shown = await showEncryption(out, "only-one");
    expect(permissionLine(shown, "extract for accessibility")).toBe("allowed");
    expect(shown).toMatch(/Supplied password is owner password/);
    expect(await headerOf(out)).toBe("%PDF-1.7");
  });

  it("takes any characters in a password, even a leading dash", async () => {
    const password = "--print=none, \"quoted\" пароль";
    const { path: out } = await runTool(server, "protect-pdf", [corpus("minimal-document.pdf")], { userPassword: password });
    expect(await showEncryption(out, password)).toMatch(/^R = 6$/m);
  });

  it("refuses a blank user password with the spec's sentence", async () => {
    const reply = await postTool(server, "protect-pdf", [corpus("minimal-document.pdf")], { userPassword: "  " });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe("Please enter a password to protect your PDF.");
  });

  it("refuses an already encrypted file with a sentence", async () => {
    const reply = await postTool(server, "protect-pdf", [corpus(ENCRYPTED_PDF)], { userPassword: "x" });
    expect(reply.status).toBe(422);
    expect(reply.body.error).toMatch(/password-protected/);
  });
});

describe("unlock-pdf", () => {
  it("removes the corpus file's encryption with its user password, and with its owner password", async () => {
    for (const password of ["openpassword", "permissionpassword"]) {
      const { path: out, reply } = await runTool(server, "unlock-pdf", [corpus(ENCRYPTED_PDF)], { userPassword: password });
      expect(await showEncryption(out)).toMatch(/File is not encrypted/);
      await qpdfCheck(out);
      expect((await pdftotext(out)).trim().length).toBeGreaterThan(10);
      expect(reply.message).toMatch(/encryption was removed/);
      expect(reply.filename).toBe("libreoffice-writer-password-unlocked.pdf");
    }
  });

  it("answers a wrong password with 400 and the sentence", async () => {
    for (const tool of ["unlock-pdf", "decrypt-pdf"]) {
      const reply = await postTool(server, tool, [corpus(ENCRYPTED_PDF)], { userPassword: "guess" });
      expect(reply.status).toBe(400);
      expect(reply.body.error).toMatch(/^Incorrect password/);
    }
  });

  it("refuses a blank password with the spec's sentence", async () => {
    const reply = await postTool(server, "decrypt-pdf", [corpus(ENCRYPTED_PDF)], { userPassword: "" });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe("Please enter the password to decrypt your PDF.");
  });

  it("lifts an owner-only restriction without the owner password when removeRestrictions is on", async () => {
    const restricted = await encryptedFixture(["", "owner-only", "256", "--print=none", "--extract=n"]);
    const { path: out, reply } = await runTool(server, "unlock-pdf", [restricted], { userPassword: "not the owner password" });
    expect(await showEncryption(out)).toMatch(/File is not encrypted/);
    expect(reply.message).toMatch(/needs none to open/);
    const off = await postTool(server, "unlock-pdf", [restricted], {
      userPassword: "not the owner password",
      unlockOptions: { removeRestrictions: false },
    });
    expect(off.status).toBe(400);
  });

  it("keeps the restrictions but drops the open password when removeRestrictions is off", async () => {
    const file = await encryptedFixture(["user-pw", "owner-pw", "256", "--print=none", "--modify=none"]);
    const { path: out, reply } = await runTool(server, "unlock-pdf", [file], {
      userPassword: "owner-pw",
      unlockOptions: { removeRestrictions: false },
    });
    // Opens without a password, yet qpdf still reports the restrictions, and the owner password still works.
    expect(Number((await pdfinfo(out)).Pages)).toBe(2);
    const shown = await showEncryption(out, "owner-pw");
    expect(shown).toMatch(/Supplied password is owner password/);
    expect(permissionLine(shown, "print high resolution")).toBe("not allowed");
    expect(permissionLine(shown, "modify other")).toBe("not allowed");
    expect(reply.message).toMatch(/keeps its restrictions/);
  });

  it("keeps metadata by default and removes it when preserveMetadata is off", async () => {
    const file = await encryptedFixture(["pw", "pw-owner", "256"]);
    const kept = await runTool(server, "unlock-pdf", [file], { userPassword: "pw" });
    expect((await pdfinfo(kept.path)).Title).toBe("Quarterly figures");
    const dropped = await runTool(server, "unlock-pdf", [file], { userPassword: "pw", unlockOptions: { preserveMetadata: false } });
    expect((await pdfinfo(dropped.path)).Title).toBeUndefined();
    expect(await showEncryption(dropped.path)).toMatch(/File is not encrypted/);
    expect(dropped.reply.message).toMatch(/metadata was removed/);
  });

  it("writes decoded streams when forceDecode is on", async () => {
    const file = await encryptedFixture(["pw", "pw", "256"]);
    const { path: out } = await runTool(server, "unlock-pdf", [file], { userPassword: "pw", unlockOptions: { forceDecode: true } });
    const raw = (await fs.readFile(out)).toString("latin1");
    expect(raw).not.toMatch(/FlateDecode/);
    // The page's text operators are visible in the file's bytes.
    expect(raw).toMatch(/BT\s[\s\S]*Tj[\s\S]*ET/);
  });

  it("gives an unencrypted file back unchanged, saying so", async () => {
    const original = await fs.readFile(corpus("minimal-document.pdf"));
    const { path: out, reply } = await runTool(server, "unlock-pdf", [corpus("minimal-document.pdf")], { userPassword: "anything" });
    expect(Buffer.compare(await fs.readFile(out), original)).toBe(0);
    expect(reply.message).toMatch(/not password-protected/);
  });

  it("answers an unreadable file with a 4xx sentence, with and without recovery", async () => {
    const dir = await tempDir();
    const junk = path.join(dir, "junk.pdf");
    await fs.writeFile(junk, "%PDF-1.7\n" + "garbage ".repeat(200));
    for (const attemptRecovery of [false, true]) {
      const reply = await postTool(server, "unlock-pdf", [junk], { userPassword: "x", unlockOptions: { attemptRecovery } });
      expect(reply.status).toBe(422);
      expect(reply.body.error).toMatch(/damaged/);
    }
  });

  it("unlocks an encrypted file whose cross-reference table is broken, saying it was repaired", async () => {
    const file = await encryptedFixture(["rec-pw", "rec-pw", "256"]);
    const plain = path.join(path.dirname(file), "no-object-streams.pdf");
    await exec("qpdf", ["--password=rec-pw", "--object-streams=disable", file, "--encrypt", "rec-pw", "rec-pw", "256", "--", plain]);
    const bytes = await fs.readFile(plain);
    const xref = bytes.lastIndexOf("\nxref");
    const damaged = Buffer.concat([bytes.subarray(0, xref), Buffer.from("\nxrXf\n0 1 garbage\n"), bytes.subarray(bytes.lastIndexOf("trailer"))]);
    const input = path.join(path.dirname(file), "damaged.pdf");
    await fs.writeFile(input, damaged);
    const { path: out, reply } = await runTool(server, "unlock-pdf", [input], { userPassword: "rec-pw" });
    expect(await showEncryption(out)).toMatch(/File is not encrypted/);
    await qpdfCheck(out);
    expect(await pdftotext(out)).toMatch(/Sample page 2 of 2/);
    expect(reply.message).toMatch(/repaired/);
  });
});
