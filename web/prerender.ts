import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { compressBuild } from "./compress-build.js";

/**
 * After `vite build` (the app) and `vite build --ssr` (web/src/entry-server.tsx): writes the home page's HTML into
 * dist/web/index.html, and keeps the empty shell as dist/web/shell.html for every other address, where the
 * router decides what to show. Then every text file gets its compressed copies.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const webDir = path.join(root, "dist/web");
const { renderHome } = (await import(pathToFileURL(path.join(root, "dist/web-ssr/entry-server.js")).href)) as { renderHome(): string };

const shell = fs.readFileSync(path.join(webDir, "index.html"), "utf8");
const marker = '<div id="root"></div>';
if (!shell.includes(marker)) throw new Error("dist/web/index.html has no empty root to fill; was it prerendered already?");
fs.writeFileSync(path.join(webDir, "shell.html"), shell);
// The rendered page needs no script to paint, so its scripts load at low priority, after what is on screen.
const home = shell
  .replace(marker, `<div id="root">${renderHome()}</div>`)
  .replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"');
fs.writeFileSync(path.join(webDir, "index.html"), home);
fs.rmSync(path.join(root, "dist/web-ssr"), { recursive: true, force: true });
compressBuild(webDir);
console.log("prerendered the home page into dist/web/index.html and compressed the build");
