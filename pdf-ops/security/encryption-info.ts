import type { Permissions } from "../../catalog/options/security.js";
import { EngineFailure } from "../errors.js";
import type { QpdfJob } from "../qpdf-args.js";

/**
 * What qpdf says about a file's encryption, read back after protecting (to report what the file really allows) and
 * before unlocking (to know which password was given and what the restrictions are).
 */
export interface EncryptionInfo {
  encrypted: boolean;
  /** The standard security handler's revision: 2 and 3 RC4, 4 RC4 or AES-128, 6 AES-256. */
  revision?: number;
  /** Which password opened the file, when one was supplied and accepted. */
  suppliedPassword?: "owner" | "user";
  /** The user password, which qpdf recovers when the owner password was supplied. */
  userPassword?: string;
  permissions?: Permissions;
  /** qpdf's name for the stream cipher: RC4, AESv2 (AES-128) or AESv3 (AES-256). */
  streamMethod?: string;
}

/** The line qpdf prints for each permission in --show-encryption. */
const PERMISSION_LINES: Record<keyof Permissions, string> = {
  printing: "print high resolution",
  modifying: "modify other",
  copying: "extract for any purpose",
  annotating: "modify annotations",
  fillingForms: "modify forms",
  contentAccessibility: "extract for accessibility",
  documentAssembly: "modify document assembly",
};

export function parseShowEncryption(out: string): EncryptionInfo {
  if (/File is not encrypted/.test(out)) return { encrypted: false };
  const line = (label: string) => new RegExp(`^${label}: (.*)$`, "m").exec(out)?.[1]?.trim();
  const permissions = Object.fromEntries(
    Object.entries(PERMISSION_LINES).map(([key, label]) => [key, line(label) === "allowed"]),
  ) as unknown as Permissions;
  const supplied = /Supplied password is (owner|user) password/.exec(out)?.[1] as "owner" | "user" | undefined;
  // "User password = x" is printed only when qpdf could recover it (the owner password was supplied).
  const userPassword = /^User password = (.*)$/m.exec(out)?.[1];
  return {
    encrypted: true,
    revision: Number(/^R = (\d+)/m.exec(out)?.[1]),
    ...(supplied ? { suppliedPassword: supplied } : {}),
    ...(userPassword !== undefined ? { userPassword } : {}),
    permissions,
    ...(line("stream encryption method") ? { streamMethod: line("stream encryption method") } : {}),
  };
}

/** The qpdf job that reports a file's encryption, opened with the given password (or none). */
export function encryptionQuery(file: string, password: string | undefined): QpdfJob {
  return { inputFile: file, ...(password !== undefined ? { password } : {}), showEncryption: "" };
}

/**
 * What that job printed. A password that opens nothing is a "wrong-password" failure; a file that needs a password
 * when none is given, an "encrypted" one.
 */
export function encryptionFromReport(stdout: string, password: string | undefined): EncryptionInfo {
  // qpdf still prints the parameters when the password is wrong (or missing), after saying so.
  if (/Incorrect password supplied/.test(stdout)) throw new EngineFailure(password !== undefined ? "wrong-password" : "encrypted", "qpdf", "invalid password");
  return parseShowEncryption(stdout);
}

export function describeCipher(info: EncryptionInfo): string {
  if (info.streamMethod === "AESv3") return "AES-256";
  if (info.streamMethod === "AESv2") return "AES-128";
  if (info.revision === 2) return "RC4 40-bit";
  return "RC4 128-bit";
}
