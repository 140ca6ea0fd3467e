// The npm registry this project installs from lacks the macOS, Windows and 32-bit ARM builds of msgpackr-extract
// (an optional speed-up of bullmq's msgpackr). `npm install` then leaves them out of package-lock.json, and
// `npm ci` refuses the lock as out of sync. This puts placeholder entries back: npm skips them on other platforms
// anyway, and msgpackr falls back to plain JavaScript where no build is installed. Run it after `npm install`.
import fs from "node:fs";

const LOCK = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(fs.readFileSync(LOCK, "utf8"));
const extract = lock.packages["node_modules/msgpackr-extract"];
for (const [name, version] of Object.entries(extract?.optionalDependencies ?? {})) {
  const key = `node_modules/${name}`;
  if (lock.packages[key]) continue;
  const [os, cpu] = name.replace("@msgpackr-extract/msgpackr-extract-", "").split("-");
  lock.packages[key] = { version, cpu: [cpu], license: "MIT", optional: true, os: [os] };
}
const [root, ...rest] = Object.entries(lock.packages);
lock.packages = Object.fromEntries([root, ...rest.sort(([a], [b]) => a.localeCompare(b, "en"))]);
fs.writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
