import { randomBytes } from "node:crypto";

/** 144 random bits, URL-safe: download links cannot be guessed or enumerated. */
export function newId(): string {
  return randomBytes(18).toString("base64url");
}

export function isId(text: string): boolean {
  return /^[A-Za-z0-9_-]{24}$/.test(text);
}
