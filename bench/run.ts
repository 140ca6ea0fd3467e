import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/**
 * `npm run bench`: runs every bench/*.bench.ts (or those named on the command line) one after the other, each
 * printing its own table. Benchmarks are never part of `npm test`.
 */
const dir = path.dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))
  .sort();

for (const file of files) {
  console.log(`\n## ${file.replace(".bench.ts", "")}\n`);
  const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { run(): Promise<void> };
  await mod.run();
}
process.exit(0);
