import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { splitLocalePath, type Locale } from "../../../catalog/locales.js";
import { APP_PAGE_PATHS, INFO_PAGE_PATHS, TOOL_ALIASES } from "../../../catalog/site-pages.js";
import { findTool } from "../../../catalog/tools.js";

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The built app: dist/web seen from the sources run with tsx (server/http/routes), then from the compiled server
 * (dist/server/http/routes). The sources' own web/ folder also has an index.html, so the order matters.
 */
export function findWebRoot(): string | undefined {
  const candidates = [process.env.WEB_DIR, path.resolve(here, "../../../dist/web"), path.resolve(here, "../../../web")];
  return candidates.find((dir): dir is string => Boolean(dir) && fs.existsSync(path.join(dir!, "index.html")));
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".woff2": "font/woff2",
  // WebAssembly.compileStreaming takes only this type.
  ".wasm": "application/wasm",
};

/** A file of the build inside root, or undefined; never a path that escapes root. */
function resolveAsset(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const file = path.resolve(root, "." + path.posix.normalize(decoded));
  if (!file.startsWith(root + path.sep)) return undefined;
  try {
    return fs.statSync(file).isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The page the web app has at `urlPath`, in any language ("/merge-pdf", "/de/merge-pdf", "/ja/tool/merge-pdf"): its
 * locale and its name among the prerendered pages ("index", "about-us", "merge-pdf"); undefined where there is none.
 */
export function sitePage(urlPath: string): { locale: Locale; name: string } | undefined {
  const { locale, path: pagePath } = splitLocalePath(urlPath);
  const pages: readonly string[] = [...INFO_PAGE_PATHS, ...APP_PAGE_PATHS];
  if (pagePath === "/") return { locale, name: "index" };
  if (pages.includes(pagePath) || pagePath in TOOL_ALIASES) return { locale, name: pagePath.slice(1) };
  const id = /^\/(?:tool\/)?([a-z0-9-]{1,60})$/.exec(pagePath)?.[1];
  const tool = id === undefined ? undefined : findTool(id);
  return tool !== undefined && tool.screen !== "api-only" ? { locale, name: tool.id } : undefined;
}

/** Whether the web app has a page at `urlPath`: the home page, an information page, or a tool's screen, in any language. */
export function isSitePage(urlPath: string): boolean {
  return sitePage(urlPath) !== undefined;
}

/**
 * The HTML for a page: its prerendered file in its language (web/prerender.ts), the not-found page in the
 * language of the address's prefix, or, from a build without them, the home page or the empty shell.
 */
function pageFile(root: string, urlPath: string): string {
  const page = sitePage(urlPath);
  const { locale } = splitLocalePath(urlPath);
  const prerendered = path.join(root, "pages", locale, `${page?.name ?? "404"}.html`);
  if (fs.existsSync(prerendered)) return prerendered;
  const shell = path.join(root, "shell.html");
  return urlPath === "/" || !fs.existsSync(shell) ? path.join(root, "index.html") : shell;
}

/** The build's precompressed copy (web/compress-build.ts) that the browser accepts, if there is one. */
function compressedCopy(file: string, acceptEncoding: string): { file: string; encoding: string } | undefined {
  for (const [encoding, suffix] of [["br", ".br"], ["gzip", ".gz"]] as const) {
    if (new RegExp(`\\b${encoding}\\b`).test(acceptEncoding) && fs.existsSync(file + suffix)) return { file: file + suffix, encoding };
  }
  return undefined;
}

function sendFile(request: FastifyRequest, reply: FastifyReply, file: string, cache: string): FastifyReply {
  const compressed = compressedCopy(file, String(request.headers["accept-encoding"] ?? ""));
  reply.header("Cache-Control", cache).header("Vary", "Accept-Encoding").type(TYPES[path.extname(file)] ?? "application/octet-stream");
  if (compressed) reply.header("Content-Encoding", compressed.encoding);
  return reply.send(fs.createReadStream(compressed?.file ?? file));
}

/**
 * Serves the built web app. Files under /assets/ carry a content hash in their names, so they are cached for a
 * year; every other path that is not a file gets the app, whose router shows the page, or its not-found page at an
 * address it has no page for, which is then answered with a 404 status and noindex. /api/ paths are never answered
 * here.
 */
export function registerWebRoutes(app: FastifyInstance): void {
  const root = findWebRoot();
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const urlPath = request.url.split("?")[0]!;
    if (urlPath.startsWith("/api/")) return reply.callNotFound();
    if (!root) {
      return reply
        .status(503)
        .type("text/plain; charset=utf-8")
        .send("The web app is not built. Run `npm run build`; the API is at /api/docs.");
    }
    const asset = urlPath === "/" ? undefined : resolveAsset(root, urlPath);
    if (asset) {
      const immutable = urlPath.startsWith("/assets/");
      return sendFile(request, reply, asset, immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600");
    }
    if (urlPath.startsWith("/assets/")) return reply.callNotFound();
    if (!isSitePage(urlPath)) reply.status(404).header("X-Robots-Tag", "noindex");
    return sendFile(request, reply, pageFile(root, urlPath), "no-cache");
  };
  app.get("/", handler);
  app.get("/*", handler);
}
