import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Resource, TFunction } from "i18next";
import { DEFAULT_FILE_TTL_SECONDS, lifetimeParts } from "../catalog/lifetime.js";
import { LANGUAGE_TAGS, LOCALES, textDirection, type Locale } from "../catalog/locales.js";
import { compressBuild } from "./compress-build.js";
import { incompleteLocales, namespaces, readCatalogue } from "./i18n-catalogues.js";

/**
 * After `vite build` (the app) and `vite build --ssr` (web/src/entry-server.tsx): writes every page of the site in
 * every language into dist/web/pages/<locale>/<page>.html (the home page as "index", the not-found page as "404"):
 * its <html lang> and dir, title, description, social tags, canonical link, the same page in the other languages
 * (hreflang) and structured data, with the catalogues the page shows embedded so it needs no request for them.
 * The home pages are rendered whole, so they paint before their JavaScript has loaded; the other pages keep the
 * empty root, where the router decides what to show. dist/web/index.html stays the English home page and
 * dist/web/shell.html the empty English shell. Then every text file gets its compressed copies.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const webDir = path.join(root, "dist/web");

interface Server {
  switchLocale(locale: Locale, resources: Resource): TFunction;
  renderPage(locale: Locale, path: string): string;
  sitePagePaths(): string[];
  pageNamespaces(path: string): string[];
  pageTexts(path: string, t: TFunction, lifetime: string): { title: string; description: string };
  headTags: typeof import("./src/lib/page-head.js").headTags;
  siteStructuredData: typeof import("./src/lib/page-head.js").siteStructuredData;
}
const server = (await import(pathToFileURL(path.join(root, "dist/web-ssr/entry-server.js")).href)) as Server;

const shell = fs.readFileSync(path.join(webDir, "index.html"), "utf8");
const marker = '<div id="root"></div>';
if (!shell.includes(marker)) throw new Error("dist/web/index.html has no empty root to fill; was it prerendered already?");

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
/** JSON inside a <script> element: "<" escaped, so that no text can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/** The template's own page-specific head tags, replaced by each page's. */
const TEMPLATE_TAGS = /\s*<(?:title>[^<]*<\/title|meta (?:name="(?:description|robots|twitter:title|twitter:description)"|property="og:(?:title|description)")[^>]*)>/g;

function headHtml(tags: ReturnType<Server["headTags"]>, site: object[]): string {
  return [
    `<title>${escapeHtml(tags.title)}</title>`,
    ...tags.meta.map(({ attribute, key, content }) => `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`),
    ...tags.links.map(({ rel, hreflang, href }) => `<link rel="${rel}"${hreflang ? ` hreflang="${hreflang}"` : ""} href="${escapeHtml(href)}" />`),
    `<script type="application/ld+json" id="site-ld">${scriptJson(site)}</script>`,
    ...(tags.breadcrumbs ? [`<script type="application/ld+json" id="breadcrumbs-ld">${scriptJson(tags.breadcrumbs)}</script>`] : []),
  ]
    .map((line) => `    ${line}`)
    .join("\n");
}

function allCatalogues(locale: Locale): Resource {
  const locales: Locale[] = locale !== "en" && incompleteLocales().includes(locale) ? [locale, "en"] : [locale];
  return Object.fromEntries(locales.map((l) => [l, Object.fromEntries(namespaces().map((ns) => [ns, readCatalogue(l, ns)]))]));
}

/** The catalogues a page shows, for embedding: the common ones and its own, in its language (and English where it has gaps). */
function embedded(all: Resource, namespacesShown: string[]): Resource {
  return Object.fromEntries(
    Object.entries(all).map(([locale, byNamespace]) => [locale, Object.fromEntries(namespacesShown.map((ns) => [ns, byNamespace[ns] ?? {}]))]),
  );
}

function page(locale: Locale, pagePath: string, t: TFunction, all: Resource, body: string, robots?: "noindex, follow"): string {
  const lifetimeKey = lifetimeParts(DEFAULT_FILE_TTL_SECONDS);
  const lifetime = t(`common:lifetime.${lifetimeKey.unit}`, { count: lifetimeKey.count });
  const texts =
    pagePath === "/404" ? { title: t("common:notFound.title"), description: t("common:notFound.description") } : server.pageTexts(pagePath, t, lifetime);
  const metaPath = pagePath === "/404" ? "/not-found" : pagePath;
  const fullTitle = pagePath === "/" ? t("common:meta.homeTitle") : t("common:meta.pageTitle", { title: texts.title });
  const tags = server.headTags({ ...texts, path: metaPath, robots }, locale, "", fullTitle, t("common:meta.home"));
  const site = server.siteStructuredData("", t("common:siteName"), locale);
  const shown = embedded(all, ["common", "tools", ...(pagePath === "/404" ? [] : server.pageNamespaces(pagePath))]);
  return shell
    .replace('<html lang="en">', `<html lang="${LANGUAGE_TAGS[locale]}" dir="${textDirection(locale)}">`)
    .replace(TEMPLATE_TAGS, "")
    .replace(/<noscript>[\s\S]*?<\/noscript>/, `<noscript>${escapeHtml(t("common:noscript"))} <a href="/api/docs">/api/docs</a></noscript>`)
    .replace("</head>", `${headHtml(tags, site)}\n  </head>`)
    .replace(marker, `<div id="root">${body}</div>\n    <script type="application/json" id="i18n-resources">${scriptJson(shown)}</script>`);
}

const pagesDir = path.join(webDir, "pages");
let count = 0;
for (const locale of LOCALES) {
  const all = allCatalogues(locale);
  const t = server.switchLocale(locale, all);
  fs.mkdirSync(path.join(pagesDir, locale), { recursive: true });
  for (const pagePath of [...server.sitePagePaths(), "/404"]) {
    const body = pagePath === "/" ? server.renderPage(locale, "/") : "";
    let html = page(locale, pagePath, t, all, body, pagePath === "/404" ? "noindex, follow" : undefined);
    // A rendered page needs no script to paint, so its scripts load at low priority, after what is on screen.
    if (body) html = html.replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"');
    const name = pagePath === "/" ? "index" : pagePath.slice(1);
    fs.writeFileSync(path.join(pagesDir, locale, `${name}.html`), html);
    count++;
  }
}
fs.writeFileSync(path.join(webDir, "shell.html"), shell);
fs.copyFileSync(path.join(pagesDir, "en", "index.html"), path.join(webDir, "index.html"));
fs.rmSync(path.join(root, "dist/web-ssr"), { recursive: true, force: true });
compressBuild(webDir);
console.log(`prerendered ${count} pages in ${LOCALES.length} languages into dist/web/pages and compressed the build`);
