import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../../catalog/locales.js";

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../dist/web");
const INITIAL_JS_LIMIT_KB = 150;

/** The scripts a prerendered page loads before anything else: its entry and the chunks it preloads. */
function initialScripts(html: string): string[] {
  return [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
}

const gzipKb = (asset: string) => zlib.gzipSync(fs.readFileSync(path.join(webDir, asset)), { level: 9 }).length / 1024;

describe("the built home page's weight", () => {
  it.each([...LOCALES])("loads at most 150 KB of gzipped JavaScript at first in %s, and no engine", (code) => {
    const html = fs.readFileSync(path.join(webDir, "pages", code, "index.html"), "utf8");
    const scripts = initialScripts(html);
    expect(scripts.length).toBeGreaterThan(0);
    const total = scripts.reduce((sum, asset) => sum + gzipKb(asset), 0);
    expect(total).toBeLessThanOrEqual(INITIAL_JS_LIMIT_KB);
    // The on-device engines load when a tool first runs on the device, never with the home page.
    expect(scripts.filter((s) => /mupdf|qpdf|pdf-lib|pdf\.worker|device/i.test(s))).toEqual([]);
  });
});
