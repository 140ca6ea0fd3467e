import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { processFolder } from "./process-folder.js";

/**
 * The script an engine child runs, from the build or from source. The build's JavaScript runs as it is. From source
 * (development and tests) the child's TypeScript and the project's modules it imports are bundled into one plain
 * JavaScript file, once per server process, with the packages it imports read where they are installed. A
 * TypeScript loader in each child would start a compiler and transform the same modules again in every child, at a
 * cost larger than the engine's own start, and every job starts a child of its own.
 */
const bundles = new Map<string, string>();

/** The file to run for the child script `source` (beside its caller: `.ts` from source, `.js` in the build). */
export function childScript(source: URL): string {
  const file = fileURLToPath(source);
  if (!file.endsWith(".ts")) return file;
  let entry = bundles.get(file);
  if (!entry) {
    entry = bundle(file);
    bundles.set(file, entry);
  }
  return entry;
}

function bundle(file: string): string {
  // esbuild comes with the TypeScript tooling that running from source needs anyway; the build never loads it.
  const esbuild = createRequire(import.meta.url)("esbuild") as typeof import("esbuild");
  // Beside the installed packages, so that the bundle's imports of them resolve as the sources' do.
  const cache = path.join(nodeModulesOf(file), ".cache");
  fs.mkdirSync(cache, { recursive: true });
  // A sandboxed child runs as another user: it must be able to read the bundle.
  const folder = processFolder("pdf-toolbox-child-", { parent: cache, mode: 0o755 });
  // Named as the source is (mupdf/child.mjs), so that a process list still tells which engine a child serves.
  const entry = path.join(folder, path.basename(path.dirname(file)), `${path.basename(file, ".ts")}.mjs`);
  esbuild.buildSync({
    entryPoints: [file],
    outfile: entry,
    bundle: true,
    packages: "external",
    platform: "node",
    format: "esm",
    target: `node${process.versions.node}`,
    logLevel: "silent",
  });
  fs.chmodSync(path.dirname(entry), 0o755);
  fs.chmodSync(entry, 0o644);
  return entry;
}

/** The node_modules folder that `file`'s imports of packages resolve in. */
function nodeModulesOf(file: string): string {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "node_modules");
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`no node_modules above ${file}`);
  }
}
