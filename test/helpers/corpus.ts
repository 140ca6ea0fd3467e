import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The shared real-world PDFs, beside the project as ../shared/corpus. Read-only: copy what a test changes. */
export const CORPUS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../shared/corpus");

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
