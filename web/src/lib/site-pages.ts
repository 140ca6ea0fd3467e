import type { TFunction } from "i18next";
import { APP_PAGE_PATHS, INFO_PAGE_PATHS, TOOL_ALIASES, type InfoPagePath } from "../../../catalog/site-pages.js";
import { TOOL_SUMMARIES } from "./tool-summaries.js";

/** The name of each information page in the catalogues: its title and description are common:pages.<name>. */
export const INFO_NAMESPACES: Readonly<Record<InfoPagePath, string>> = {
  "/about-us": "about",
  "/privacy-policy": "privacy",
  "/terms-of-service": "terms",
  "/features": "features",
  "/faq": "faq",
  "/testimonials": "testimonials",
  "/security": "security",
  "/contact": "contact",
};

/** The pages every language has: home, information pages, workflows, and each tool with a screen of its own. */
export function sitePagePaths(): string[] {
  const tools = TOOL_SUMMARIES.filter((tool) => tool.screen !== "api-only").map((tool) => `/${tool.id}`);
  return ["/", ...INFO_PAGE_PATHS, ...APP_PAGE_PATHS, ...Object.keys(TOOL_ALIASES), ...tools];
}

/** The namespaces a page's own texts live in (besides "common" and "tools", which every page has). */
export function pageNamespaces(path: string): string[] {
  if (path === "/") return ["home"];
  if (path in INFO_NAMESPACES || path === "/workflows") return [];
  return ["tool"];
}

/** A page's title and description, for its head (prerendered and in the app). */
export function pageTexts(path: string, t: TFunction, lifetime: string): { title: string; description: string } {
  if (path === "/") return { title: t("home:meta.title"), description: t("home:meta.description", { lifetime }) };
  const page = path === "/workflows" ? "workflows" : INFO_NAMESPACES[path as InfoPagePath];
  if (page) return { title: t(`common:pages.${page}.title`), description: t(`common:pages.${page}.description`) };
  const id = TOOL_ALIASES[path] ?? path.slice(1);
  return { title: t(`tools:${id}.name`), description: t(`tools:${id}.description`) };
}
