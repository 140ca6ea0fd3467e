import type { Permissions, ProtectOptions } from "../../catalog/options/security.js";
import type { QpdfJob } from "../qpdf-args.js";

/**
 * Turns protect-pdf's options into a qpdf encryption job, and says beforehand what PDF encryption cannot do with
 * them. What the written file really allows is read back afterwards (see protect-pdf.ts).
 */

export type Cipher = "aes-256" | "aes-128" | "rc4-128";

const CIPHER_NAMES: Record<Cipher, string> = { "aes-256": "AES-256", "aes-128": "AES-128", "rc4-128": "RC4 128-bit" };

/** The lowest PDF version each cipher exists in (AES-256 came as Adobe extension level 8 to 1.7, then PDF 2.0). */
const CIPHER_MIN_VERSION: Record<Cipher, string> = { "aes-256": "1.7", "aes-128": "1.6", "rc4-128": "1.4" };

export const PERMISSION_NAMES: Record<keyof Permissions, string> = {
  printing: "printing",
  modifying: "modifying",
  copying: "copying text and images",
  annotating: "annotating",
  fillingForms: "filling in forms",
  contentAccessibility: "content accessibility",
  documentAssembly: "document assembly",
};

export interface EncryptionPlan {
  cipher: Cipher;
  cipherName: string;
  version: string;
  ownerPassword: string;
  /** The encryption part of the qpdf job (inputFile and outputFile are added by the caller). */
  job: QpdfJob;
  /** Settings that could not be applied as asked, in sentences. */
  notes: string[];
}

function chooseCipher(options: ProtectOptions, notes: string[]): Cipher {
  if (options.encryptionLevel === 256) {
    if (options.encryptionAlgorithm === "rc4") {
      notes.push("RC4 exists only with keys up to 128 bits, so the 256-bit level was applied with AES-256 instead.");
    }
    return "aes-256";
  }
  return options.encryptionAlgorithm === "aes" ? "aes-128" : "rc4-128";
}

function versionAtLeast(a: string, b: string): boolean {
  return Number(a) >= Number(b);
}

const yn = (allowed: boolean) => (allowed ? "y" : "n");

export function planEncryption(options: ProtectOptions): EncryptionPlan {
  const notes: string[] = [];
  const { permissions: p, advancedOptions: adv } = options;
  const cipher = chooseCipher(options, notes);
  const cipherName = CIPHER_NAMES[cipher];

  const minimum = CIPHER_MIN_VERSION[cipher];
  const version = versionAtLeast(adv.pdfVersion, minimum) ? adv.pdfVersion : minimum;
  if (version !== adv.pdfVersion) {
    notes.push(`${cipherName} needs PDF ${minimum} or later, so the file was written as PDF ${version} instead of ${adv.pdfVersion}.`);
  }

  // The spec: the owner password is optional and the user password serves when it is blank.
  const ownerGiven = (options.ownerPassword ?? "").trim() !== "";
  const ownerPassword = ownerGiven ? options.ownerPassword! : options.userPassword;
  const restricted = Object.values(p).some((allowed) => !allowed);
  if (!ownerGiven && restricted) {
    notes.push(
      "No separate owner password was given, so the open password is also the owner password: anyone who can open the file can lift its restrictions.",
    );
  }
  if (p.annotating && !p.fillingForms) {
    notes.push("The PDF standard lets anyone allowed to annotate also fill in forms, so most readers will still allow form filling.");
  }

  const userPassword = cipher === "aes-256" ? aes256Password(options.userPassword, "open", notes) : options.userPassword;
  const ownerKey = cipher === "aes-256" && ownerGiven ? aes256Password(ownerPassword, "owner", notes) : ownerGiven ? ownerPassword : userPassword;

  const bits = {
    print: p.printing ? "full" : "none",
    modifyOther: yn(p.modifying),
    extract: yn(p.copying),
    annotate: yn(p.annotating),
    form: yn(p.fillingForms),
    accessibility: yn(p.contentAccessibility),
    assemble: yn(p.documentAssembly),
    ...(adv.encryptMetadata ? {} : { cleartextMetadata: "" }),
    ...(cipher === "aes-128" ? { useAes: "y" } : cipher === "rc4-128" ? { useAes: "n" } : {}),
  };
  const job: QpdfJob = {
    encrypt: {
      userPassword,
      ownerPassword: ownerKey,
      ...(cipher === "aes-256" ? { "256bit": bits } : { "128bit": bits }),
    },
    // qpdf writes a file unencrypted when the forced version is too old for the cipher; AES-256 in PDF 1.7 is
    // Adobe's extension level 8, which qpdf takes as "1.7.8".
    forceVersion: cipher === "aes-256" && version === "1.7" ? "1.7.8" : version,
    // qpdf refuses RC4 unless told that the weak cipher is wanted; the legacy preset wants exactly that.
    ...(cipher === "rc4-128" ? { allowWeakCrypto: "" } : {}),
  };

  if (!adv.encryptAttachments) {
    notes.push("Attachments are encrypted together with the document: leaving them readable without the password is not supported.");
  }
  if (adv.requireCertificate) {
    notes.push("Certificate-based encryption is not supported: the file is protected by its password only.");
  }
  if (adv.digitalSignature) {
    notes.push("PDF encryption cannot require a digital signature; use Sign PDF to sign the file.");
  }
  if (adv.expirationDays > 0) {
    notes.push(
      `A PDF cannot enforce an expiry date, so the ${adv.expirationDays}-day expiry was not applied: the protection does not expire.`,
    );
  }
  return { cipher, cipherName, version, ownerPassword: ownerKey, job, notes };
}

/** PDF 2.0 (AES-256) reads at most this many bytes of a password's UTF-8; readers drop the rest. */
const AES_256_PASSWORD_BYTES = 127;

/**
 * A password longer than AES-256 reads is cut the way readers cut it, at a whole character: qpdf cannot open a file
 * encrypted with the whole of a longer one. Typing the whole password still opens the file where the cut falls
 * between characters (always for plain letters and digits), as readers drop the same bytes.
 */
export function aes256Password(password: string, which: "open" | "owner", notes: string[]): string {
  if (utf8Length(password) <= AES_256_PASSWORD_BYTES) return password;
  let cut = "";
  let bytes = 0;
  for (const char of password) {
    bytes += utf8Length(char);
    if (bytes > AES_256_PASSWORD_BYTES) break;
    cut += char;
  }
  const chars = [...cut].length;
  notes.push(
    `AES-256 uses only the first ${AES_256_PASSWORD_BYTES} bytes of a password, so the ${which} password is its first ${chars} characters.`,
  );
  return cut;
}

/** The bytes a text takes in UTF-8 (no Buffer here: this runs in the browser too). */
function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}
