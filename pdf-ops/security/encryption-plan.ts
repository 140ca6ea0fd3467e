import type { Permissions, ProtectOptions } from "../../catalog/options/security.js";
import type { QpdfJob } from "../qpdf-args.js";
import { msg, toolName, type Message } from "../message.js";

/**
 * Turns protect-pdf's options into a qpdf encryption job, and says beforehand what PDF encryption cannot do with
 * them. What the written file really allows is read back afterwards (see protect-pdf.ts).
 */

export type Cipher = "aes-256" | "aes-128" | "rc4-128";

const CIPHER_NAMES: Record<Cipher, string> = { "aes-256": "AES-256", "aes-128": "AES-128", "rc4-128": "RC4 128-bit" };

/** The lowest PDF version each cipher exists in (AES-256 came as Adobe extension level 8 to 1.7, then PDF 2.0). */
const CIPHER_MIN_VERSION: Record<Cipher, string> = { "aes-256": "1.7", "aes-128": "1.6", "rc4-128": "1.4" };

/** The permissions in the order replies name them (each a catalogue message under "permissions."). */
export const PERMISSIONS: ReadonlyArray<keyof Permissions> = [
  "printing",
  "modifying",
  "copying",
  "annotating",
  "fillingForms",
  "contentAccessibility",
  "documentAssembly",
];

export function permissionName(permission: keyof Permissions): Message {
  return msg(`permissions.${permission}`);
}

export interface EncryptionPlan {
  cipher: Cipher;
  cipherName: string;
  version: string;
  ownerPassword: string;
  /** The encryption part of the qpdf job (inputFile and outputFile are added by the caller). */
  job: QpdfJob;
  /** Settings that could not be applied as asked, in sentences. */
  notes: Message[];
}

function chooseCipher(options: ProtectOptions, notes: Message[]): Cipher {
  if (options.encryptionLevel === 256) {
    if (options.encryptionAlgorithm === "rc4") {
      notes.push(msg("protect.rc4Limited"));
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
  const notes: Message[] = [];
  const { permissions: p, advancedOptions: adv } = options;
  const cipher = chooseCipher(options, notes);
  const cipherName = CIPHER_NAMES[cipher];

  const minimum = CIPHER_MIN_VERSION[cipher];
  const version = versionAtLeast(adv.pdfVersion, minimum) ? adv.pdfVersion : minimum;
  if (version !== adv.pdfVersion) {
    notes.push(msg("protect.versionRaised", { cipher: cipherName, minimum, version, asked: adv.pdfVersion }));
  }

  // The spec: the owner password is optional and the user password serves when it is blank.
  const ownerGiven = (options.ownerPassword ?? "").trim() !== "";
  const ownerPassword = ownerGiven ? options.ownerPassword! : options.userPassword;
  const restricted = Object.values(p).some((allowed) => !allowed);
  if (!ownerGiven && restricted) {
    notes.push(msg("protect.noOwnerPassword"));
  }
  if (p.annotating && !p.fillingForms) {
    notes.push(msg("protect.annotatingAllowsForms"));
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
    notes.push(msg("protect.attachmentsEncrypted"));
  }
  if (adv.requireCertificate) {
    notes.push(msg("protect.noCertificateEncryption"));
  }
  if (adv.digitalSignature) {
    notes.push(msg("protect.noSignatureRequirement", { sign: toolName("sign-pdf") }));
  }
  if (adv.expirationDays > 0) {
    notes.push(msg("protect.noExpiry", { count: adv.expirationDays }));
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
export function aes256Password(password: string, which: "open" | "owner", notes: Message[]): string {
  if (utf8Length(password) <= AES_256_PASSWORD_BYTES) return password;
  let cut = "";
  let bytes = 0;
  for (const char of password) {
    bytes += utf8Length(char);
    if (bytes > AES_256_PASSWORD_BYTES) break;
    cut += char;
  }
  const chars = [...cut].length;
  notes.push(msg(`protect.passwordCut.${which}`, { bytes: AES_256_PASSWORD_BYTES, count: chars }));
  return cut;
}

/** The bytes a text takes in UTF-8 (no Buffer here: this runs in the browser too). */
function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}
