import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";

/**
 * Headers every response carries. The Content-Security-Policy admits only this server's own scripts plus the inline
 * scripts of the built pages, by hash (the theme script that must run before the first paint), so that a script
 * injected into a page, or a produced HTML/SVG file opened from a download link, cannot run or reach another site.
 * Styles allow 'unsafe-inline' because the prerendered markup and the UI library set style attributes; styles
 * cannot run code. Nothing may frame the site (clickjacking) and no referrer leaves it.
 */

/** The sha256 sources of the inline <script> elements in the build's HTML files, for script-src. */
export function inlineScriptHashes(webRoot: string | undefined): string[] {
  if (!webRoot) return [];
  const hashes = new Set<string>();
  for (const file of fs.readdirSync(webRoot).filter((f) => f.endsWith(".html"))) {
    const html = fs.readFileSync(path.join(webRoot, file), "utf8");
    for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
      hashes.add(`'sha256-${createHash("sha256").update(match[1]!, "utf8").digest("base64")}'`);
    }
  }
  return [...hashes];
}

export function contentSecurityPolicy(scriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    // 'wasm-unsafe-eval' admits WebAssembly only (the device worker's qpdf and MuPDF), not eval or new Function.
    `script-src 'self' 'wasm-unsafe-eval' ${scriptHashes.join(" ")}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    // Page previews are drawn to canvases and shown from blob: URLs; icons may be data: URLs.
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The headers, computed once at start (the built pages' script hashes with them). */
export function securityHeaders(webRoot: string | undefined): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(inlineScriptHashes(webRoot)),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
  };
}

export function registerSecurityHeaders(app: FastifyInstance, headers: Record<string, string>): void {
  app.addHook("onSend", async (_request, reply) => {
    reply.headers(headers);
  });
}
