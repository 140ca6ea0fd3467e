import type { FastifyInstance } from "fastify";
import { LANGUAGE_TAGS, LOCALES, localizedPath } from "../../../catalog/locales.js";
import { APP_PAGE_PATHS, INFO_PAGE_PATHS } from "../../../catalog/site-pages.js";
import { TOOLS } from "../../../catalog/tools.js";

/** The pages every language has (aliases such as /e-sign are left out: they show another page). */
function pagePaths(): string[] {
  const tools = TOOLS.filter((tool) => tool.screen !== "api-only").map((tool) => `/${tool.id}`);
  return ["/", ...INFO_PAGE_PATHS, ...APP_PAGE_PATHS, ...tools];
}

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

/**
 * GET /sitemap.xml: every page in every language, each with its language versions (hreflang, x-default for
 * English). Addresses are absolute, as sitemaps require: on this server's own address, as the request reached it
 * (the same trust of proxy headers as everywhere: TRUST_PROXY).
 */
export function registerSitemapRoute(app: FastifyInstance): void {
  app.get("/sitemap.xml", async (request, reply) => {
    const origin = `${request.protocol}://${request.host}`;
    const url = (path: string) => escapeXml(origin + path);
    const entries = pagePaths().flatMap((path) => {
      const alternates = [
        ...LOCALES.map((l) => `    <xhtml:link rel="alternate" hreflang="${LANGUAGE_TAGS[l]}" href="${url(localizedPath(l, path))}"/>`),
        `    <xhtml:link rel="alternate" hreflang="x-default" href="${url(path)}"/>`,
      ].join("\n");
      return LOCALES.map((locale) => `  <url>\n    <loc>${url(localizedPath(locale, path))}</loc>\n${alternates}\n  </url>`);
    });
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      ...entries,
      "</urlset>",
      "",
    ].join("\n");
    return reply.type("application/xml; charset=utf-8").header("Cache-Control", "public, max-age=3600").send(xml);
  });
}
