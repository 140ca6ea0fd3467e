import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The real-world sample PDFs in test/corpus (see its README). Read-only: copy what a test changes. */
export const CORPUS_DIR = fileURLToPath(new URL("../corpus/", import.meta.url));

export function corpus(name: string): string {
  return path.join(CORPUS_DIR, name);
}

export function corpusPdfs(): string[] {
  return fs
    .readdirSync(CORPUS_DIR)
    .filter((f) => f.endsWith(".pdf"))
    .sort()
    .map((f) => path.join(CORPUS_DIR, f));
}

/** The corpus file that needs a password to open (user "openpassword", owner "permissionpassword"). */
export const ENCRYPTED_PDF = "libreoffice-writer-password.pdf";
