import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * A clone of the project alone must pass its tests: nothing in it may read files from beside or above the checkout.
 * Every text file of the project is searched for the paths that once led out of it: a "shared" folder beside the
 * checkout and absolute paths under /work. (Relative paths climbing out in general cannot be told apart from the
 * hostile file names the tests send on purpose.)
 */

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const FOLDERS = ["test", "bench", "scripts", "server", "web", "catalog", ".ci"];
/** Built, installed, generated or git's own: not the project's files. */
const SKIPPED = new Set(["node_modules", "dist", "coverage", ".data", ".git"]);

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : filesUnder(full);
    return entry.isFile() ? [full] : [];
  });
}

function projectTextFiles(): string[] {
  const rootFiles = fs
    .readdirSync(ROOT, { withFileTypes: true })
    .filter((entry) => entry.isFile() && !SKIPPED.has(entry.name))
    .map((entry) => path.join(ROOT, entry.name));
  const all = [...rootFiles, ...FOLDERS.map((f) => path.join(ROOT, f)).filter((f) => fs.existsSync(f)).flatMap(filesUnder)];
  // The sample PDFs and images are binary; a NUL byte in the first bytes tells them apart.
  return all.filter((file) => !fs.readFileSync(file).subarray(0, 8000).includes(0));
}

const SIBLING_FOLDER = /\.\.\/shared\b/;
const WORK_PATH = /(?<![\w.~-])\/work\//;

describe("the project is self-contained", () => {
  const files = projectTextFiles();

  it("searches the project's files", () => {
    expect(files.some((f) => f.endsWith(path.join("test", "helpers", "corpus.ts")))).toBe(true);
    expect(files.some((f) => f.endsWith(path.join("test", "corpus", "minimal-document.pdf")))).toBe(false);
  });

  it("reads nothing from outside the checkout", () => {
    const found: string[] = [];
    for (const file of files) {
      const where = path.relative(ROOT, file);
      fs.readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, i) => {
          if (SIBLING_FOLDER.test(line) || WORK_PATH.test(line)) found.push(`${where}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});
